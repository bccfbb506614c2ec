// OAuth under pressure: concurrent redemptions, a restart, the shared limits, and hostile
// input at the token and authorization endpoints (never a 5xx, never a token).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import type { WebClient } from './support/web-client.js';
import { connect, decide, exchangeCode, openConsent, register, obtainCode, PASSWORD, pkce, registerPublicClient, restSearch, signedInBrowser, tokenRequest } from './oauth-support.js';

const REDIRECT = 'https://host.example/callback';

describe('one server', () => {
  let server: TestServer;
  let web: WebClient;
  let clientId: string;
  let accountId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const account = await server.addAccount({ password: PASSWORD });
    accountId = account.id;
    web = await signedInBrowser(server, account.email);
    clientId = await registerPublicClient(server, REDIRECT);
  });
  afterAll(() => server.stop());

  it('of concurrent redemptions of one code exactly one succeeds, and its tokens are then revoked', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, challenge });
    const results = await Promise.all(Array.from({ length: 5 }, () => exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error === 'invalid_grant')).toBe(true);
    expect((await restSearch(server, ok[0]!.body.access_token)).status).toBe(401);
  });

  it('of concurrent uses of one refresh token at most one succeeds', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const results = await Promise.all(Array.from({ length: 4 }, () => tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token })));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.body.error === 'invalid_grant')).toBe(true);
  });

  it('OAuth and agent tokens of one account share the per-minute ceiling', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const account = (await server.deps.store.accounts.getById(accountId))!;
    const agent = await server.token(account, ['catalog:read']);
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) status = (await restSearch(server, agent)).status;
    expect(status).toBe(429);
    const viaOAuth = await restSearch(server, tokens.access_token);
    expect(viaOAuth.status).toBe(429);
    expect(viaOAuth.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('hostile token requests get 4xx OAuth errors, never 5xx or a token', async () => {
    const field = fc.constantFrom('grant_type', 'client_id', 'code', 'code_verifier', 'redirect_uri', 'refresh_token', 'scope', 'resource', 'client_secret', '__proto__', 'constructor');
    const value = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('authorization_code', 'refresh_token', clientId, 'rcat-cli', 'rcat_rt_x', 'javascript:alert(1)', '%00', 'https://evil.example/'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 8 }), fc.option(fc.string({ maxLength: 80 })), async (pairs, auth) => {
        const body = new URLSearchParams(pairs);
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
        if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
        const res = await fetch(`${server.url}/api/agent/oauth/token`, { method: 'POST', headers, body });
        const json = (await res.json()) as Record<string, unknown>;
        expect([400, 401]).toContain(res.status);
        expect(typeof json.error).toBe('string');
        expect(json.access_token).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('hostile authorization requests get a page or a redirect to the registered URI, never 5xx', async () => {
    const field = fc.constantFrom('response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource', 'prompt');
    const value = fc.oneof(fc.string({ maxLength: 100 }), fc.constantFrom('code', clientId, REDIRECT, 'S256', 'plain', 'https://evil.example/cb', 'catalog:read'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 8 }), async (pairs) => {
        const res = await web.get(`/en/connect/authorize?${new URLSearchParams(pairs)}`);
        expect(res.status).toBeLessThan(500);
        if (res.status === 302 || res.status === 303) {
          const location = res.location!;
          expect(location.startsWith(`${REDIRECT}?`) || location.startsWith('/en/sign-in')).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('secrets at rest', () => {
  it('codes, access and refresh tokens and client secrets are stored only as hashes and never logged', async () => {
    const lines: string[] = [];
    const server = await startTestServer({}, { log: (line) => lines.push(line) });
    try {
      const account = await server.addAccount({ password: PASSWORD });
      const web = await signedInBrowser(server, account.email);
      const reg = await register(server, { client_name: 'Confidential', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code', 'refresh_token'] });
      const { client_id, client_secret } = reg.body as { client_id: string; client_secret: string };
      const { verifier, challenge } = pkce();
      const location = await decide(web, await openConsent(web, { clientId: client_id, redirectUri: REDIRECT, challenge }), 'allow');
      const code = location.searchParams.get('code')!;
      const tokens = await tokenRequest(server, { grant_type: 'authorization_code', client_id, client_secret, code, code_verifier: verifier, redirect_uri: REDIRECT });
      expect(tokens.status).toBe(200);
      const rotated = await tokenRequest(server, { grant_type: 'refresh_token', client_id, client_secret, refresh_token: tokens.body.refresh_token });
      expect(rotated.status).toBe(200);
      const state = readFileSync(path.join(server.dataDir, 'state.json'), 'utf8');
      const secrets = [client_secret, code, tokens.body.access_token, tokens.body.refresh_token, rotated.body.access_token, rotated.body.refresh_token, verifier];
      for (const secret of secrets) {
        expect(state).not.toContain(secret);
        expect(lines.join('\n')).not.toContain(secret);
      }
      expect(state).toContain('oauthTokens');
    } finally {
      await server.stop();
    }
  });
});

describe('a restart', () => {
  it('keeps issued tokens, spent codes and rotated refresh tokens as they were', async () => {
    const dataDir = tempDir('rcat-oauth-restart-');
    let server = await startTestServer({ dataDir });
    const account = await server.addAccount({ password: PASSWORD });
    const web = await signedInBrowser(server, account.email);
    const clientId = await registerPublicClient(server, REDIRECT);
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const rotated = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token });
    expect(rotated.status).toBe(200);
    const port = Number(new URL(server.url).port);
    await server.stop();

    // Same address (tokens are bound to the base URL as their audience), same data dir.
    server = await startTestServer({ dataDir, port });
    try {
      expect((await restSearch(server, rotated.body.access_token)).status).toBe(200);
      const again = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: rotated.body.refresh_token });
      expect(again.status).toBe(200);
      // The refresh token spent before the restart is still recognised as spent: reuse revokes the family.
      const replay = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token });
      expect(replay.body.error).toBe('invalid_grant');
      expect((await restSearch(server, again.body.access_token)).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
