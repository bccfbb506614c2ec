// Forms sent to rcat from another site, in real Chromium. The attacker's page is served from the
// same host on another port: the same site for cookies (SameSite=Lax cookies go along with its
// POSTs), another origin for the browser, which says so in Sec-Fetch-Site and Origin. Even when
// the attacker holds every form value (a leaked CSRF token and consent request id, a sign-in
// cookie it planted), the server refuses the cross-site POST with 403 and changes nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, WebClient } from './support/web-client.js';
import { authorizePath, hiddenField, PASSWORD, pkce, register } from './oauth-support.js';

let server: TestServer;
let browser: Browser;
let attacker: http.Server;
let attackerOrigin: string;
let callbackUrl: string;
const received: URL[] = [];
/** The page the attacker's server serves next. */
let attackPage = '';

beforeAll(async () => {
  server = await startTestServer();
  attacker = http.createServer((req, res) => {
    if (req.url?.startsWith('/callback')) received.push(new URL(req.url, attackerOrigin));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  callbackUrl = `${attackerOrigin}/callback`;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await server?.stop();
});

/** An attacker page that submits a form to rcat as soon as it loads (and may plant a cookie first). */
function autoSubmit(action: string, fields: Record<string, string>, script = ''): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
    .join('');
  return `<!doctype html><title>Win a prize</title><form method="post" action="${server.url}${action}">${inputs}</form><script>${script}document.forms[0].submit();</script>`;
}

/** Opens the attacker's page and returns rcat's answer to the form it submits. */
async function visitAttacker(page: Page, action: string): Promise<{ status: number; text: string }> {
  const answer = page.waitForResponse((r) => r.url() === `${server.url}${action}` && r.request().method() === 'POST');
  await page.goto(`${attackerOrigin}/`);
  const res = await answer;
  return { status: res.status(), text: await res.text() };
}

async function signIn(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/en/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/en/sign-in'));
  return page;
}

describe('cross-site form posts in Chromium', () => {
  it('consent: a page on another origin that knows the CSRF token and request id cannot approve; the user still can', async () => {
    const victim = await server.addAccount({ password: PASSWORD });
    const reg = await register(server, { client_name: 'Attacker host', redirect_uris: [callbackUrl], token_endpoint_auth_method: 'none' });
    expect(reg.status).toBe(201);
    const context = await browser.newContext();
    const page = await signIn(context, victim.email);
    const { challenge } = pkce();
    await page.goto(`${server.url}${authorizePath({ response_type: 'code', client_id: reg.body.client_id, redirect_uri: callbackUrl, code_challenge: challenge, code_challenge_method: 'S256', state: 's1' })}`);
    const consent = await page.content();
    // Suppose both values leaked: the attacker's page posts them with the victim's cookies.
    attackPage = autoSubmit('/en/connect/authorize', { csrf: csrfFrom(consent), request: hiddenField(consent, 'request'), client_id: reg.body.client_id as string, decision: 'allow' });
    const attack = await visitAttacker(await context.newPage(), '/en/connect/authorize');
    expect(attack.status).toBe(403);
    expect(attack.text).toContain('sent from another site');
    expect(received).toEqual([]);
    // Nothing changed: the pending request is still the user's to answer. The callback, served by
    // the same little server, must not be the attack page again: its form would navigate away
    // before the callback page's load event, which waitForURL waits for (a 30 s hang, now and then).
    attackPage = '<!doctype html><title>Callback</title>';
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    expect(received).toHaveLength(1);
    expect(received[0]!.searchParams.get('code')).toBeTruthy();
    await context.close();
  });

  it('sign-in: a page on another origin that plants a sign-in cookie cannot sign the victim in to its own account', async () => {
    const attackerAccount = await server.addAccount({ password: PASSWORD });
    // The attacker gets a genuine cookie and form value from the sign-in page, with its own client.
    const own = new WebClient(server.url);
    const form = await own.get('/en/sign-in');
    const [cookieName, cookieValue] = [...own.cookies].find(([name]) => name.includes('signin'))!;
    attackPage = autoSubmit(
      '/en/sign-in',
      { csrf: csrfFrom(form.text), email: attackerAccount.email, password: PASSWORD, next: '/en/account' },
      `document.cookie = ${JSON.stringify(`${cookieName}=${cookieValue}; path=/`)};`,
    );
    const context = await browser.newContext();
    const attack = await visitAttacker(await context.newPage(), '/en/sign-in');
    expect(attack.status).toBe(403);
    const cookies = await context.cookies(server.url);
    expect(cookies.map((c) => c.name)).not.toContain('rcat_session');
    await context.close();
  });

  it('agent tokens: a page on another origin with the session CSRF token cannot create one', async () => {
    const victim = await server.addAccount({ password: PASSWORD });
    const context = await browser.newContext();
    const page = await signIn(context, victim.email);
    await page.goto(`${server.url}/en/account/agent-connections`);
    attackPage = autoSubmit('/en/account/agent-connections', { csrf: csrfFrom(await page.content()), label: 'planted', scope: 'catalog:read' });
    const attack = await visitAttacker(await context.newPage(), '/en/account/agent-connections');
    expect(attack.status).toBe(403);
    expect(attack.text).not.toContain('rcat_at_');
    await page.reload();
    expect(await page.content()).not.toContain('planted');
    await context.close();
  });
});
