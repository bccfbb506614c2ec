// The direct dispatcher of /mcp (src/server/mcp/direct.ts) against the SDK's path, so the two
// cannot drift: the real server answers /mcp with the direct dispatcher in front, and a second
// listener on port 0 serves the same application (same store, limiter, catalogue) through the
// /mcp router built with { direct: false }, where every message is checked by the SDK's schemas
// alone and goes to a fresh SDK McpServer and Streamable HTTP transport, as before the
// hand-written message check (src/server/mcp/message-shape.ts) and the dispatcher existed. Each
// message goes to both;
// the status, the content type, the MCP and rate-limit headers and the body must be the same,
// byte for byte. A spy on the SDK transport says which path answered on the real server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchResponse } from '../src/shared/schemas.js';
import { createMcpRouter } from '../src/server/mcp/router.js';
import { catalogueFile, GENEROUS_LIMITS, initializeMessage, limitsFile, PROTOCOL_VERSION, toolCallMessage } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { hostileText, runs } from './support/hostile-input.js';

let server: TestServer;
let sdkUrl: string;
let token: string;
let collectionId: string;
let projectId: string;
let entityId: string;
const sdkRequests = vi.spyOn(StreamableHTTPServerTransport.prototype, 'handleRequest');
const listeners: http.Server[] = [];

/** The URL of a listener that serves `running`'s application through the SDK path only. */
async function sdkOnlyUrl(running: TestServer): Promise<string> {
  const app = express();
  app.use(createMcpRouter(running.deps, { direct: false }));
  const listener = http.createServer(app);
  listeners.push(listener);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = await startTestServer({ limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  sdkUrl = await sdkOnlyUrl(server);
  const account = await server.addAccount({ name: 'Dora Direct' });
  token = await server.token(account);
  const { projects, collections, catalogue } = server.deps.services;
  projectId = (await projects.create({ name: 'Beamline study', ownerAccountId: account.id })).id;
  collectionId = (await collections.create({ name: 'Picks', projectId })).id;
  entityId = SearchResponse.parse(catalogue.search('mass spectrometry')).results[0]!.id;
});
afterAll(async () => {
  sdkRequests.mockRestore(); // the worker process is shared with later files
  for (const listener of listeners) await new Promise((resolve) => listener.close(resolve));
  await server.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

const COMPARED_HEADERS = ['content-type', 'mcp-session-id', 'ratelimit-policy', 'retry-after', 'www-authenticate', 'allow'];

async function post(base: string, body: unknown, headers: Record<string, string | null>): Promise<Answer> {
  const sent: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL_VERSION, authorization: `Bearer ${token}` };
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) delete sent[name];
    else sent[name] = value;
  }
  const res = await fetch(`${base}/mcp`, { method: 'POST', headers: sent, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const answer: Answer = { status: res.status, headers: {}, body: await res.text() };
  for (const name of COMPARED_HEADERS) answer.headers[name] = res.headers.get(name);
  // The remaining count and reset move with every call; that the header is there is compared.
  answer.headers.ratelimit = res.headers.has('ratelimit') ? 'present' : null;
  return answer;
}

/** The same message down both paths (the SDK's first), and whether the real server used the SDK. */
async function both(body: unknown, headers: Record<string, string | null> = {}, urls = { sdk: sdkUrl, real: server.url }): Promise<{ sdk: Answer; direct: Answer; viaSdk: boolean }> {
  const sdk = await post(urls.sdk, body, headers);
  const before = sdkRequests.mock.calls.length;
  const direct = await post(urls.real, body, headers);
  return { sdk, direct, viaSdk: sdkRequests.mock.calls.length > before };
}

const call = (name: string, args: unknown, id: number | string = 11) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('the direct dispatcher answers as the SDK does', () => {
  const answered: [string, () => unknown, Record<string, string | null>?][] = [
    ['initialize at the latest version', () => initializeMessage('init-1')],
    ['initialize at an older supported version', () => ({ ...initializeMessage(2), params: { ...initializeMessage().params, protocolVersion: '2025-03-26' } })],
    ['initialize at an unknown version (the latest is offered)', () => ({ ...initializeMessage(3), params: { ...initializeMessage().params, protocolVersion: '2099-01-01' } })],
    ['initialize whatever MCP-Protocol-Version says', () => initializeMessage(4), { 'mcp-protocol-version': '1999-01-01' }],
    ['ping', () => ({ jsonrpc: '2.0', id: 5, method: 'ping' })],
    ['ping with _meta and other params', () => ({ jsonrpc: '2.0', id: 'p', method: 'ping', params: { _meta: { progressToken: 'tok' }, extra: true } })],
    ['ping without MCP-Protocol-Version', () => ({ jsonrpc: '2.0', id: 6, method: 'ping' }), { 'mcp-protocol-version': null }],
    ['ping at an older supported version', () => ({ jsonrpc: '2.0', id: 7, method: 'ping' }), { 'mcp-protocol-version': '2025-06-18' }],
    ['tools/list', () => ({ jsonrpc: '2.0', id: 8, method: 'tools/list' })],
    ['tools/list with a cursor', () => ({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { cursor: 'next' } })],
    ['tools/call search', () => toolCallMessage('search', { query: 'mass spectrometry' }, 'call-1')],
    ['tools/call search with _meta', () => ({ ...call('search', { query: 'NMR' }), params: { name: 'search', arguments: { query: 'NMR' }, _meta: { progressToken: 3 } } })],
    ['tools/call search, query too short', () => call('search', { query: 'a' })],
    ['tools/call search, query missing', () => call('search', {})],
    ['tools/call search, no arguments at all', () => ({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'search' } })],
    ['tools/call search, an unknown argument', () => call('search', { query: 'NMR', limit: 5 })],
    ['tools/call search, a query that is not a string', () => call('search', { query: 42 })],
    ['tools/call search, arguments with __proto__', () => `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"search","arguments":{"query":"NMR","__proto__":{"x":1}}}}`],
    ['tools/call search, deeply nested arguments', () => `{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"search","arguments":{"query":${'['.repeat(5000)}${']'.repeat(5000)}}}}`],
    ['tools/call fetch', () => call('fetch', { id: entityId })],
    ['tools/call fetch of an unknown record', () => call('fetch', { id: 'technique:00000000-0000-0000-0000-000000000000' })],
    ['tools/call fetch of a malformed id', () => call('fetch', { id: 'technique:../../etc/passwd' })],
    ['tools/call list_projects', () => call('list_projects', {})],
    ['tools/call save_to_shortlist to an unknown collection', () => call('save_to_shortlist', { collectionId: 'col_00000000-0000-4000-8000-000000000000', entityId })],
    ['tools/call save_to_shortlist with a control character in the note', () => call('save_to_shortlist', { collectionId, entityId, note: 'a\u0007b' })],
    ['tools/call prepare_inquiry about an unknown record', () => call('prepare_inquiry', { entityId: 'technique:00000000-0000-0000-0000-000000000000', question: 'Can we measure isotopes?', projectId })],
    ['notifications/initialized', () => ({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['notifications/cancelled', () => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'gone' } })],
    ['a response from the client', () => ({ jsonrpc: '2.0', id: 15, result: {} })],
    ['an error response from the client', () => ({ jsonrpc: '2.0', id: 16, error: { code: -1, message: 'no' } })],
  ];

  it.each(answered)('%s: answered directly, the same answer', async (_label, message, headers) => {
    const { sdk, direct, viaSdk } = await both(message(), headers);
    expect(direct).toEqual(sdk);
    expect(viaSdk).toBe(false);
  });

  const leftToSdk: [string, () => unknown, Record<string, string | null>?][] = [
    ['initialize without clientInfo', () => ({ jsonrpc: '2.0', id: 20, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {} } })],
    ['tools/list with a cursor that is not a string', () => ({ jsonrpc: '2.0', id: 21, method: 'tools/list', params: { cursor: 5 } })],
    ['an unknown method', () => ({ jsonrpc: '2.0', id: 22, method: 'resources/list' })],
    ['a notification method sent as a request', () => ({ jsonrpc: '2.0', id: 23, method: 'notifications/initialized' })],
    ['an unknown tool', () => call('delete_everything', {})],
    ['a tool name from Object.prototype', () => call('toString', {})],
    ['a task-augmented call', () => ({ ...call('search', { query: 'NMR' }), params: { name: 'search', arguments: { query: 'NMR' }, task: { ttl: 1000 } } })],
    ['ping with an unsupported MCP-Protocol-Version', () => ({ jsonrpc: '2.0', id: 24, method: 'ping' }), { 'mcp-protocol-version': '1999-01-01' }],
    ['a notification with an unsupported MCP-Protocol-Version', () => ({ jsonrpc: '2.0', method: 'notifications/initialized' }), { 'mcp-protocol-version': '1999-01-01' }],
    ['a call whose Accept lacks text/event-stream', () => call('search', { query: 'NMR' }), { accept: 'application/json' }],
    ['a ping without Accept', () => ({ jsonrpc: '2.0', id: 25, method: 'ping' }), { accept: null }],
  ];

  it.each(leftToSdk)('%s: left to the SDK, the same answer', async (_label, message, headers) => {
    const { sdk, direct, viaSdk } = await both(message(), headers);
    expect(direct).toEqual(sdk);
    expect(viaSdk).toBe(true);
  });

  it.each([
    ['a body that is not JSON', '{"jsonrpc": "2.0", "method": '],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 3, method: 'ping' }],
    ['a batch', [initializeMessage(1), initializeMessage(2)]],
    ['a malformed tools/call', { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'search', arguments: 'NMR' } }],
  ])('%s: refused before dispatch, the same answer on both', async (_label, body) => {
    const { sdk, direct, viaSdk } = await both(body);
    expect(direct).toEqual(sdk);
    expect(viaSdk).toBe(false);
  });

  // What the hand-written check vouches for must be what the SDK's schemas accept, and whatever
  // it is unsure of must get the schemas' own answer: the SDK-only listener checks with them alone.
  it.each([
    ['an id of 2^53 (not a safe integer)', `{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}`],
    ['an id of 2^53 - 1', `{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}`],
    ['a huge id', `{"jsonrpc":"2.0","id":1e300,"method":"ping"}`],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
    ['a negative id', { jsonrpc: '2.0', id: -7, method: 'ping' }],
    ['an id of -0', `{"jsonrpc":"2.0","id":-0,"method":"ping"}`],
    ['an empty string id', { jsonrpc: '2.0', id: '', method: 'tools/list' }],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }],
    ['an extra top-level key', { jsonrpc: '2.0', id: 1, method: 'ping', extra: true }],
    ['a __proto__ top-level key', `{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"x":1}}`],
    ['params that are an array', { jsonrpc: '2.0', id: 1, method: 'ping', params: [] }],
    ['params that are null', { jsonrpc: '2.0', id: 1, method: 'ping', params: null }],
    ['a method that is not a string', { jsonrpc: '2.0', id: 1, method: 7 }],
    ['no jsonrpc', { id: 1, method: 'ping' }],
    ['a notification with params', { jsonrpc: '2.0', method: 'notifications/initialized', params: { a: 1 } }],
    ['a notification with params that are a string', { jsonrpc: '2.0', method: 'notifications/initialized', params: 'x' }],
    ['tools/call without params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
    ['tools/call with params null', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: null }],
    ['tools/call with a name that is not a string', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5, arguments: {} } }],
    ['tools/call with arguments that are an array', call('search', ['NMR'])],
    ['tools/call with arguments that are null', call('search', null)],
    ['tools/call with an unknown params key', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'NMR' }, extra: 1 } }],
    ['tools/call with a string id', call('search', { query: 'cryo-EM' }, 'str-id')],
    ['tools/list with a cursor that is not a string and no _meta', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: [] } }],
  ])('%s: the same answer whichever check read it', async (_label, body) => {
    const { sdk, direct } = await both(body);
    expect(direct).toEqual(sdk);
  });

  it('generated near-JSON-RPC messages get the same answer whichever check read them', async () => {
    const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.double(), fc.constant(2 ** 53), fc.string({ maxLength: 8 }), fc.constant([]), fc.constant({}));
    const args = fc.oneof(value, fc.record({ query: fc.oneof(fc.constantFrom('NMR', 'mass spectrometry', 'a'), hostileText, value), extra: value }, { requiredKeys: [] }));
    const params = fc.oneof(value, fc.record({ name: fc.oneof(fc.constantFrom('search', 'fetch', 'nope'), value), arguments: args, _meta: fc.oneof(value, fc.record({ progressToken: value })), cursor: value, task: value }, { requiredKeys: [] }));
    const message = fc.record(
      { jsonrpc: fc.oneof(fc.constant('2.0'), value), id: fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), value), method: fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'ping', 'notifications/initialized'), value), params, extra: value },
      { requiredKeys: ['jsonrpc'] },
    );
    await fc.assert(
      fc.asyncProperty(message, async (body) => {
        const { sdk, direct } = await both(JSON.stringify(body));
        expect(direct).toEqual(sdk);
      }),
      { numRuns: runs(150) },
    );
  });

  it('a repeated search (its answer cached, its result written once) answers the same every time', async () => {
    for (const id of [31, 32, 33]) {
      const { sdk, direct, viaSdk } = await both(call('search', { query: 'flow cytometry' }, id));
      expect(direct).toEqual(sdk);
      expect(viaSdk).toBe(false);
    }
  });

  it('writes (saves, drafts) answer the same, apart from the ids and times they create', async () => {
    const mask = (a: Answer) => ({ ...a, body: a.body.replace(/\b(sli|inq)_[0-9a-f-]{36}\b/g, '$1_ID').replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, 'TIME') });
    const draft = await both(call('prepare_inquiry', { entityId, question: 'Can we measure isotopes here?', projectId }));
    expect(mask(draft.direct)).toEqual(mask(draft.sdk));
    expect(draft.viaSdk).toBe(false);
    // The first save (through the SDK) creates the item; the second finds it.
    const first = await post(sdkUrl, call('save_to_shortlist', { collectionId, entityId, note: 'for the March run' }), {});
    const again = await both(call('save_to_shortlist', { collectionId, entityId, note: 'for the March run' }));
    expect(JSON.parse(first.body).result.structuredContent.alreadyExisted).toBe(false);
    expect(again.direct).toEqual(again.sdk);
    expect(JSON.parse(again.direct.body).result.structuredContent.alreadyExisted).toBe(true);
  });

  it('a call refused by the scope gate is the same 403 on both', async () => {
    const catalogOnly = await server.token(await server.addAccount(), ['catalog:read']);
    const bearer = { authorization: `Bearer ${catalogOnly}` };
    const { sdk, direct } = await both(call('list_projects', {}), bearer);
    expect(sdk.status).toBe(403);
    expect(direct).toEqual(sdk);
  });
});

describe('limits', () => {
  it('a call refused by the limits is the same isError result, Retry-After and RateLimit headers on both', async () => {
    const at = new Date();
    const limited = await startTestServer({ limits: limitsFile(tempDir(), { preset: 'variant-a', standard: { perMinute: 1 } }) }, { now: () => new Date(at) });
    try {
      const urls = { sdk: await sdkOnlyUrl(limited), real: limited.url };
      const bearer = { authorization: `Bearer ${await limited.token(await limited.addAccount())}` };
      expect((await post(urls.real, call('search', { query: 'NMR' }), bearer)).status).toBe(200);
      const { sdk, direct, viaSdk } = await both(call('search', { query: 'NMR' }), bearer, urls);
      expect(JSON.parse(sdk.body).result._meta['rcat/error'].code).toBe('rate_limited');
      expect(sdk.headers['retry-after']).not.toBeNull();
      expect(direct).toEqual(sdk);
      expect(viaSdk).toBe(false);
    } finally {
      await limited.stop();
    }
  });
});

describe('line separators and C1 controls', () => {
  it('a record whose text holds them is fetched with the same escaped bytes on both', async () => {
    const tricky = 'line\u2028separator, paragraph\u2029separator, next line\u0085and a C1 CSI\u009b31m';
    const dir = tempDir();
    const record = { sourceId: 'TEST:ls', source: 'TEST', kind: 'technique', label: 'separator spectroscopy', definition: `Text with ${tricky}.`, sourceUrls: ['https://example.org/ls'], updated: '2026-01-01' };
    // Titles hold no line breaks or controls (the catalogue refuses them), but quotes, a backslash and
    // non-ASCII text, which the search result's text block (written once per cached answer) escapes.
    const titled = { ...record, sourceId: 'TEST:ls2', label: 'separator "spectroscopy" \\ Trennungsspektroskopie für 分离', sourceUrls: ['https://example.org/ls2'] };
    const odd = await startTestServer({ cataloguePath: catalogueFile(dir, [record, titled]), limits: limitsFile(dir, GENEROUS_LIMITS) });
    try {
      const urls = { sdk: await sdkOnlyUrl(odd), real: odd.url };
      const bearer = { authorization: `Bearer ${await odd.token(await odd.addAccount())}` };
      const found = await both(call('search', { query: 'separator spectroscopy' }), bearer, urls);
      expect(found.direct).toEqual(found.sdk);
      expect(found.direct.body).not.toMatch(/[\u0080-\u009f\u2028\u2029]/);
      expect(JSON.parse(found.direct.body).result.structuredContent.results.map((r: { title: string }) => r.title)).toContain(titled.label);
      const again = await both(call('search', { query: 'separator spectroscopy' }), bearer, urls);
      expect(again.direct).toEqual(found.direct);
      expect(again.sdk).toEqual(found.sdk);
      const id = (JSON.parse(found.direct.body) as { result: { structuredContent: { results: { id: string }[] } } }).result.structuredContent.results[0]!.id;
      const fetched = await both(call('fetch', { id }), bearer, urls);
      expect(fetched.direct).toEqual(fetched.sdk);
      expect(JSON.parse(fetched.direct.body).result.structuredContent.text).toContain(tricky);
      expect(fetched.viaSdk).toBe(false);
    } finally {
      await odd.stop();
    }
  });
});
