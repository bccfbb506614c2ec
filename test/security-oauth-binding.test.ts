// Issue 8, security: a pending consent belongs to the browser session that opened it. Another
// signed-in account that learns the request id (from a shared screen, a log, a referrer) cannot
// answer it with its own session and CSRF token — otherwise it could connect the victim's client
// to the attacker's account. The rest of the OAuth attack list is in test/oauth-*.test.ts
// (see docs/security.md, section 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';
import { decide, hiddenField, openConsent, PASSWORD, pkce, registerPublicClient } from './oauth-support.js';

const REDIRECT = 'https://host.example/callback';
let server: TestServer;
let victim: WebClient;
let attacker: WebClient;
let clientId: string;
let attackerId: string;

beforeAll(async () => {
  server = await startTestServer({ limits: 'variant-a' });
  victim = new WebClient(server.url);
  attacker = new WebClient(server.url);
  expect((await victim.signIn((await server.addAccount({ password: PASSWORD })).email, PASSWORD)).status).toBe(303);
  const attackerAccount = await server.addAccount({ password: PASSWORD });
  attackerId = attackerAccount.id;
  expect((await attacker.signIn(attackerAccount.email, PASSWORD)).status).toBe(303);
  clientId = await registerPublicClient(server, REDIRECT);
});
afterAll(() => server.stop());

describe('a pending consent is bound to its session', () => {
  it("another account cannot answer it with its own session and CSRF token; the victim still can", async () => {
    const page = await openConsent(victim, { clientId, redirectUri: REDIRECT, challenge: pkce().challenge });
    const request = hiddenField(page.text, 'request');

    for (const decision of ['allow', 'deny']) {
      const own = await attacker.get('/en/account/agent-connections');
      const res = await attacker.post('/en/connect/authorize', { csrf: csrfFrom(own.text), request, client_id: clientId, decision });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.location ?? '').not.toMatch(/[?&]code=/);
    }
    expect(await server.deps.store.oauth.listGrantsForAccount(attackerId)).toEqual([]);

    // The attacker's attempt did not spend or spoil the victim's request.
    const location = await decide(victim, page, 'allow');
    expect(location.searchParams.get('code')).toBeTruthy();
  });
});
