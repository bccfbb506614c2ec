// The authorization endpoint and consent page over real HTTP: which errors are shown on a page
// and which go back to the client, redirect URI matching, sign-in round trip, CSRF, framing,
// and consent bound to its session and client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';
import { authorizePath, decide, hiddenField, openConsent, PASSWORD, pkce, register, registerPublicClient, signedInBrowser } from './oauth-support.js';

let server: TestServer;
let account: Account;
let web: WebClient;
let clientId: string;
const REDIRECT = 'https://host.example/callback';
const HOSTILE_NAME = '<script>alert(1)</script> & "Evil"';

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
  const res = await register(server, { client_name: HOSTILE_NAME, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
  expect(res.status).toBe(201);
  clientId = res.body.client_id;
});
afterAll(() => server.stop());

const { challenge } = pkce();
const valid = () => ({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state: 's1', code_challenge: challenge, code_challenge_method: 'S256' });

function redirectError(res: { status: number; location: string | null }): URLSearchParams {
  expect(res.status).toBe(302);
  const url = new URL(res.location!);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
  return url.searchParams;
}

describe('errors after the client and redirect URI are verified go back to the client', () => {
  it.each([
    ['missing code_challenge', { code_challenge: undefined }, 'invalid_request'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['missing code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
    ['malformed code_challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['unknown scope', { scope: 'catalog:read admin:all' }, 'invalid_scope'],
    ['token response type', { response_type: 'token' }, 'unsupported_response_type'],
    ['missing response type', { response_type: undefined }, 'invalid_request'],
    ['foreign resource', { resource: 'https://evil.example/mcp' }, 'invalid_target'],
  ])('%s → %s', async (_label, change, error) => {
    const res = await web.get(authorizePath({ ...valid(), ...change }));
    const params = redirectError(res);
    expect(params.get('error')).toBe(error);
    expect(params.get('state')).toBe('s1');
    expect(params.get('code')).toBeNull();
  });
});

describe('errors before the redirect URI is verified are shown on a page, never redirected', () => {
  it.each([
    ['unknown client', { client_id: 'nobody' }],
    ['missing client', { client_id: undefined }],
    ['repeated client_id', { client_id: [clientId, clientId] }],
    ['unregistered redirect', { redirect_uri: 'https://evil.example/callback' }],
    ['different path', { redirect_uri: 'https://host.example/callback/x' }],
    ['trailing slash', { redirect_uri: 'https://host.example/callback/' }],
    ['extra query', { redirect_uri: 'https://host.example/callback?x=1' }],
    ['fragment', { redirect_uri: 'https://host.example/callback#x' }],
    ['http downgrade', { redirect_uri: 'http://host.example/callback' }],
    ['userinfo trick', { redirect_uri: 'https://host.example@evil.example/callback' }],
    ['other port', { redirect_uri: 'https://host.example:8443/callback' }],
    ['case change', { redirect_uri: 'https://host.example/Callback' }],
  ])('%s', async (_label, change) => {
    const res = await web.get(authorizePath({ ...valid(), ...(change as Record<string, string>) }));
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('cannot be completed');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('loopback redirects of the native CLI client (RFC 8252 section 7.3)', () => {
  const cli = (redirect: string) => ({ ...valid(), client_id: 'rcat-cli', redirect_uri: redirect });
  it.each(['http://127.0.0.1:50123/callback', 'http://127.0.0.1:1/callback', 'http://[::1]:61000/callback'])('any port: %s', async (uri) => {
    const res = await web.get(authorizePath(cli(uri)));
    expect(res.status).toBe(200);
    expect(res.text).toContain(uri.replace('&', '&amp;'));
  });
  it.each(['http://127.0.0.1:50123/other', 'http://localhost:50123/callback', 'https://127.0.0.1:50123/callback', 'http://127.0.0.2:50123/callback', 'http://127.0.0.1:50123/callback?x=1'])(
    'but nothing else: %s',
    async (uri) => {
      const res = await web.get(authorizePath(cli(uri)));
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
    },
  );
});

describe('loopback redirects of registered MCP hosts', () => {
  it('a host registered with http://localhost:PORT/path may come back on another port, same host and path only', async () => {
    const reg = await register(server, { client_name: 'mcp-remote-like', redirect_uris: ['http://localhost:3334/oauth/callback'], token_endpoint_auth_method: 'none' });
    const base = { ...valid(), client_id: reg.body.client_id as string };
    expect((await web.get(authorizePath({ ...base, redirect_uri: 'http://localhost:49152/oauth/callback' }))).status).toBe(200);
    expect((await web.get(authorizePath({ ...base, redirect_uri: 'http://127.0.0.1:49152/oauth/callback' }))).status).toBe(400);
    expect((await web.get(authorizePath({ ...base, redirect_uri: 'http://localhost:49152/other' }))).status).toBe(400);
  });
});

describe('the consent page', () => {
  it('is not opened by a bearer token: without a session cookie the browser is sent to sign in', async () => {
    const token = await server.token(account);
    const res = await fetch(`${server.url}${authorizePath(valid())}`, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/en\/sign-in\?next=/);
  });

  it('sends a visitor to sign in and back to the same request', async () => {
    const visitor = new WebClient(server.url);
    const path = authorizePath(valid());
    const res = await visitor.get(path);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/en/sign-in?next=${encodeURIComponent(path)}`);
    const signIn = await visitor.signIn(account.email, PASSWORD, path);
    expect(signIn.location).toBe(path);
    expect((await visitor.get(path)).status).toBe(200);
  });

  it('shows the escaped client name, the exact redirect URI and each scope in plain words; never framed', async () => {
    const page = await openConsent(web, { clientId, redirectUri: REDIRECT, scope: 'catalog:read shortlist:write', challenge });
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Evil&quot;');
    expect(page.text).toContain(REDIRECT);
    expect(page.text).toContain('Search the catalogue and read records');
    expect(page.text).toContain('Save catalogue items to collections');
    expect(page.text).not.toContain('See the names of projects');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // The form's POST is answered by a redirect to the client: CSP form-action allows exactly that origin.
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' https:\/\/host\.example(;|$)/);
    expect(page.headers.get('cache-control')).toContain('no-store');
  });

  it('Deny sends access_denied with the state back to the client', async () => {
    const location = await decide(web, await openConsent(web, { clientId, redirectUri: REDIRECT, state: 'deny-state', challenge }), 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('deny-state');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('a consent POST without the CSRF token is refused and changes nothing', async () => {
    const page = await openConsent(web, { clientId, redirectUri: REDIRECT, challenge });
    const request = hiddenField(page.text, 'request');
    const forged = await web.post('/en/connect/authorize', { request, client_id: clientId, decision: 'allow' });
    expect(forged.status).toBe(403);
    expect(forged.location).toBeNull();
    const wrong = await web.post('/en/connect/authorize', { csrf: 'x'.repeat(43), request, client_id: clientId, decision: 'allow' });
    expect(wrong.status).toBe(403);
    // The genuine form still works afterwards.
    const ok = await web.post('/en/connect/authorize', { csrf: csrfFrom(page.text), request, client_id: clientId, decision: 'allow' });
    expect(ok.status).toBe(303);
    expect(new URL(ok.location!).searchParams.get('code')).toBeTruthy();
  });

  it("one client's consent cannot approve another client", async () => {
    const other = await registerPublicClient(server, 'https://other.example/cb', 'Other host');
    const page = await openConsent(web, { clientId, redirectUri: REDIRECT, challenge });
    const res = await web.post('/en/connect/authorize', { csrf: csrfFrom(page.text), request: hiddenField(page.text, 'request'), client_id: other, decision: 'allow' });
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
  });

  it("another session cannot answer this session's consent request, and each request is answered once", async () => {
    const page = await openConsent(web, { clientId, redirectUri: REDIRECT, challenge });
    const request = hiddenField(page.text, 'request');
    const intruder = await signedInBrowser(server, (await server.addAccount({ password: PASSWORD })).email);
    const intruderPage = await intruder.get('/en/account');
    const stolen = await intruder.post('/en/connect/authorize', { csrf: csrfFrom(intruderPage.text), request, client_id: clientId, decision: 'allow' });
    expect(stolen.status).toBe(400);
    const first = await web.post('/en/connect/authorize', { csrf: csrfFrom(page.text), request, client_id: clientId, decision: 'allow' });
    expect(first.status).toBe(303);
    const again = await web.post('/en/connect/authorize', { csrf: csrfFrom(page.text), request, client_id: clientId, decision: 'allow' });
    expect(again.status).toBe(400);
  });

  it('an authorization request sent by POST (RFC 6749 section 3.1) continues as the GET', async () => {
    const res = await web.post('/en/connect/authorize', valid());
    expect(res.status).toBe(303);
    expect(res.location).toBe(authorizePath(valid()));
    expect((await web.get(res.location!)).status).toBe(200);
  });

  it('a consent POST without a session is refused', async () => {
    const res = await new WebClient(server.url).post('/en/connect/authorize', { request: 'x', decision: 'allow' });
    expect(res.status).toBe(403);
    expect(res.location).toBeNull();
  });
});
