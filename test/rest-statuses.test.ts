// Every status of the REST interface (spec sections 4.1, 4.2, 7), provoked against the real
// server on port 0, each body checked two ways: the strict zod wire shapes (no extra field
// anywhere) and the JSON Schemas of the OpenAPI document the server serves.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Problem } from '../src/shared/problem.js';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { startTestServer, type TestServer } from './support/server.js';

const StrictProblem = z.strictObject(Problem.shape);
type Doc = {
  paths: Record<string, { get: { responses: Record<string, { headers?: Record<string, { required?: boolean }>; content: Record<string, { schema: { $ref: string } }> }> } }>;
  components: { schemas: Record<string, object> };
};

let nowMs = Date.now();
let server: TestServer;
let doc: Doc;
const validators = new Map<string, (v: unknown) => boolean>();
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(nowMs) });
  doc = (await (await fetch(`${server.url}/api/agent/openapi.json`)).json()) as Doc;
  for (const [name, schema] of Object.entries(doc.components.schemas)) validators.set(name, ajv.compile(schema));
});
afterAll(() => server.stop());

const SEARCH = '/api/agent/catalog/search';
const RECORD = '/api/agent/catalog/record';

async function call(p: string, token: string | null, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${p}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : null, contentType: res.headers.get('content-type') ?? '' };
}

/** Checks a response against the OpenAPI document: status described, schema valid, required headers present. */
function expectDescribed(p: string, r: Awaited<ReturnType<typeof call>>) {
  const described = doc.paths[p]!.get.responses[String(r.status)];
  expect(described, `status ${r.status} of ${p} is described`).toBeDefined();
  const mediaType = r.contentType.split(';')[0]!.trim();
  const media = described!.content[mediaType];
  expect(media, `${mediaType} for ${r.status} is described`).toBeDefined();
  const validate = validators.get(media!.schema.$ref.split('/').pop()!)!;
  expect(validate(r.body), JSON.stringify((validate as unknown as { errors: unknown }).errors)).toBe(true);
  for (const [name, header] of Object.entries(described!.headers ?? {})) {
    if (header.required) expect(r.res.headers.get(name), `header ${name}`).not.toBeNull();
  }
}

function expectProblem(r: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.contentType).toMatch(/^application\/problem\+json/);
  const body = StrictProblem.parse(r.body);
  expect(body).toMatchObject({ status, code });
  expect(body.title.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(js|ts):\d+/); // never a stack trace
  return body;
}

async function freshToken(scopes?: Parameters<TestServer['token']>[1], days?: number) {
  return server.token(await server.addAccount(), scopes ?? ['catalog:read'], days);
}

describe('200', () => {
  it('search and record answer exactly the spec shapes', async () => {
    const token = await freshToken();
    const s = await call(`${SEARCH}?query=confocal%20microscope`, token);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^application\/json/);
    const results = SearchResponse.parse(s.body);
    expectDescribed(SEARCH, s);
    const r = await call(`${RECORD}?id=${encodeURIComponent(results.results[0]!.id)}`, token);
    expect(r.status).toBe(200);
    CatalogRecord.parse(r.body);
    expectDescribed(RECORD, r);
    expect(r.res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('400', () => {
  it.each([
    [SEARCH, ''],
    [SEARCH, '?query='],
    [SEARCH, '?query=a'],
    [SEARCH, `?query=${'x'.repeat(121)}`],
    [SEARCH, '?query=%20%09%20'],
    [SEARCH, '?query=ab&query=cd'],
    [SEARCH, '?query[a]=microscope'],
    [SEARCH, '?query=microscope&page=2'],
    [SEARCH, '?query=micro%00scope'],
    [SEARCH, '?query=%ED%A0%80%ED%A0%80'], // lone surrogates, not UTF-8
    [RECORD, ''],
    [RECORD, '?id=technique:not-a-uuid'],
    [RECORD, '?id=TECHNIQUE%3A2387E86A-2465-563A-9943-02CC11005EB4'],
    [RECORD, '?id=widget%3A2387e86a-2465-563a-9943-02cc11005eb4'],
    [RECORD, '?id=technique%3A2387e86a-2465-563a-9943-02cc11005eb4&id=x'],
    [RECORD, '?id=technique%3A2387e86a-2465-563a-9943-02cc11005eb4&verbose=1'],
  ])('%s%s → 400 invalid_request naming the parameter', async (p, qs) => {
    const r = await call(`${p}${qs}`, await freshToken());
    const body = expectProblem(r, 400, 'invalid_request');
    expect(body.errors?.length).toBeGreaterThan(0);
    expectDescribed(p, r);
  });
});

describe('401', () => {
  it.each([
    ['no Authorization header', null, {}],
    ['a Basic header', null, { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', null, { authorization: 'Bearer ' }],
    ['an unknown agent token', 'rcat_at_' + 'A'.repeat(43), {}],
    ['a token of no known kind', 'not-a-token', {}],
  ])('%s → 401 with a Bearer challenge', async (_label, token, headers) => {
    for (const p of [SEARCH, RECORD]) {
      const r = await call(`${p}?${p === SEARCH ? 'query=microscope' : 'id=technique%3A2387e86a-2465-563a-9943-02cc11005eb4'}`, token, headers);
      expectProblem(r, 401, r.body.code);
      expect(['unauthorized']).toContain(r.body.code);
      expect(r.res.headers.get('www-authenticate')).toMatch(/^Bearer realm="rcat", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource"/);
      expectDescribed(p, r);
    }
  });

  it('a revoked token → 401 token_revoked', async () => {
    const account = await server.addAccount();
    const token = await server.token(account, ['catalog:read']);
    const [record] = await server.deps.store.agentTokens.listForAccount(account.id);
    await server.deps.store.agentTokens.revoke(record!.id, new Date(nowMs).toISOString());
    const r = await call(`${SEARCH}?query=microscope`, token);
    expectProblem(r, 401, 'token_revoked');
    expect(r.res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expectDescribed(SEARCH, r);
  });

  it('an expired token → 401 token_expired (controllable clock)', async () => {
    const token = await freshToken(['catalog:read'], 1);
    expect((await call(`${SEARCH}?query=microscope`, token)).status).toBe(200);
    nowMs += 2 * 86_400_000;
    try {
      const r = await call(`${SEARCH}?query=microscope`, token);
      expectProblem(r, 401, 'token_expired');
      expect(r.res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      expectDescribed(SEARCH, r);
    } finally {
      nowMs -= 2 * 86_400_000;
    }
  });
});

describe('403', () => {
  it('a token without catalog:read → 403 insufficient_scope naming the scope', async () => {
    const token = await freshToken(['projects:read', 'shortlist:write']);
    for (const p of [`${SEARCH}?query=microscope`, `${RECORD}?id=technique%3A2387e86a-2465-563a-9943-02cc11005eb4`]) {
      const r = await call(p, token);
      const body = expectProblem(r, 403, 'insufficient_scope');
      expect(body.requiredScope).toBe('catalog:read');
      expect(body.detail).toContain('catalog:read');
      expect(r.res.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="catalog:read"/);
      expectDescribed(p.split('?')[0]!, r);
    }
  });

  it('a disabled account → 403 account_disabled', async () => {
    const account = await server.addAccount();
    const token = await server.token(account, ['catalog:read']);
    await server.deps.store.accounts.update(account.id, { disabled: true });
    const r = await call(`${SEARCH}?query=microscope`, token);
    expectProblem(r, 403, 'account_disabled');
    expectDescribed(SEARCH, r);
  });
});

describe('404', () => {
  it('an unknown record → 404 not_found', async () => {
    const r = await call(`${RECORD}?id=laboratory%3A00000000-0000-4000-8000-000000000000`, await freshToken());
    expectProblem(r, 404, 'not_found');
    expectDescribed(RECORD, r);
  });

  it('an unknown path → 404 problem, not an HTML page; another method on an operation → 405', async () => {
    const r = await call('/api/agent/catalog/export', await freshToken());
    expectProblem(r, 404, 'not_found');
    const post = await fetch(`${server.url}${SEARCH}?query=microscope`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    StrictProblem.parse(await post.json());
    expect((await fetch(`${server.url}${SEARCH}/more?query=microscope`, { method: 'POST' })).status).toBe(404);
  });
});

describe('429', () => {
  it('past the per-minute ceiling → 429 with Retry-After in seconds, matching the body', async () => {
    const token = await freshToken();
    let r: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 100; i++) {
      r = await call(`${RECORD}?id=technique%3A2387e86a-2465-563a-9943-02cc11005eb4`, token);
      if (r.status !== 200) break;
    }
    const body = expectProblem(r!, 429, 'rate_limited');
    const retryAfter = r!.res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(body.retryAfter).toBe(Number(retryAfter));
    expectDescribed(RECORD, r!);
    // The same ceiling applies to the other operation (shared across the interface).
    const s = await call(`${SEARCH}?query=microscope`, token);
    expectProblem(s, 429, 'rate_limited');
    expectDescribed(SEARCH, s);
  });
});

describe('503', () => {
  it('an unreadable state file → 503 unavailable with Retry-After', async () => {
    const token = await freshToken();
    const stateFile = path.join(server.dataDir, 'state.json');
    const { readFileSync } = await import('node:fs');
    const saved = readFileSync(stateFile);
    writeFileSync(stateFile, '{"version":1,');
    try {
      for (const p of [`${SEARCH}?query=microscope`, `${RECORD}?id=technique%3A2387e86a-2465-563a-9943-02cc11005eb4`]) {
        const r = await call(p, token);
        const body = expectProblem(r, 503, 'unavailable');
        expect(r.res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(body.detail).toBe('Access controls are unavailable; retry later.');
        expectDescribed(p.split('?')[0]!, r);
      }
    } finally {
      writeFileSync(stateFile, saved);
    }
    expect((await call(`${SEARCH}?query=microscope`, token)).status).toBe(200);
  });
});
