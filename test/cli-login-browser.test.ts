// rcat login in the browser (OAuth code + PKCE, RFC 8252 loopback redirect), driven by
// following the printed URL over real HTTP: sign-in form, consent page, redirect to the CLI.
// Then OAuth refresh by several concurrent rcat processes, and logout's revocation. The first
// sign-in and the concurrent refresh run rcat as child processes; the rest run it in process.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { GENEROUS_LIMITS, limitsFile } from './support/mcp-client.js';
import { decide, PASSWORD, signedInBrowser } from './oauth-support.js';
import type { WebClient } from './support/web-client.js';
import { assertBuilt, type CliHome, cliHome, leaks, rcat, runCli, spawnCli, startInProcess, watch } from './cli-support.js';

let server: TestServer;
let account: Account;
const homes: CliHome[] = [];

function home(): CliHome {
  const h = cliHome({ RCAT_SERVER: server.url });
  homes.push(h);
  return h;
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer({ limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  account = await server.addAccount({ password: PASSWORD, name: 'Barbara McClintock' });
});
afterAll(async () => {
  for (const h of homes) h.cleanup();
  await server.stop();
});

/** Starts `rcat login --no-browser` (a child process, or in process), returns the printed authorization URL and the running CLI. */
async function startLogin(h: CliHome, options: { process?: boolean } = {}) {
  const args = ['login', '--no-browser', '--timeout', '120'];
  const cli = options.process ? watch(spawnCli(args, h.env)) : startInProcess(args, h.env);
  const [, printed] = await cli.waitFor(/\n\s+(http:\/\/\S+)\n/);
  return { cli, url: new URL(printed!) };
}

/** Opens the printed authorization URL as the signed-in browser would: the consent page. */
async function openConsentAt(web: WebClient, url: URL) {
  const page = await web.get(`${url.pathname}${url.search}`);
  expect(page.status).toBe(200);
  return page;
}

/** A complete browser sign-in for `h`. */
async function signIn(h: CliHome): Promise<void> {
  const { cli, url } = await startLogin(h);
  const web = await signedInBrowser(server, account.email);
  await fetch(await decide(web, await openConsentAt(web, url), 'allow'));
  const done = await cli.exited;
  expect(done.code, done.stderr).toBe(0);
}

const credentialsOf = (h: CliHome) => JSON.parse(readFileSync(path.join(h.configDir, 'credentials.json'), 'utf8')).servers[server.url];

describe('rcat login (browser)', { timeout: 180_000 }, () => {
  it('asks for code + PKCE S256 with a loopback redirect and both resources, and signs in when allowed', async () => {
    const h = home();
    const { cli, url } = await startLogin(h, { process: true });
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/en/connect/authorize`);
    expect(url.searchParams.get('client_id')).toBe('rcat-cli');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.getAll('resource')).toEqual([server.url, `${server.url}/mcp`]);
    const redirect = new URL(url.searchParams.get('redirect_uri')!);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(redirect.pathname).toBe('/callback');

    // A stray request with the wrong state is refused and does not end the login.
    const stray = await fetch(`${redirect}?state=not-the-state&code=forged`);
    expect(stray.status).toBe(400);

    const web = await signedInBrowser(server, account.email);
    const location = await decide(web, await openConsentAt(web, url), 'allow');
    expect(location.origin).toBe(redirect.origin);
    const landing = await fetch(location);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toMatch(/Signed in to rcat/);

    const done = await cli.exited;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(account.email);
    expect(done.stdout).toBe('');
    // Only one request is accepted: the listener is gone.
    await expect(fetch(location)).rejects.toThrow();

    const stored = credentialsOf(h);
    expect(stored.kind).toBe('oauth');
    expect(stored.refreshToken).toBeTruthy();
    expect(leaks(done, stored.accessToken, stored.refreshToken)).toEqual([]);

    // The one sign-in reaches the REST API and the MCP endpoint.
    const search = await rcat(['search', 'microscope', '--json'], h.env);
    expect(search.code, search.stderr).toBe(0);
    const projects = await rcat(['projects', '--json'], h.env);
    expect(projects.code, projects.stderr).toBe(0);
    const status = JSON.parse((await rcat(['status', '--json'], h.env)).stdout);
    expect(status.token.kind).toBe('oauth');
    expect(status.account.email).toBe(account.email);
  });

  it('exit 4 with a clear message when access is denied', async () => {
    const h = home();
    const { cli, url } = await startLogin(h);
    const web = await signedInBrowser(server, account.email);
    const location = await decide(web, await openConsentAt(web, url), 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    const landing = await fetch(location);
    expect(await landing.text()).toMatch(/did not allow access/);
    const done = await cli.exited;
    expect(done.code).toBe(4);
    expect(done.stderr).toMatch(/Access was denied in the browser/);
  });

  it('exit 4 when nothing arrives in time', async () => {
    const h = home();
    const r = await rcat(['login', '--no-browser', '--timeout', '1'], h.env);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/No answer from the browser within 1 seconds/);
  });

  it('concurrent rcat processes share one refresh: none spends a refresh token another already used', async () => {
    const h = home();
    await signIn(h);

    // Make the stored access token look expired, so every process below wants to refresh.
    const file = path.join(h.configDir, 'credentials.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    const before = doc.servers[server.url];
    doc.servers[server.url].expiresAt = new Date(Date.now() - 60_000).toISOString();
    writeFileSync(file, JSON.stringify(doc));

    const runs = await Promise.all(Array.from({ length: 4 }, (_, i) => runCli(i % 2 ? ['search', 'microscope'] : ['projects', '--json'], h.env)));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const after = credentialsOf(h);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.now());
    // If two processes had spent the same refresh token, reuse detection would have ended the
    // grant; the sign-in still works:
    expect((await rcat(['status'], h.env)).code).toBe(0);

    // logout revokes the grant on the server: the old tokens stop working.
    const out = await rcat(['logout'], h.env);
    expect(out.stderr).toMatch(/Revoked the sign-in on the server/);
    const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${after.accessToken}` } });
    expect(res.status).toBe(401);
  });

  it('an access token the server stopped accepting, though it looks fresh here, is refreshed once', async () => {
    const h = home();
    await signIn(h);
    const before = credentialsOf(h);
    const revoke = await fetch(`${server.url}/api/agent/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: before.accessToken, token_type_hint: 'access_token', client_id: 'rcat-cli' }),
    });
    expect(revoke.status).toBe(200);
    const search = await rcat(['search', 'microscope'], h.env);
    expect(search.code, search.stderr).toBe(0);
    expect(credentialsOf(h).accessToken).not.toBe(before.accessToken);
    // The same through /mcp.
    const mid = credentialsOf(h);
    await fetch(`${server.url}/api/agent/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: mid.accessToken, client_id: 'rcat-cli' }),
    });
    const projects = await rcat(['projects'], h.env);
    expect(projects.code, projects.stderr).toBe(0);
    expect(credentialsOf(h).accessToken).not.toBe(mid.accessToken);
  });

  it('signing in again revokes the sign-in it replaces', async () => {
    const h = home();
    await signIn(h);
    const first = credentialsOf(h);
    await signIn(h);
    expect(credentialsOf(h).refreshToken).not.toBe(first.refreshToken);
    const reuse = await fetch(`${server.url}/api/agent/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refreshToken, client_id: 'rcat-cli' }),
    });
    expect(reuse.status).toBe(400);
    expect((await rcat(['search', 'microscope'], h.env)).code).toBe(0);
  });
});
