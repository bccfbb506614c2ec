import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { Problem } from '../src/shared/problem.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.addAccount();
  token = await server.token(account, ['catalog:read']);
});
afterAll(() => server.stop());

const get = (path: string, auth: string | null = token) =>
  fetch(`${server.url}${path}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} });

describe('GET /api/agent/catalog/search', () => {
  it('returns exactly the spec shape with at most 20 ranked results', async () => {
    const res = await get('/api/agent/catalog/search?query=mass%20spectrometry');
    expect(res.status).toBe(200);
    const body = SearchResponse.parse(await res.json());
    expect(body.results.length).toBe(20);
    expect(body.truncated).toBe(true);
    expect(body.results[0]!.title.toLowerCase()).toContain('mass spectrometry');
  });

  it('rejects a missing token with 401 and a Bearer challenge', async () => {
    const res = await get('/api/agent/catalog/search?query=microscope', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata=/);
    Problem.parse(await res.json());
  });

  it.each([
    ['too short', '?query=a'],
    ['missing', ''],
    ['whitespace only', '?query=%20%20%20'],
    ['repeated', '?query=ab&query=cd'],
    ['unknown parameter', '?query=ab&limit=5'],
    ['too long', `?query=${'a'.repeat(121)}`],
  ])('400 for a %s query', async (_label, qs) => {
    const res = await get(`/api/agent/catalog/search${qs}`);
    expect(res.status).toBe(400);
    expect(Problem.parse(await res.json()).code).toBe('invalid_request');
  });

  it('counts the 2–120 bound in code points, not UTF-16 units', async () => {
    const astral = '😀'.repeat(120); // 240 UTF-16 units, 120 code points
    const res = await get(`/api/agent/catalog/search?query=${encodeURIComponent(astral)}`);
    expect(res.status).toBe(200);
  });
});

describe('GET /api/agent/catalog/record', () => {
  it('returns exactly the record shape, with the colon encoded or not', async () => {
    const search = SearchResponse.parse(await (await get('/api/agent/catalog/search?query=scanning%20electron%20microscope')).json());
    const id = search.results[0]!.id;
    for (const encoded of [encodeURIComponent(id), id]) {
      const res = await get(`/api/agent/catalog/record?id=${encoded}`);
      expect(res.status).toBe(200);
      const record = CatalogRecord.parse(await res.json());
      expect(record.id).toBe(id);
      expect(record.metadata.verifiedAt).toBeNull();
      expect(record.metadata.availability).toBe('unknown');
      expect(record.metadata.limitations.join(' ')).toMatch(/confirm them with the facility/);
    }
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await get('/api/agent/catalog/record?id=technique:NOT-A-UUID')).status).toBe(400);
    const res = await get('/api/agent/catalog/record?id=technique%3A00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(Problem.parse(await res.json()).code).toBe('not_found');
  });
});

describe('methods other than GET', () => {
  it.each([
    ['POST', '/api/agent/catalog/search?query=microscope'],
    ['PUT', '/api/agent/catalog/record?id=technique%3A00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/agent/catalog/record?id=x'],
  ])('%s %s is 405 with Allow: GET, HEAD and the problem body', async (method, path) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(Problem.parse(await res.json()).code).toBe('method_not_allowed');
  });
});
