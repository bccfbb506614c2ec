// The OpenAPI document served at /api/agent/openapi.json stays in step with the code: the
// routes the REST handler serves are exactly the paths described, every operation describes
// every status of spec section 4, the security schemes are the spec's, and the schemas are the
// strict wire shapes (test/rest-statuses.test.ts validates real responses against them).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../src/server/http/rest.js';
import { startTestServer, type TestServer } from './support/server.js';

// The document is JSON; typed loosely on purpose, the test asserts its structure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let server: TestServer;
let doc: Json;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/api/agent/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
});
afterAll(() => server.stop());

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, version 1.0.0, served without authentication, for this server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: server.url }]);
  });

  it('describes exactly the GET routes the REST handler serves', () => {
    const routes = REST_ROUTES.map((r) => ({ path: r.path, methods: [...r.methods] }));
    expect(Object.keys(doc.paths).sort()).toEqual(routes.map((r) => r.path).sort());
    for (const r of routes) expect(Object.keys(doc.paths[r.path]).sort()).toEqual(r.methods.sort());
  });

  it('every described path is served: GET asks for a token, other methods are 405', async () => {
    for (const p of Object.keys(doc.paths)) {
      const get = await fetch(`${server.url}${p}`);
      expect(get.status, p).toBe(401);
      const post = await fetch(`${server.url}${p}`, { method: 'POST' });
      expect(post.status, p).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('names the operations search and fetch with every status of the spec', () => {
    const search = doc.paths['/api/agent/catalog/search'].get;
    const record = doc.paths['/api/agent/catalog/record'].get;
    expect(search.operationId).toBe('search');
    expect(record.operationId).toBe('fetch');
    for (const status of ['200', '400', '401', '403', '429', '503']) {
      expect(search.responses[status], `search ${status}`).toBeDefined();
      expect(record.responses[status], `fetch ${status}`).toBeDefined();
    }
    expect(record.responses['404']).toBeDefined();
    expect(search.responses['404']).toBeUndefined();
    expect(search.responses['429'].headers['Retry-After'].required).toBe(true);
    expect(search.responses['503'].headers['Retry-After'].required).toBe(true);
    expect(search.responses['401'].headers['WWW-Authenticate'].required).toBe(true);
    expect(search.parameters).toEqual([expect.objectContaining({ name: 'query', in: 'query', required: true, schema: { type: 'string', minLength: 2, maxLength: 120 } })]);
    expect(record.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    expect(new RegExp(record.parameters[0].schema.pattern).test('technique:2387e86a-2465-563a-9943-02cc11005eb4')).toBe(true);
  });

  it('requires catalog:read through CatalogOAuth or a bearer token', () => {
    const { CatalogOAuth, BearerToken } = doc.components.securitySchemes;
    expect(CatalogOAuth.type).toBe('oauth2');
    expect(CatalogOAuth.flows.authorizationCode).toMatchObject({
      authorizationUrl: `${server.url}/en/connect/authorize`,
      tokenUrl: `${server.url}/api/agent/oauth/token`,
    });
    expect(Object.keys(CatalogOAuth.flows.authorizationCode.scopes).sort()).toEqual(['catalog:read', 'projects:read', 'shortlist:write']);
    expect(BearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const p of Object.values(doc.paths) as Json[]) {
      expect(p.get.security).toEqual([{ CatalogOAuth: ['catalog:read'] }, { BearerToken: [] }]);
    }
  });

  it('has strict, valid JSON Schemas: no extra fields are allowed anywhere', () => {
    const ajv = new Ajv2020({ strict: false });
    const { SearchResponse, CatalogRecord, Problem } = doc.components.schemas;
    for (const s of [SearchResponse, CatalogRecord, Problem]) ajv.compile(s);
    expect(SearchResponse.additionalProperties).toBe(false);
    expect(SearchResponse.properties.results.maxItems).toBe(20);
    expect(SearchResponse.properties.results.items.additionalProperties).toBe(false);
    expect(CatalogRecord.additionalProperties).toBe(false);
    expect(CatalogRecord.properties.metadata.additionalProperties).toBe(false);
    expect(CatalogRecord.properties.metadata.properties.verifiedAt).toEqual({ type: 'null' });
    expect(Problem.additionalProperties).toBe(false);
    const validate = ajv.compile(SearchResponse);
    expect(validate({ results: [], truncated: false })).toBe(true);
    expect(validate({ results: [], truncated: false, total: 3 })).toBe(false);
    expect(validate({ results: [{ id: 'technique:2387e86a-2465-563a-9943-02cc11005eb4', title: 't', url: 'https://x.example/a', score: 1 }], truncated: false })).toBe(false);
  });

  it('every $ref resolves inside the document', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const pointer = ref.slice(8, -1).replace(/^#\//, '').split('/');
      let node: Json = doc;
      for (const key of pointer) node = node?.[key];
      expect(node, ref).toBeDefined();
    }
  });
});
