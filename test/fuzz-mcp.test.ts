// Issue 8, bad input at /mcp: property-based (fast-check) malformed JSON-RPC, arbitrary tool
// arguments for every tool, hostile headers, batches and oversized bodies. Every request ends
// in a documented answer — a JSON-RPC error (HTTP 200/400/403/406/413/415) or a tool result —
// never a 5xx, never a dropped connection, and nothing in the state changes (the callers cannot
// guess a collection or record id, so no save or draft can legitimately succeed).
// test/mcp-endpoint.test.ts has the hand-picked cases; this throws generated ones.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../src/shared/tools.js';
import { guardedState, hostileJson, hostileText, runs } from './support/hostile-input.js';
import { catalogueFile, microscopes, PROTOCOL_VERSION, rawMcp } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;
let before: string;

beforeAll(async () => {
  server = await startTestServer({ cataloguePath: catalogueFile(tempDir(), microscopes(3)), limits: 'variant-a' });
  const account = await server.addAccount();
  token = await server.token(account);
  // One collection the fuzzing cannot name (its id is random), so saves have somewhere to fail.
  await server.deps.store.collections.insert({ id: `col_${crypto.randomUUID()}`, name: 'Mine', projectId: null, ownerAccountId: account.id, editorAccountIds: [], createdAt: new Date().toISOString() });
  before = guardedState(server.dataDir);
});
afterAll(() => server.stop());

/** A documented /mcp answer: JSON with a JSON-RPC error or result, or 202 for a notification. */
async function expectDocumented(res: Response): Promise<void> {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  expect([200, 202, 400, 403, 406, 413, 415]).toContain(res.status);
  if (res.status === 202) return;
  const body = JSON.parse(text);
  expect(body.jsonrpc).toBe('2.0');
  expect('error' in body || 'result' in body).toBe(true);
  expect(text).not.toMatch(/\n\s+at |node_modules/);
}

const id = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null));

describe('/mcp under hostile input', () => {
  it('arbitrary JSON bodies, objects and batches get a JSON-RPC answer, never a 5xx', async () => {
    const message = fc.oneof(
      hostileJson,
      fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0', 2), id, method: fc.oneof(hostileText, fc.constantFrom('tools/call', 'tools/list', 'initialize', 'ping', 'resources/list', 'notifications/initialized')), params: hostileJson }, { requiredKeys: [] }),
      fc.array(fc.record({ jsonrpc: fc.constant('2.0'), id, method: fc.constantFrom('tools/list', 'tools/call', 'ping') }), { minLength: 1, maxLength: 5 }),
    );
    await fc.assert(
      fc.asyncProperty(message, async (body) => {
        await expectDocumented(await rawMcp(server.url, { token, rawBody: JSON.stringify(body) ?? 'null' }));
      }),
      { numRuns: runs(80) },
    );
  });

  it('arbitrary raw bodies (not JSON, not UTF-8, truncated) are -32700 parse errors or 4xx', async () => {
    const raw = fc.oneof(hostileText, fc.constantFrom('{', '{"jsonrpc":"2.0",', '[', '\uFEFF{}', '{"a":1}{"b":2}', 'null', '1e999999'));
    await fc.assert(
      fc.asyncProperty(raw, async (rawBody) => {
        await expectDocumented(await rawMcp(server.url, { token, rawBody }));
      }),
      { numRuns: runs(50) },
    );
  });

  it('arbitrary arguments to every tool are a tool error or invalid params, and change nothing', async () => {
    const args = fc.oneof(
      hostileJson,
      fc.record({ query: hostileText, id: hostileText, collectionId: hostileText, entityId: hostileText, note: hostileText, question: hostileText, projectId: hostileText }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TOOL_NAMES, 'nope', '__proto__'), args, id, async (name, argumentsValue, msgId) => {
        const res = await rawMcp(server.url, { token, rawBody: JSON.stringify({ jsonrpc: '2.0', id: msgId ?? 1, method: 'tools/call', params: { name, arguments: argumentsValue } }) });
        await expectDocumented(res);
      }),
      { numRuns: runs(120) },
    );
  });

  it('hostile headers (Accept, Content-Type, protocol version, Origin, session id, Authorization) are refused cleanly', async () => {
    const header = fc.oneof(hostileText.filter((s) => /^[\t\x20-\x7e]*$/.test(s)), fc.constantFrom('application/json', 'text/event-stream', '*/*', PROTOCOL_VERSION, '1999-01-01', 'null', 'http://evil.example'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('accept', 'content-type', 'mcp-protocol-version', 'origin', 'mcp-session-id', 'authorization'), header, async (name, value) => {
        const res = await rawMcp(server.url, {
          token,
          headers: { [name]: value },
          body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'microscope' } } },
        });
        const text = await res.text();
        expect(res.status, text.slice(0, 200)).toBeLessThan(500);
        expect(text).not.toMatch(/\n\s+at /);
      }),
      { numRuns: runs(60) },
    );
  });

  it('oversized bodies get 413 whatever their shape, and the endpoint keeps answering', async () => {
    for (const rawBody of [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'x'.repeat(1_100_000) } } }),
      `[${Array.from({ length: 40_000 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}`).join(',')}]`,
      '['.repeat(1_200_000),
    ]) {
      const res = await rawMcp(server.url, { token, rawBody });
      expect(res.status).toBe(413);
      await res.arrayBuffer();
    }
    await expectDocumented(await rawMcp(server.url, { token, body: { jsonrpc: '2.0', id: 9, method: 'tools/list' } }));
  });

  it('after all of it, the state is exactly as it was (no item, draft, token or account added)', () => {
    expect(guardedState(server.dataDir)).toBe(before);
  });
});
