// How a bearer token may be sent, on every bearer endpoint (REST search and record, whoami,
// usage, /mcp): in the Authorization header, the scheme name in any case (RFC 9110 section 11.1);
// never in the query string (RFC 6750 section 2.3, refused with 400 invalid_request by one check
// for REST and /mcp alike, before anything is charged).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { startTestServer, type TestServer } from './support/server.js';
import { initializeMessage, PROTOCOL_VERSION } from './support/mcp-client.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.token(await server.addAccount());
});
afterAll(() => server.stop());

const REST = ['/api/agent/catalog/search?query=microscope', '/api/agent/whoami', '/api/agent/usage'];

async function minuteUsed(): Promise<number> {
  const res = await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { account: { windows: { minute: { used: number } } } }).account.windows.minute.used;
}

async function mcpClient(url: string, authorization: string): Promise<Client> {
  const client = new Client({ name: 'bearer-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization } } }));
  return client;
}

describe('the Authorization scheme name is case-insensitive', () => {
  it.each(['bearer', 'BEARER', 'BeArEr', 'Bearer'])('"%s <token>" works on REST and /mcp', async (scheme) => {
    for (const path of REST) {
      const res = await fetch(`${server.url}${path}`, { headers: { authorization: `${scheme} ${token}` } });
      expect(res.status, path).toBe(200);
    }
    const client = await mcpClient(`${server.url}/mcp`, `${scheme} ${token}`);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });

  it('other schemes and malformed headers are still 401 with a Bearer challenge', async () => {
    for (const authorization of [`Basic ${token}`, `Bearertoken ${token}`, `bearer`, `${token}`, `Bearer ${token} extra`]) {
      const res = await fetch(`${server.url}/api/agent/whoami`, { headers: { authorization } });
      expect(res.status, authorization.slice(0, 12)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
  });
});

describe('a token in the query string is refused', () => {
  const withQueryToken = (path: string, value = token) => `${path}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(value)}`;

  it('on REST: 400 invalid_request, with or without the header, and nothing is charged', async () => {
    const before = await minuteUsed();
    for (const path of ['/api/agent/catalog/search?query=microscope', '/api/agent/catalog/record?id=equipment:00000000-0000-4000-8000-000000000000', '/api/agent/whoami']) {
      for (const headers of [{ authorization: `Bearer ${token}` }, {}] as Record<string, string>[]) {
        const res = await fetch(`${server.url}${withQueryToken(path)}`, { headers });
        expect(res.status, path).toBe(400);
        const problem = Problem.parse(await res.json());
        expect(problem.code).toBe('invalid_request');
        expect(problem.detail).toMatch(/Authorization header/);
        expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_request"/);
      }
    }
    // Encoded names are the same parameter.
    expect((await fetch(`${server.url}/api/agent/whoami?access%5Ftoken=${token}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(400);
    expect(await minuteUsed()).toBe(before);
  });

  it('on /mcp: HTTP 400 with a JSON-RPC error, for the SDK client and a raw POST alike', async () => {
    const client = new Client({ name: 'bearer-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(withQueryToken(`${server.url}/mcp`)), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await expect(client.connect(transport)).rejects.toThrow(/400/);
    for (const headers of [{ authorization: `Bearer ${token}` }, {}] as Record<string, string>[]) {
      const res = await fetch(withQueryToken(`${server.url}/mcp`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL_VERSION, ...headers },
        body: JSON.stringify(initializeMessage()),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { jsonrpc: string; error: { message: string; data: { code: string } } };
      expect(body.jsonrpc).toBe('2.0');
      expect(body.error.data.code).toBe('invalid_request');
      expect(body.error.message).toMatch(/Authorization header/);
    }
  });
});
