// An OAuth connection made in real Chromium (consent → real loopback listener, RFC 8252)
// appears on the agent-connections page, and revoking it there in the browser makes its
// access token fail with 401. (The consent rules themselves: test/oauth-consent.browser.test.ts.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/server/store/ports/index.js';
import { authorizePath, exchangeCode, PASSWORD, pkce, registerPublicClient, restSearch } from '../oauth-support.js';
import { launchBrowser, screenshot, watchForTrouble } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let browser: Browser;
let account: Account;
let listener: http.Server;
let callbackBase: string;
const received: URL[] = [];

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD });
  listener = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', callbackBase);
    if (url.pathname !== '/favicon.ico') received.push(url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Done</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  callbackBase = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  listener?.closeAllConnections();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await server?.stop();
});

describe('OAuth connections in Chromium', { timeout: 120_000 }, () => {
  it('a connection allowed in the browser is listed on agent-connections and revoked there (its token then gets 401)', async () => {
    const redirectUri = `${callbackBase}/callback`;
    const clientId = await registerPublicClient(server, redirectUri, 'Desk <b>Host</b>');
    const { verifier, challenge } = pkce();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const trouble = watchForTrouble(page);
    await page.goto(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope: 'catalog:read projects:read',
      state: 'state-allow', code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(new URL(page.url()).pathname).toBe('/en/sign-in');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/en/connect/authorize?**');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toContain('Desk <b>Host</b>');
    expect(await page.locator('.redirect-uri').textContent()).toBe(redirectUri);
    const scopes = await page.locator('.consent-scopes').textContent();
    expect(scopes).toContain('catalog:read');
    expect(scopes).toContain('projects:read');
    expect(scopes).not.toContain('shortlist:write');
    await screenshot(page, 'oauth-connection-consent');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${callbackBase}/callback?**`);
    const landed = received.at(-1)!;
    expect(landed.searchParams.get('state')).toBe('state-allow');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const tokens = await exchangeCode(server, { clientId, code, verifier, redirectUri });
    expect(tokens.status).toBe(200);
    expect((await restSearch(server, tokens.body.access_token as string)).status).toBe(200);
    expect(trouble).toEqual([]);

    // The connection is now on the agent-connections page; revoking it there ends its tokens.
    await page.goto(`${server.url}/en/account/agent-connections`);
    const row = page.getByRole('row', { name: /Desk <b>Host<\/b>/ });
    expect(await row.textContent()).toContain('active');
    await screenshot(page, 'agent-connections-with-oauth');
    await row.getByRole('button', { name: 'Revoke connection Desk <b>Host</b>' }).click();
    await page.waitForURL('**/en/account/agent-connections?revoked=grant');
    expect(await page.getByRole('row', { name: /Desk <b>Host<\/b>/ }).textContent()).toContain('revoked');
    expect((await restSearch(server, tokens.body.access_token as string)).status).toBe(401);
    await context.close();
  });
});
