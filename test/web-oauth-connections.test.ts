// OAuth connections on the agent-connections page: a client connected through the real code
// flow is listed (its self-chosen name escaped), and revoking it there (POST + CSRF) makes its
// access token fail with 401 at once; another account cannot revoke it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { connect, PASSWORD, registerPublicClient, restSearch, signedInBrowser } from './oauth-support.js';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, type WebClient } from './support/web-client.js';

const PAGE = '/en/account/agent-connections';
const HOSTILE_NAME = 'Evil <script>alert(1)</script> & "Co"';
const REDIRECT = 'http://127.0.0.1:49152/callback';

let server: TestServer;
let owner: Account;
let web: WebClient;
let accessToken: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, owner.email);
  const clientId = await registerPublicClient(server, REDIRECT, HOSTILE_NAME);
  const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT, scope: 'catalog:read projects:read' });
  accessToken = tokens.access_token as string;
  expect((await restSearch(server, accessToken)).status).toBe(200);
});
afterAll(() => server.stop());

function grantRevokePath(page: string): string {
  const match = /action="(\/en\/account\/agent-connections\/grants\/[^"]+\/revoke)"/.exec(page);
  if (!match) throw new Error('no grant revoke form on the page');
  return match[1]!;
}

describe('OAuth connections on the agent-connections page', { timeout: 60_000 }, () => {
  it('are listed with the client name escaped, the granted scopes and dates', async () => {
    const page = await web.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    const row = /<tr>\s*<th scope="row"><span class="client-name">Evil[\s\S]*?<\/tr>/.exec(page.text)?.[0] ?? '';
    expect(row).toContain('catalog:read');
    expect(row).toContain('projects:read');
    expect(row).not.toContain('shortlist:write');
    expect(row).toContain('active');
  });

  it('their access tokens cannot open a page or start a session', async () => {
    for (const page of ['/en/account', PAGE, '/en/guides']) {
      const res = await fetch(`${server.url}${page}`, { headers: { authorization: `Bearer ${accessToken}` }, redirect: 'manual' });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('rcat_session='))).toBe(false);
      if (page === '/en/guides') expect(await res.text()).toContain('href="/en/sign-in"');
      else expect(res.headers.get('location')).toMatch(/^\/en\/sign-in\?next=/);
    }
  });

  it('cannot be revoked by another account, nor without the CSRF token', async () => {
    const path = grantRevokePath((await web.get(PAGE)).text);
    const intruder = await server.addAccount({ password: PASSWORD });
    const other = await signedInBrowser(server, intruder.email);
    const otherCsrf = csrfFrom((await other.get(PAGE)).text);
    expect((await other.post(path, { csrf: otherCsrf })).status).toBe(404);
    expect((await web.post(path, {})).status).toBe(403);
    expect((await restSearch(server, accessToken)).status).toBe(200);
  });

  it('revoked there, its access token gets 401 on the next request', async () => {
    const page = await web.get(PAGE);
    const res = await web.post(grantRevokePath(page.text), { csrf: csrfFrom(page.text) });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${PAGE}?revoked=grant`);
    expect((await restSearch(server, accessToken)).status).toBe(401);
    const after = await web.get(res.location!);
    expect(after.text).toContain('The connection is revoked');
    expect(/<tr>\s*<th scope="row"><span class="client-name">Evil[\s\S]*?<\/tr>/.exec(after.text)?.[0]).toContain('revoked');
  });
});
