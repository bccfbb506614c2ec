// Brute-force throttling of the token endpoint (docs/oauth.md, "Failed attempts"): guesses —
// answers invalid_client and invalid_grant — are counted per client IP and per confidential
// client; past the allowance a request gets 429 slow_down with Retry-After before any secret,
// code or refresh token is looked at. Real server on port 0 behind a (simulated) proxy, so each
// test speaks from its own addresses (X-Forwarded-For); a controlled clock instead of waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, type TestServer } from './support/server.js';
import type { WebClient } from './support/web-client.js';
import { connect, decide, obtainCode, openConsent, PASSWORD, pkce, register, registerPublicClient, signedInBrowser } from './oauth-support.js';

const REDIRECT = 'https://host.example/callback';
let clock = Date.parse('2026-05-04T09:00:00Z');
let server: TestServer;
let account: Account;
let web: WebClient;
let net = 0;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true }, { now: () => new Date(clock) });
  account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
});
afterAll(() => server.stop());

/** A fresh /24 for each test, so tests do not share an address. */
const network = () => `10.${++net}.0`;

async function token(form: Record<string, string>, ip: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/agent/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...headers },
    body: new URLSearchParams(form),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

function expectThrottled(res: Awaited<ReturnType<typeof token>>): number {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe('slow_down');
  expect(res.body.error_description).toMatch(/Too many failed token requests/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const wait = res.headers.get('retry-after') ?? '';
  expect(wait).toMatch(/^\d+$/);
  expect(Number(wait)).toBeGreaterThanOrEqual(1);
  return Number(wait);
}

async function confidentialClient(): Promise<{ clientId: string; secret: string; refreshToken: string }> {
  const reg = await register(server, { client_name: 'Confidential host', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code', 'refresh_token'] });
  const { client_id: clientId, client_secret: secret } = reg.body as { client_id: string; client_secret: string };
  const { verifier, challenge } = pkce();
  const code = (await decide(web, await openConsent(web, { clientId, redirectUri: REDIRECT, challenge }), 'allow')).searchParams.get('code')!;
  const tokens = await token({ grant_type: 'authorization_code', client_id: clientId, client_secret: secret, code, code_verifier: verifier, redirect_uri: REDIRECT }, '192.0.2.1');
  expect(tokens.status).toBe(200);
  return { clientId, secret, refreshToken: tokens.body.refresh_token };
}

describe('token endpoint throttle', { timeout: 120_000 }, () => {
  it('per confidential client: secrets guessed from many addresses are blocked after 20 failures, even the right secret, which is not checked', async () => {
    const { clientId, secret, refreshToken } = await confidentialClient();
    const net = network();
    for (let i = 0; i < 21; i++) {
      const res = await token({ grant_type: 'refresh_token', client_id: clientId, client_secret: `guess-${i}`, refresh_token: refreshToken }, `${net}.${i + 1}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_client');
    }
    // Blocked for the client, from an address that never failed, with the right secret.
    const wait = expectThrottled(await token({ grant_type: 'refresh_token', client_id: clientId, client_secret: secret, refresh_token: refreshToken }, `${net}.200`));
    // Also with HTTP Basic, and at the revocation endpoint (a secret can be guessed there too).
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const viaBasic = await fetch(`${server.url}/api/agent/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `${net}.201`, authorization: basic },
      body: new URLSearchParams({ token: refreshToken }),
    });
    expect(viaBasic.status).toBe(429);
    clock += wait * 1000;
    // The refresh token presented while blocked was never looked at: it still works once.
    const ok = await token({ grant_type: 'refresh_token', client_id: clientId, client_secret: secret, refresh_token: refreshToken }, `${net}.200`);
    expect(ok.status).toBe(200);
    // The success cleared the client's count: a wrong secret is an ordinary 401 again.
    const wrong = await token({ grant_type: 'refresh_token', client_id: clientId, client_secret: 'guess-again', refresh_token: ok.body.refresh_token }, `${net}.202`);
    expect(wrong.status).toBe(401);
  });

  it('per address: after 100 failed guesses a valid code and refresh token from that address get 429 unchecked; other addresses are unaffected; after the delay both work', async () => {
    const clientId = await registerPublicClient(server, REDIRECT);
    const attacker = `${network()}.7`;
    for (let i = 0; i < 101; i++) {
      const res = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: `rcat_rt_guess${i}` }, attacker);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    }
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const exchange = { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: REDIRECT };
    const wait = expectThrottled(await token(exchange, attacker));
    expectThrottled(await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }, attacker));
    // The public client itself is not blocked: its other users are served.
    expect((await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }, `${network()}.9`)).status).toBe(200);
    clock += wait * 1000;
    // The code presented while blocked was not burnt (any failed redemption burns a code).
    expect((await token(exchange, attacker)).status).toBe(200);
  });

  it('an IPv6 client counts by its /64: guesses spread over one /64 are blocked together, the next /64 is not', async () => {
    const clientId = await registerPublicClient(server, REDIRECT);
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    for (let i = 1; i <= 101; i++) {
      expect((await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: `rcat_rt_v6guess${i}` }, `2001:db8:77:1::${i.toString(16)}`)).status).toBe(400);
    }
    expectThrottled(await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }, '2001:db8:77:1:ffff:ffff:ffff:ffff'));
    expect((await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('a success does not clear the address: at the allowance, a good request passes and the next failure blocks', async () => {
    const clientId = await registerPublicClient(server, REDIRECT);
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const ip = `${network()}.1`;
    for (let i = 0; i < 100; i++) expect((await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: `rcat_rt_nope${i}` }, ip)).status).toBe(400);
    const good = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }, ip);
    expect(good.status).toBe(200);
    expect((await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'rcat_rt_one-more' }, ip)).status).toBe(400);
    expectThrottled(await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: good.body.refresh_token }, ip));
  });

  it('never blocks normal use: 150 refreshes in a row and malformed requests from one address cost no allowance', async () => {
    const clientId = await registerPublicClient(server, REDIRECT);
    let refresh = (await connect(server, web, { clientId, redirectUri: REDIRECT })).refresh_token as string;
    const ip = `${network()}.1`;
    for (let i = 0; i < 150; i++) {
      const res = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refresh }, ip);
      expect(res.status).toBe(200);
      refresh = res.body.refresh_token;
      // A request that is not a guess (here a missing parameter) is not counted either.
      expect((await token({ grant_type: 'refresh_token', client_id: clientId }, ip)).body.error).toBe('invalid_request');
    }
  });
});
