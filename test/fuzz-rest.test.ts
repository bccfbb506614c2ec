// Hostile input at the REST entry points (issue 8): arbitrary strings, astral characters,
// lone surrogates, RTL and control characters, percent-encodings, repeated and oversized
// parameters. Every request ends in a documented status with the problem body — never a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { anyString } from './support/hostile-input.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  // Each call of the clock is a minute later, so per-minute pacing never masks a real answer.
  let tick = 0;
  server = await startTestServer({ limits: 'variant-a' }, { now: () => new Date(Date.UTC(2030, 0, 1) + tick++ * 61_000) });
  const account = await server.addAccount({ plan: 'paid', paidUntil: '2999-12-31' });
  token = await server.token(account, ['catalog:read']);
});
afterAll(() => server.stop());

// Raw request line so that invalid percent-encodings reach the server unchanged.
async function rawGet(pathAndQuery: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.text() };
}

const hostileText = fc.oneof(
  anyString(200),
  fc.string({ unit: 'grapheme', maxLength: 130 }),
  fc.constantFrom('\uD800', 'a\uDC00b', '\u202Eabc', '\u0000\u0001', '%', '%zz', '%E0%A4%A', '😀'.repeat(121), ' '.repeat(5), 'ab'.repeat(61)),
);

function encodeLoose(value: string): string {
  // encodeURIComponent throws on lone surrogates; send their UTF-8 replacement like a browser would.
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.toWellFormed());
  }
}


describe('REST under hostile input', () => {
  it('search never answers 5xx and always with a documented shape', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, fc.boolean(), async (query, rawPercent) => {
        const qs = rawPercent ? `query=${query.replace(/[#\s]/g, '+')}` : `query=${encodeLoose(query)}`;
        const { status, body } = await rawGet(`/api/agent/catalog/search?${qs}`);
        expect([200, 400]).toContain(status);
        const json = JSON.parse(body);
        if (status === 200) SearchResponse.parse(json);
        else Problem.parse(json);
      }),
      { numRuns: 25 },
    );
  });

  it('record never answers 5xx for arbitrary ids', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (id) => {
        const { status, body } = await rawGet(`/api/agent/catalog/record?id=${encodeLoose(id)}`);
        expect([400, 404]).toContain(status);
        Problem.parse(JSON.parse(body));
      }),
      { numRuns: 25 },
    );
  });

  it('repeated, oversized and unknown parameters are 400', async () => {
    for (const qs of [
      'query=ab&query=ab',
      `query=${'x'.repeat(100_000)}`,
      'query[]=ab',
      'query[a]=ab',
      'id=technique%3A00000000-0000-4000-8000-000000000000&id=x',
      'query=ab&%00=1',
    ]) {
      const path = qs.startsWith('id') ? '/api/agent/catalog/record' : '/api/agent/catalog/search';
      const { status, body } = await rawGet(`${path}?${qs}`);
      expect([400, 414, 431]).toContain(status);
      if (status === 400) expect(Problem.parse(JSON.parse(body)).code).toBe('invalid_request');
    }
  });

  it('arbitrary Authorization headers are 401 (or 400), never 5xx, and never let a request through', async () => {
    const scheme = fc.constantFrom('Bearer ', 'bearer ', 'Basic ', 'Bearer  ', '', 'Token ', 'Bearer rcat_at_', 'Bearer rcat_oa_', 'Bearer rcat_rt_', 'Bearer rcat_ws_');
    // fetch refuses control characters in a header value (Node's HTTP parser would too), so
    // the value is printable ASCII and tabs; everything else in it is fair game.
    const rest = fc.string({ unit: 'binary-ascii', maxLength: 120 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, ''));
    await fc.assert(
      fc.asyncProperty(scheme, rest, async (prefix, value) => {
        const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `${prefix}${value}`.trim() || 'x' } });
        const body = await res.text();
        expect([400, 401]).toContain(res.status);
        expect(Problem.parse(JSON.parse(body)).code).not.toBe('internal');
        if (res.status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }),
      { numRuns: 60 },
    );
  });

  it('a valid record read still works after the barrage', async () => {
    const search = SearchResponse.parse(JSON.parse((await rawGet('/api/agent/catalog/search?query=chromatography')).body));
    const { status, body } = await rawGet(`/api/agent/catalog/record?id=${encodeURIComponent(search.results[0]!.id)}`);
    expect(status).toBe(200);
    CatalogRecord.parse(JSON.parse(body));
  });
});
