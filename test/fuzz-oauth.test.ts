// Issue 8, bad input at the OAuth endpoints not covered by test/oauth-robustness.test.ts (which
// fuzzes the token endpoint and GET /authorize): dynamic client registration, revocation, the
// authorization request sent by POST, and the consent form. Every request ends in a documented
// 4xx (an OAuth error, a page, or a redirect to a verified URI) — never a 5xx — and a refused
// request registers no client, issues no code and revokes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedState, hostileJson, hostileText, runs } from './support/hostile-input.js';
import { startTestServer, type TestServer } from './support/server.js';
import type { WebClient } from './support/web-client.js';
import { connect, openConsent, PASSWORD, pkce, registerPublicClient, restSearch, signedInBrowser } from './oauth-support.js';

const REDIRECT = 'https://host.example/callback';
let server: TestServer;
let web: WebClient;
let clientId: string;
let accessToken: string;

beforeAll(async () => {
  server = await startTestServer({ limits: 'variant-a' });
  const account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
  clientId = await registerPublicClient(server, REDIRECT);
  accessToken = (await connect(server, web, { clientId, redirectUri: REDIRECT })).access_token;
});
afterAll(() => server.stop());

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at |node_modules/);

describe('OAuth endpoints under hostile input', () => {
  it('registration: arbitrary JSON and metadata get 201 or a 400 OAuth error; a refusal registers nothing', async () => {
    const metadata = fc.oneof(
      hostileJson,
      fc.record(
        {
          client_name: fc.oneof(hostileText, fc.constantFrom('rcat CLI', 'rcat-cli')),
          redirect_uris: fc.oneof(fc.array(fc.oneof(hostileText, fc.constantFrom('https://ok.example/cb', 'http://evil.example/cb', 'javascript:alert(1)', 'http://127.0.0.1/cb', 'https://a.example/cb#frag')), { maxLength: 3 }), hostileJson),
          token_endpoint_auth_method: fc.oneof(hostileText, fc.constantFrom('none', 'client_secret_post', 'client_secret_basic', 'private_key_jwt')),
          grant_types: fc.oneof(fc.array(fc.oneof(hostileText, fc.constantFrom('authorization_code', 'refresh_token', 'implicit', 'password')), { maxLength: 3 }), hostileJson),
          response_types: fc.oneof(fc.array(fc.constantFrom('code', 'token'), { maxLength: 2 }), hostileJson),
          scope: fc.oneof(hostileText, fc.constantFrom('catalog:read', 'admin')),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(metadata, fc.boolean(), async (body, asJson) => {
        const before = guardedState(server.dataDir);
        const res = await fetch(`${server.url}/api/agent/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': asJson ? 'application/json' : 'text/plain' },
          body: JSON.stringify(body) ?? 'null',
        });
        const text = await res.text();
        noStackTrace(text);
        // 429: docs/oauth.md allows 300 registrations a minute per IP (reached in the stress run).
        expect([201, 400, 413, 415, 429]).toContain(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        if (res.status === 201) {
          expect(JSON.parse(text).client_id).toEqual(expect.any(String));
        } else {
          expect(typeof JSON.parse(text).error).toBe('string');
          expect(guardedState(server.dataDir)).toBe(before);
        }
      }),
      { numRuns: runs(60) },
    );
  });

  it('revocation: arbitrary forms get 200 or a 4xx OAuth error, and never revoke a token they do not hold', async () => {
    const field = fc.constantFrom('token', 'token_type_hint', 'client_id', 'client_secret', '__proto__');
    const value = fc.oneof(hostileText, fc.constantFrom(clientId, 'rcat-cli', 'access_token', 'refresh_token', 'rcat_oa_x', 'rcat_rt_x', 'rcat_at_x'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 6 }), async (pairs) => {
        const res = await fetch(`${server.url}/api/agent/oauth/revoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(pairs),
        });
        const text = await res.text();
        noStackTrace(text);
        expect([200, 400, 401]).toContain(res.status);
      }),
      { numRuns: runs(60) },
    );
    // The connection obtained before the barrage still works.
    expect((await restSearch(server, accessToken)).status).toBe(200);
  });

  it('the consent form: arbitrary fields (with and without the CSRF token) issue no code to anyone', async () => {
    const { challenge } = pkce();
    const page = await openConsent(web, { clientId, redirectUri: REDIRECT, challenge });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const request = /name="request" value="([^"]*)"/.exec(page.text)![1]!;
    const field = fc.constantFrom('csrf', 'request', 'client_id', 'decision', 'redirect_uri', 'scope', 'response_type', 'code_challenge');
    const value = fc.oneof(hostileText, fc.constantFrom('allow', 'deny', clientId, REDIRECT, 'https://evil.example/cb', csrf, `${request}x`, request.slice(0, -1)));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 7 }), async (pairs) => {
        const form: Record<string, string[]> = Object.create(null);
        for (const [k, v] of pairs) (form[k] ??= []).push(v);
        // Never the exact pending request: a right request id with the right CSRF is a real consent.
        if (form.request?.includes(request)) return;
        const res = await web.post('/en/connect/authorize', form);
        noStackTrace(res.text);
        expect(res.status, res.text.slice(0, 200)).toBeLessThan(500);
        // A redirect never carries a code and never leaves for an unverified address.
        if (res.location) {
          expect(res.location).not.toMatch(/[?&]code=/);
          expect(res.location.startsWith(REDIRECT) || res.location.startsWith('/en/')).toBe(true);
        }
      }),
      { numRuns: runs(60) },
    );
  });
});
