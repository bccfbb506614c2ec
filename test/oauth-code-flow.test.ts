// The authorization code grant over real HTTP: consent, PKCE S256, single-use short-lived codes
// bound to client, redirect URI and challenge; reuse revokes what the first redemption produced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, type WebClient } from './support/web-client.js';
import {
  authorizePath,
  connect,
  decide,
  exchangeCode,
  hiddenField,
  obtainCode,
  openConsent,
  PASSWORD,
  pkce,
  registerPublicClient,
  restSearch,
  signedInBrowser,
  tokenRequest,
} from './oauth-support.js';

let server: TestServer;
let web: WebClient;
let clientId: string;
const REDIRECT = 'https://host.example/callback';
let clock = Date.parse('2026-03-01T10:00:00Z');

beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(clock) });
  const account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
  clientId = await registerPublicClient(server, REDIRECT);
});
afterAll(() => server.stop());

describe('authorization code with PKCE', () => {
  it('issues a bearer access token and a refresh token that work on the REST API', async () => {
    const { verifier, challenge } = pkce();
    const consent = await web.get(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'catalog:read', state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(consent.status).toBe(200);
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, scope: 'catalog:read', state: 'xyz', challenge });
    const res = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.access_token).toMatch(/^rcat_oa_/);
    expect(res.body.refresh_token).toMatch(/^rcat_rt_/);
    expect(res.body.expires_in).toBeGreaterThan(0);
    expect(res.body.expires_in).toBeLessThanOrEqual(3600);
    expect(res.body.scope).toBe('catalog:read');
    expect((await restSearch(server, res.body.access_token)).status).toBe(200);
  });

  it('returns the state and the issuer with the code', async () => {
    const { challenge } = pkce();
    const location = await decide(web, await openConsent(web, { clientId, redirectUri: REDIRECT, state: 'opaque state ✓', challenge }), 'allow');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('opaque state ✓');
    expect(location.searchParams.get('iss')).toBe(server.url);
  });

  it('refuses a wrong code_verifier, and the code is then burnt', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const wrong = await exchangeCode(server, { clientId, code, verifier: pkce().verifier, redirectUri: REDIRECT });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    const right = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('invalid_grant');
  });

  it('refuses a token request without code_verifier', async () => {
    const { challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const res = await tokenRequest(server, { grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: REDIRECT });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('a second redemption fails and revokes the tokens of the first', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const first = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(first.status).toBe(200);
    expect((await restSearch(server, first.body.access_token)).status).toBe(200);
    const second = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    const after = await restSearch(server, first.body.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const refresh = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: first.body.refresh_token });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('a spent code presented by another client or with a wrong verifier is refused and revokes nothing', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const first = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(first.status).toBe(200);
    const stranger = await registerPublicClient(server, REDIRECT, 'Another MCP host');
    const replays = [
      { clientId, code, verifier: pkce().verifier, redirectUri: REDIRECT }, // its client, wrong verifier
      { clientId: stranger, code, verifier, redirectUri: REDIRECT }, // another client, even with the right verifier
      { clientId: stranger, code, verifier: pkce().verifier, redirectUri: REDIRECT },
    ];
    for (const replay of replays) {
      const res = await exchangeCode(server, replay);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
      expect(res.body.access_token).toBeUndefined();
    }
    // Nothing changed: the connection's access token works, its refresh token rotates.
    expect((await restSearch(server, first.body.access_token)).status).toBe(200);
    const refresh = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: first.body.refresh_token });
    expect(refresh.status).toBe(200);
    // The replay RFC 9700 section 4.5.3 means (its own client, the right verifier) still revokes.
    const replay = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await restSearch(server, refresh.body.access_token)).status).toBe(401);
  });

  it('codes expire within about a minute (controllable clock)', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    clock += 61_000;
    const res = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('a consent page left open longer than 10 minutes can no longer be answered', async () => {
    const { challenge } = pkce();
    const page = await openConsent(web, { clientId, redirectUri: REDIRECT, challenge });
    clock += 11 * 60_000;
    const res = await web.post('/en/connect/authorize', { csrf: csrfFrom(page.text), request: hiddenField(page.text, 'request'), decision: 'allow' });
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
  });

  it('a code is bound to its redirect URI', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const missing = await exchangeCode(server, { clientId, code, verifier });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_grant');
    const code2 = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const other = await exchangeCode(server, { clientId, code: code2, verifier, redirectUri: `${REDIRECT}/other` });
    expect(other.body.error).toBe('invalid_grant');
  });

  it("another client cannot redeem a client's code", async () => {
    const otherClient = await registerPublicClient(server, REDIRECT, 'Another host');
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const res = await exchangeCode(server, { clientId: otherClient, code, verifier, redirectUri: REDIRECT });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('an unknown client gets invalid_client with 401', async () => {
    const res = await tokenRequest(server, { grant_type: 'authorization_code', client_id: 'no-such-client', code: 'x', code_verifier: pkce().verifier });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('an unknown code, an unsupported grant type and repeated parameters are refused', async () => {
    const unknown = await exchangeCode(server, { clientId, code: 'made-up', verifier: pkce().verifier, redirectUri: REDIRECT });
    expect(unknown.body.error).toBe('invalid_grant');
    const grant = await tokenRequest(server, { grant_type: 'password', client_id: clientId, username: 'a', password: 'b' });
    expect(grant.body.error).toBe('unsupported_grant_type');
    const repeated = await tokenRequest(server, { grant_type: ['authorization_code', 'authorization_code'], client_id: clientId });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('invalid_request');
  });

  it('the token endpoint answers GET with 405 and malformed bodies with 400, never 500', async () => {
    const get = await fetch(`${server.url}/api/agent/oauth/token`);
    expect(get.status).toBe(405);
    const json = await fetch(`${server.url}/api/agent/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    expect(json.status).toBe(400);
    const big = await fetch(`${server.url}/api/agent/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `a=${'x'.repeat(40_000)}` });
    expect(big.status).toBe(400);
    expect(((await big.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('a whole flow works for the pre-registered CLI client with a loopback redirect on any port', async () => {
    const tokens = await connect(server, web, { clientId: 'rcat-cli', redirectUri: 'http://127.0.0.1:51234/callback' });
    expect((await restSearch(server, tokens.access_token)).status).toBe(200);
  });
});
