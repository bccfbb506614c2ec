// Issue 8, security: token handling across one whole flow — sign-in, an agent token created on
// the agent-connections page, an OAuth connection, REST and /mcp calls with both, a bogus token,
// revocation of both. Every secret that crossed the wire (password, session cookie, CSRF
// tokens, agent token, code, access and refresh tokens) is absent from state.json (only its
// hash is there) and from everything the server logged; revocation takes effect on the very
// next request; a bearer token opens no page; the state file is readable by its owner only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../src/server/services/token-secrets.js';
import { rawMcp, toolCallMessage } from './support/mcp-client.js';
import { startTestServer, tempDir } from './support/server.js';
import { csrfFrom } from './support/web-client.js';
import { connect, PASSWORD, registerPublicClient, restSearch, signedInBrowser, tokenRequest } from './oauth-support.js';

const REDIRECT = 'https://host.example/callback';

describe('secrets across a whole flow', () => {
  it('are stored only as hashes, never logged, revoked at once, and never open a page', async () => {
    const logged: string[] = [];
    // A data dir the server creates itself, so its permissions are the server's choice.
    const dataDir = path.join(tempDir('rcat-secrets-'), 'fresh');
    const server = await startTestServer({ dataDir, limits: 'variant-a' }, { log: (line) => logged.push(line) });
    try {
      const account = await server.addAccount({ password: PASSWORD });
      const web = await signedInBrowser(server, account.email);
      const sessionCookie = web.cookies.get('rcat_session')!;
      expect(sessionCookie).toBeTruthy();

      // An agent token through the page.
      const page = await web.get('/en/account/agent-connections');
      const csrf = csrfFrom(page.text);
      const created = await web.post('/en/account/agent-connections', { csrf, label: 'flow', scope: ['catalog:read', 'shortlist:write'] });
      expect(created.status).toBe(201);
      const agentToken = /id="new-token"[^>]*value="([^"]+)"/.exec(created.text)![1]!;
      expect(created.headers.get('cache-control')).toMatch(/no-store/);

      // An OAuth connection (code, access and refresh tokens), refreshed once.
      const clientId = await registerPublicClient(server, REDIRECT);
      const oauth = await connect(server, web, { clientId, redirectUri: REDIRECT });
      const rotated = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: oauth.refresh_token });
      expect(rotated.status).toBe(200);

      // Both work on REST and /mcp; a bogus token of the right shape is refused.
      for (const token of [agentToken, rotated.body.access_token as string]) {
        expect((await restSearch(server, token)).status).toBe(200);
        expect((await rawMcp(server.url, { token, body: toolCallMessage('search', { query: 'microscope' }) })).status).toBe(200);
      }
      const bogus = `rcat_at_${'A'.repeat(43)}`;
      expect((await restSearch(server, bogus)).status).toBe(401);

      // A bearer token never opens a page: it is sent to sign in like any visitor.
      for (const token of [agentToken, rotated.body.access_token as string]) {
        const res = await fetch(`${server.url}/en/account/agent-connections`, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toMatch(/^\/en\/sign-in/);
      }

      // Revocation takes effect on the next request, on both interfaces.
      const tokenId = /\/tokens\/([^/"]+)\/revoke/.exec((await web.get('/en/account/agent-connections')).text)![1]!;
      const listing = await web.get('/en/account/agent-connections');
      expect((await web.post(`/en/account/agent-connections/tokens/${tokenId}/revoke`, { csrf: csrfFrom(listing.text) })).status).toBe(303);
      expect((await restSearch(server, agentToken)).status).toBe(401);
      expect((await rawMcp(server.url, { token: agentToken, body: toolCallMessage('search', { query: 'microscope' }) })).status).toBe(401);
      const revoke = await fetch(`${server.url}/api/agent/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: rotated.body.refresh_token, client_id: clientId }),
      });
      expect(revoke.status).toBe(200);
      expect((await restSearch(server, rotated.body.access_token)).status).toBe(401);

      await server.stop();
      const state = readFileSync(path.join(dataDir, 'state.json'), 'utf8');
      const secrets: Record<string, string> = {
        password: PASSWORD,
        'session cookie': sessionCookie,
        'page CSRF token': csrf,
        'agent token': agentToken,
        'bogus token': bogus,
        'first access token': oauth.access_token,
        'first refresh token': oauth.refresh_token,
        'rotated access token': rotated.body.access_token,
        'rotated refresh token': rotated.body.refresh_token,
      };
      const log = logged.join('\n');
      for (const [what, secret] of Object.entries(secrets)) {
        if (what !== 'page CSRF token') expect(state, `${what} in state.json`).not.toContain(secret);
        expect(log, `${what} in the log`).not.toContain(secret);
      }
      // What is there instead is the hash, so the check above looked at the right place.
      expect(state).toContain(hashSecret(agentToken));

      // Files are the owner's only: a local user cannot read hashes, sessions or usage.
      expect(statSync(dataDir).mode & 0o077).toBe(0);
      for (const f of readdirSync(dataDir, { recursive: true }) as string[]) {
        const st = statSync(path.join(dataDir, f));
        if (st.isFile()) expect(st.mode & 0o077, `${f} is readable by others`).toBe(0);
      }
    } finally {
      await server.stop().catch(() => {});
    }
  }, 60_000);
});
