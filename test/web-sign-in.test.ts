// Sign-in, sign-out, sessions and their cookie, over real HTTP against the server on port 0.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app/request-listener.js';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';

const PASSWORD = 'correct horse battery staple';
let clock = new Date('2026-03-02T09:00:00Z');
let server: TestServer;
let account: Account;

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
  account = await server.addAccount({ password: PASSWORD, name: 'Ada Researcher' });
});
afterAll(() => server.stop());

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('sign-in', { timeout: 60_000 }, () => {
  it('signs in with the right password, sets a hardened session cookie and redirects to a local next', async () => {
    const web = new WebClient(server.url);
    const page = await web.get('/en/sign-in?next=%2Fen%2Faccount%2Fagent-connections');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<label for="email">');
    const res = await web.post('/en/sign-in', { csrf: csrfFrom(page.text), email: account.email.toUpperCase(), password: PASSWORD, next: '/en/account/agent-connections' });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/en/account/agent-connections');
    const cookie = res.setCookies.find((c) => c.startsWith('rcat_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/); // http base URL
    const accountPage = await web.get('/en/account');
    expect(accountPage.status).toBe(200);
    expect(accountPage.text).toContain('Ada Researcher');
    // The store keeps only a hash of the session secret.
    const secret = web.cookies.get('rcat_session')!;
    expect(readFileSync(path.join(server.dataDir, 'state.json'), 'utf8')).not.toContain(secret);
  });

  it('gives the same generic answer for a wrong password and an unknown account', async () => {
    const wrong = await new WebClient(server.url).signIn(account.email, 'not the password');
    const unknown = await new WebClient(server.url).signIn('nobody-here@example.test', 'whatever');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const message = (t: string) => /<p class="error"[^>]*>([^<]+)<\/p>/.exec(t)?.[1];
    expect(message(wrong.text)).toBeTruthy();
    expect(message(wrong.text)).toBe(message(unknown.text));
    expect(wrong.setCookies.some((c) => c.startsWith('rcat_session='))).toBe(false);
  });

  it('rejects a sign-in POST without the form token (login CSRF) and starts no session', async () => {
    const web = new WebClient(server.url);
    const res = await web.post('/en/sign-in', { email: account.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.setCookies.some((c) => c.startsWith('rcat_session='))).toBe(false);
    await web.get('/en/sign-in'); // now has the sign-in cookie, but posts a forged token
    const forged = await web.post('/en/sign-in', { csrf: 'forged-value', email: account.email, password: PASSWORD });
    expect(forged.status).toBe(403);
  });

  it('a planted sign-in cookie with a value of the attacker\'s choosing signs nobody in (the value must be one this server signed)', async () => {
    // What a sibling subdomain or a man-in-the-middle could plant, with the same value in the form.
    for (const planted of ['attacker-chosen-value', 'A'.repeat(75), 'x'.repeat(32) + 'y'.repeat(43)]) {
      const res = await new WebClient(server.url).post('/en/sign-in', { csrf: planted, email: account.email, password: PASSWORD }, { cookie: `rcat_signin=${planted}` });
      expect(res.status).toBe(403);
      expect(res.setCookies.some((c) => c.startsWith('rcat_session='))).toBe(false);
    }
    // A genuine pre-session cookie with a form value from another pre-session does not pass either.
    const a = await new WebClient(server.url).get('/en/sign-in');
    const b = await new WebClient(server.url).get('/en/sign-in');
    const cookieA = a.setCookies.find((c) => c.startsWith('rcat_signin='))!.split(';')[0]!;
    const mixed = await new WebClient(server.url).post('/en/sign-in', { csrf: csrfFrom(b.text), email: account.email, password: PASSWORD }, { cookie: cookieA });
    expect(mixed.status).toBe(403);
    // A planted unsigned cookie is replaced by a signed one when the form is shown.
    const shown = await new WebClient(server.url).get('/en/sign-in', { cookie: 'rcat_signin=attacker-chosen-value' });
    expect(shown.setCookies.find((c) => c.startsWith('rcat_signin='))).not.toMatch(/^rcat_signin=attacker-chosen-value;/);
  });

  it.each([
    ['//evil.example/x'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/%0d%0aSet-Cookie:x=1'],
    ['\\\\evil.example'],
  ])('never redirects off-site after sign-in (next=%s)', async (next) => {
    const res = await new WebClient(server.url).signIn(account.email, PASSWORD, next);
    expect(res.status).toBe(303);
    const location = res.location!;
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(new URL(location, server.url).origin).toBe(new URL(server.url).origin);
  });

  it('rejects malformed and oversized input with a page, not a 500', async () => {
    const web = new WebClient(server.url);
    const csrf = csrfFrom((await web.get('/en/sign-in')).text);
    expect((await web.post('/en/sign-in', { csrf, email: '', password: '' })).status).toBe(400);
    expect((await web.post('/en/sign-in', { csrf, email: [account.email, 'x@y.z'], password: PASSWORD })).status).toBe(400);
    const huge = await web.post('/en/sign-in', { csrf, email: account.email, password: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(huge.text).not.toMatch(/at .*\.js:\d+/);
  });
});

describe('slowing repeated failures', { timeout: 60_000 }, () => {
  it('blocks an address after repeated failures with 429 and Retry-After, even for the right password, then lets it in after the delay', async () => {
    const victim = await server.addAccount({ password: PASSWORD });
    const web = new WebClient(server.url);
    for (let i = 0; i < 5; i++) expect((await web.signIn(victim.email, `wrong ${i}`)).status).toBe(401);
    expect((await web.signIn(victim.email, 'wrong again')).status).toBe(401); // 6th failure: now blocked
    const blocked = await web.signIn(victim.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(blocked.setCookies.some((c) => c.startsWith('rcat_session='))).toBe(false);
    advance(Number(blocked.headers.get('retry-after')) * 1000);
    expect((await web.signIn(victim.email, PASSWORD)).status).toBe(303);
  });
});

describe('parallel guessing', { timeout: 60_000 }, () => {
  it('counts parallel attempts one after another, so a burst cannot outrun the throttle', async () => {
    const target = await server.addAccount({ password: PASSWORD });
    const web = new WebClient(server.url);
    const csrf = csrfFrom((await web.get('/en/sign-in')).text);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => web.post('/en/sign-in', { csrf, email: target.email, password: `guess ${i}` })));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBe(6);
    expect(statuses.filter((s) => s === 429).length).toBe(6);
    expect((await web.post('/en/sign-in', { csrf, email: target.email, password: PASSWORD })).status).toBe(429);
  });
});

describe('sessions', { timeout: 60_000 }, () => {
  it('sign-out needs the CSRF token, then ends the session on the server', async () => {
    const web = new WebClient(server.url);
    await web.signIn(account.email, PASSWORD);
    const stolen = web.cookies.get('rcat_session')!;
    expect((await web.post('/en/sign-out', {})).status).toBe(403);
    expect((await web.get('/en/account')).status).toBe(200);
    const csrf = csrfFrom((await web.get('/en/account')).text);
    const out = await web.post('/en/sign-out', { csrf });
    expect(out.status).toBe(303);
    expect(out.setCookies.find((c) => c.startsWith('rcat_session='))).toMatch(/Max-Age=0/);
    // Replaying the old cookie does not work: the session is gone server-side.
    const replay = await fetch(`${server.url}/en/account`, { headers: { cookie: `rcat_session=${stolen}` }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toMatch(/^\/en\/sign-in\?next=/);
  });

  it('expires after 12 idle hours', async () => {
    const web = new WebClient(server.url);
    await web.signIn(account.email, PASSWORD);
    advance(11 * 3600_000);
    expect((await web.get('/en/account')).status).toBe(200); // use moves the idle expiry
    advance(11 * 3600_000);
    expect((await web.get('/en/account')).status).toBe(200);
    advance(12 * 3600_000 + 1000);
    expect((await web.get('/en/account')).status).toBe(303);
  });

  it('expires 7 days after sign-in however much it is used', async () => {
    const web = new WebClient(server.url);
    await web.signIn(account.email, PASSWORD);
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      advance(6 * 3600_000);
      expect((await web.get('/en/account')).status).toBe(200);
    }
    advance(12 * 3600_000);
    expect((await web.get('/en/account')).status).toBe(303);
  });

  it('a new sign-in replaces the old session (no fixation)', async () => {
    const web = new WebClient(server.url);
    const csrf = csrfFrom((await web.get('/en/sign-in')).text);
    await web.signIn(account.email, PASSWORD);
    const first = web.cookies.get('rcat_session')!;
    const page = await web.get('/en/sign-in'); // already signed in: redirected
    expect(page.status).toBe(303);
    web.cookies.set('rcat_session', first);
    const again = await web.post('/en/sign-in', { csrf, email: account.email, password: PASSWORD });
    expect(again.status).toBe(303);
    expect(web.cookies.get('rcat_session')).not.toBe(first);
    const old = await fetch(`${server.url}/en/account`, { headers: { cookie: `rcat_session=${first}` }, redirect: 'manual' });
    expect(old.status).toBe(303);
  });

  it('a disabled account loses its pages at once', async () => {
    const other = await server.addAccount({ password: PASSWORD });
    const web = new WebClient(server.url);
    expect((await web.signIn(other.email, PASSWORD)).status).toBe(303);
    await server.deps.store.accounts.update(other.id, { disabled: true });
    expect((await web.get('/en/account')).status).toBe(303);
    expect((await new WebClient(server.url).signIn(other.email, PASSWORD)).status).toBe(401);
  });
});

describe('behind https', { timeout: 60_000 }, () => {
  it('marks the session and sign-in cookies Secure when the base URL is https', async () => {
    // The same app and store, configured with an https public base URL (as behind a TLS proxy).
    const app = createApp({ ...server.deps, config: { ...server.deps.config, baseUrl: 'https://rcat.example' } });
    const listener = http.createServer(app);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const web = new WebClient(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
      const form = await web.get('/en/sign-in');
      expect(form.setCookies.find((c) => c.startsWith('rcat_signin='))).toMatch(/; Secure/);
      const res = await web.post('/en/sign-in', { csrf: csrfFrom(form.text), email: account.email, password: PASSWORD });
      expect(res.status).toBe(303);
      expect(res.setCookies.find((c) => c.startsWith('rcat_session='))).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure/);
    } finally {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
