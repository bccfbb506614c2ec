// /mcp transport behaviour through real HTTP: methods, Origin/Host checks, authentication,
// per-tool scope challenges, body limits and JSON-RPC errors. The reviewed tool definitions:
// test/mcp-tool-definitions.test.ts.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { connectMcp, initializeMessage, rawMcp, toolCallMessage } from './support/mcp-client.js';
import { transportPolicy } from '../src/server/mcp/transport-security.js';

let server: TestServer;
let token: string;
let catalogOnly: string;

beforeAll(async () => {
  server = await startTestServer({ allowedOrigins: ['https://app.example.org'], allowedHosts: ['rcat.internal'] });
  const account = await server.addAccount();
  token = await server.token(account);
  catalogOnly = await server.token(account, ['catalog:read']);
});
afterAll(() => server.stop());

/** node:http, because fetch does not let a test choose the Host header. */
function postWithHost(host: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${server.url}/mcp`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/mcp',
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(initializeMessage()));
  });
}

describe('HTTP methods', () => {
  it.each(['GET', 'DELETE', 'PUT'])('%s answers 405 with Allow: POST', async (method) => {
    const res = await rawMcp(server.url, { method, token });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('POST');
    const body = await res.json();
    expect(body.error.code).toBe(-32000);
  });

  it('POST initialize answers bounded JSON with protocol 2025-11-25 and no session id', async () => {
    const res = await rawMcp(server.url, { token, body: initializeMessage() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = await res.json();
    expect(body.result.protocolVersion).toBe('2025-11-25');
    expect(body.result.serverInfo.name).toBe('rcat');
    expect(body.result.instructions).toMatch(/evidence/);
  });
});

describe('statelessness', () => {
  it('answers a tools/call with no initialize before it and no session id, so any host can take any request', async () => {
    const res = await rawMcp(server.url, { token, body: toolCallMessage('search', { query: 'microscope' }, 'abc') });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = await res.json();
    expect(body.id).toBe('abc');
    expect(body.result.structuredContent.results.length).toBeGreaterThan(0);
  });

  it('ignores a session id left over from another server', async () => {
    const res = await rawMcp(server.url, { token, body: { jsonrpc: '2.0', id: 2, method: 'ping' }, headers: { 'mcp-session-id': 'stale-session' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 2, result: {} });
  });
});

describe('transport security', () => {
  it('refuses a foreign Origin with 403 and accepts configured and own origins', async () => {
    const evil = await rawMcp(server.url, { token, body: initializeMessage(), headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    const nullOrigin = await rawMcp(server.url, { token, body: initializeMessage(), headers: { origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
    const configured = await rawMcp(server.url, { token, body: initializeMessage(), headers: { origin: 'https://app.example.org' } });
    expect(configured.status).toBe(200);
    expect(configured.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
    const own = await rawMcp(server.url, { token, body: initializeMessage(), headers: { origin: new URL(server.url).origin } });
    expect(own.status).toBe(200);
    // A loopback server trusts pages served from the same machine (any port), as the MCP
    // conformance suite's dns-rebinding scenario expects; not a look-alike name.
    expect((await rawMcp(server.url, { token, body: initializeMessage(), headers: { origin: 'http://localhost:3000' } })).status).toBe(200);
    expect((await rawMcp(server.url, { token, body: initializeMessage(), headers: { origin: 'http://localhost.evil.example:3000' } })).status).toBe(403);
  });

  it('refuses a foreign Origin even without a token (checked first)', async () => {
    const res = await rawMcp(server.url, { token: null, body: initializeMessage(), headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('refuses a Host that does not name the server (DNS rebinding) and accepts loopback and configured names', async () => {
    const port = new URL(server.url).port;
    expect((await postWithHost(`attacker.example:${port}`)).status).toBe(403);
    expect((await postWithHost('attacker.example')).status).toBe(403);
    expect((await postWithHost(`localhost:${port}`)).status).toBe(200);
    expect((await postWithHost(`127.0.0.1:${port}`)).status).toBe(200);
    expect((await postWithHost('rcat.internal:8443')).status).toBe(200);
  });
});

describe('authentication', () => {
  it('401 without a token, with resource_metadata for /mcp and the scopes', async () => {
    const res = await rawMcp(server.url, { token: null, body: initializeMessage() });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toContain('scope="catalog:read projects:read shortlist:write"');
    const body = await res.json();
    expect(body.jsonrpc).toBe('2.0');
    expect(body.error.data.status).toBe(401);
  });

  it('401 invalid_token for an unknown token', async () => {
    const res = await rawMcp(server.url, { token: 'rcat_at_notarealtoken', body: initializeMessage() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('403 insufficient_scope naming the scope for a tool the token may not call; tools/list still shows all five', async () => {
    const res = await rawMcp(server.url, { token: catalogOnly, body: toolCallMessage('list_projects', {}, 42) });
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="projects:read"');
    expect(challenge).toContain('resource_metadata=');
    const body = await res.json();
    expect(body.id).toBe(42);
    expect(body.error.data.requiredScope).toBe('projects:read');

    const save = await rawMcp(server.url, { token: catalogOnly, body: toolCallMessage('save_to_shortlist', { collectionId: 'x', entityId: 'y' }) });
    expect(save.status).toBe(403);
    expect(save.headers.get('www-authenticate')).toContain('scope="shortlist:write"');

    const inquiryForProject = await rawMcp(server.url, {
      token: catalogOnly,
      body: toolCallMessage('prepare_inquiry', { entityId: 'y', question: 'hello there', projectId: 'p' }),
    });
    expect(inquiryForProject.status).toBe(403);
    expect(inquiryForProject.headers.get('www-authenticate')).toContain('scope="catalog:read projects:read"');

    const client = await connectMcp(server.url, catalogOnly);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['fetch', 'list_projects', 'prepare_inquiry', 'save_to_shortlist', 'search']);
    await client.close();
  });
});

describe('malformed requests', () => {
  it('-32700 for a body that is not JSON', async () => {
    const res = await rawMcp(server.url, { token, rawBody: '{"jsonrpc": "2.0", "method": ' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('-32700 for a body that is not UTF-8', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });

  it.each([
    ['a batch', [initializeMessage(1), initializeMessage(2)]],
    ['an empty batch', []],
    ['a number', 42],
    ['an object without jsonrpc', { id: 3, method: 'ping' }],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 3, method: 'ping' }],
  ])('-32600 for %s', async (_label, body) => {
    const res = await rawMcp(server.url, { token, body });
    expect(res.status).toBe(400);
    const parsed = await res.json();
    expect(parsed.error.code).toBe(-32600);
  });

  it('413 for a body over 1 MiB, and the server keeps answering', async () => {
    const huge = JSON.stringify({ ...toolCallMessage('search', { query: 'x'.repeat(1024 * 1024 + 10) }) });
    const res = await rawMcp(server.url, { token, rawBody: huge });
    expect(res.status).toBe(413);
    expect((await res.json()).error.data.code).toBe('payload_too_large');
    const after = await rawMcp(server.url, { token, body: initializeMessage() });
    expect(after.status).toBe(200);
  });

  it('415 for a body that is not declared as JSON', async () => {
    const res = await rawMcp(server.url, { token, body: initializeMessage(), headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
  });

  it('method not found as a JSON-RPC error, not an HTTP failure', async () => {
    const res = await rawMcp(server.url, { token, body: { jsonrpc: '2.0', id: 9, method: 'resources/list' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: 9, error: { code: -32601 } });
  });

  it.each([
    ['arguments that are not an object', { name: 'search', arguments: 'microscope' }],
    ['a name that is not a string', { name: { x: 1 } }],
  ])('-32602 Invalid params for a tools/call with %s', async (_label, params) => {
    const res = await rawMcp(server.url, { token, body: { jsonrpc: '2.0', id: 5, method: 'tools/call', params } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 5, error: { code: -32602 } });
  });

  it('deeply nested or huge arguments are refused as invalid, never a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await rawMcp(server.url, { token, rawBody: `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"search","arguments":{"query":${deep}}}}` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.isError).toBe(true);
  });

  it('an unknown tool is an error result, never a crash', async () => {
    const res = await rawMcp(server.url, { token, body: toolCallMessage('delete_everything', {}) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.isError).toBe(true);
  });

  it('a notification is accepted with 202 and no body', async () => {
    const res = await rawMcp(server.url, { token, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
    expect(res.status).toBe(202);
  });
});

describe('transport policy of a public deployment (not loopback)', () => {
  const policy = transportPolicy({
    baseUrl: 'https://rcat.example.org',
    host: '0.0.0.0',
    port: 8787,
    allowedOrigins: ['https://app.example.org'],
    allowedHosts: ['internal-lb:8080'],
  });

  it('accepts only its own origin and configured ones; localhost pages are not trusted', () => {
    expect(policy.originAllowed(undefined)).toBe(true);
    expect(policy.originAllowed('https://rcat.example.org')).toBe(true);
    expect(policy.originAllowed('https://RCAT.example.org:443')).toBe(true);
    expect(policy.originAllowed('https://app.example.org')).toBe(true);
    expect(policy.originAllowed('http://rcat.example.org')).toBe(false);
    expect(policy.originAllowed('http://localhost:3000')).toBe(false);
    expect(policy.originAllowed('null')).toBe(false);
  });

  it('accepts its own host (with or without the default port) and configured hosts only', () => {
    expect(policy.hostAllowed('rcat.example.org')).toBe(true);
    expect(policy.hostAllowed('rcat.example.org:443')).toBe(true);
    expect(policy.hostAllowed('internal-lb:8080')).toBe(true);
    expect(policy.hostAllowed('internal-lb:9999')).toBe(false);
    expect(policy.hostAllowed('localhost:8787')).toBe(false);
    expect(policy.hostAllowed(undefined)).toBe(false);
  });
});
