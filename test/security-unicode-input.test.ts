// Every text the service accepts must be Unicode scalar values, checked by one validator
// (src/shared/unicode.ts) on every interface: a lone surrogate or bytes that are not UTF-8 are
// refused — never "repaired" into U+FFFD and used — in query strings (REST, the web search page,
// the OAuth authorization request's `state`), form bodies (pages, the token endpoint) and JSON
// (/mcp tool arguments; client registration: test/security-registration.test.ts). Nothing is
// charged, created or redirected for a refused text.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { startTestServer, type TestServer } from './support/server.js';
import { connectMcp, PROTOCOL_VERSION, toolCallMessage } from './support/mcp-client.js';
import { csrfFrom, type WebClient } from './support/web-client.js';
import { PASSWORD, pkce, registerPublicClient, signedInBrowser } from './oauth-support.js';

let server: TestServer;
let web: WebClient;
let token: string;
let mcp: Client;
let accountId: string;

/** Percent-encodings that are not UTF-8: an encoded lone surrogate, a lone continuation byte, 0xFF, a truncated sequence. */
const MALFORMED = ['%ED%A0%80', '%80', '%FF', '%E2%82', '%F4%90%80%80'];

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.addAccount({ password: PASSWORD });
  accountId = account.id;
  token = await server.token(account);
  web = await signedInBrowser(server, account.email);
  mcp = await connectMcp(server.url, token);
});
afterAll(async () => {
  await mcp?.close();
  await server.stop();
});

async function requestsUsed(): Promise<number> {
  const res = await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { account: { windows: { minute: { used: number } } } }).account.windows.minute.used;
}

describe('query strings', () => {
  it.each(MALFORMED)('REST search and the web search page refuse %s with 400, uncharged', async (bad) => {
    const before = await requestsUsed();
    const rest = await fetch(`${server.url}/api/agent/catalog/search?query=ab${bad}cd`, { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(400);
    expect(Problem.parse(await rest.json()).code).toBe('invalid_request');
    const page = await web.get(`/en/catalogue?query=ab${bad}cd`);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).not.toContain('\ufffd');
    expect(await requestsUsed()).toBe(before);
  });

  it('the authorization request: a malformed state is shown on a page, never redirected', async () => {
    const redirectUri = 'https://host.example/callback';
    const clientId = await registerPublicClient(server, redirectUri);
    const { challenge } = pkce();
    for (const bad of MALFORMED) {
      const res = await web.get(`/en/connect/authorize?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&code_challenge=${challenge}&code_challenge_method=S256&state=x${bad}`);
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.text).not.toContain('\ufffd');
    }
  });
});

describe('form bodies', () => {
  async function postRaw(path: string, body: Buffer | string): Promise<{ status: number; text: string }> {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: web.cookieHeader() },
      body,
      redirect: 'manual',
    });
    return { status: res.status, text: await res.text() };
  }

  it('a token label that is not UTF-8 (encoded or raw bytes) creates no token', async () => {
    const page = await web.get('/en/account/agent-connections');
    const csrf = csrfFrom(page.text);
    const tokensBefore = (await server.deps.store.agentTokens.listForAccount(accountId)).length;
    for (const label of MALFORMED) {
      const res = await postRaw('/en/account/agent-connections', `csrf=${csrf}&label=tool${label}&scope=catalog%3Aread`);
      expect(res.status, label).toBe(400);
      expect(res.text).not.toContain('rcat_at_');
    }
    const raw = Buffer.concat([Buffer.from(`csrf=${csrf}&label=tool`), Buffer.from([0xff, 0xfe]), Buffer.from('&scope=catalog%3Aread')]);
    expect((await postRaw('/en/account/agent-connections', raw)).status).toBe(400);
    const tokensAfter = (await server.deps.store.agentTokens.listForAccount(accountId)).length;
    expect(tokensAfter).toBe(tokensBefore);
    // Well-formed text beyond ASCII is a fine label.
    const ok = await postRaw('/en/account/agent-connections', `csrf=${csrf}&label=${encodeURIComponent('Éditeur 🧪')}&scope=catalog%3Aread`);
    expect(ok.status).toBe(201);
  });

  it('the token endpoint refuses a form value that is not UTF-8 with invalid_request', async () => {
    for (const bad of MALFORMED) {
      const res = await fetch(`${server.url}/api/agent/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=authorization_code&client_id=rcat-cli&code=abc${bad}&code_verifier=${'v'.repeat(43)}`,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
  });
});

describe('JSON', () => {
  it('/mcp refuses a tool argument with a lone surrogate, like the REST query, and charges nothing', async () => {
    const before = await requestsUsed();
    const result = await mcp.callTool({ name: 'search', arguments: { query: 'micro\ud800scope' } }).catch((error: Error) => error);
    const text = result instanceof Error ? result.message : JSON.stringify(result);
    expect(text).toMatch(/well-formed Unicode/);
    const raw = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL_VERSION, authorization: `Bearer ${token}` },
      body: Buffer.concat([Buffer.from(JSON.stringify(toolCallMessage('search', { query: 'micro' })).slice(0, -3)), Buffer.from([0xff]), Buffer.from('"}}}')]),
    });
    expect(raw.status).toBe(400);
    expect(await requestsUsed()).toBe(before);
  });
});
