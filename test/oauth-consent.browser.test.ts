// The OAuth consent in real Chromium: an MCP host registered with a loopback redirect sends
// the browser to /en/connect/authorize; the user signs in, sees the consent page, allows (and
// in a second run denies), and the browser lands on the host's loopback listener with a code
// (or access_denied). Screenshots go to test-artifacts/screenshots/.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { launchBrowser, screenshot, unlabelledControls, watchForTrouble } from './support/browser.js';
import { startTestServer, type TestServer } from './support/server.js';
import { authorizePath, exchangeCode, PASSWORD, pkce, register, restSearch } from './oauth-support.js';

let server: TestServer;
let browser: Browser;
let account: Account;
let listener: http.Server;
let callbackUrl: string;
const received: URL[] = [];

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD, name: 'Consent Tester' });
  listener = http.createServer((req, res) => {
    const url = new URL(req.url!, callbackUrl);
    if (url.pathname === '/oauth/callback') received.push(url);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Host</title><h1>You can close this window.</h1>');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/oauth/callback`;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => listener?.close(resolve));
  await server?.stop();
});

describe('consent in Chromium', () => {
  it('sign in, review, allow: the loopback listener receives a code that redeems for a working token; deny returns access_denied', async () => {
    const reg = await register(server, { client_name: 'Desktop <MCP> host', redirect_uris: [callbackUrl], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
    expect(reg.status).toBe(201);
    const clientId = reg.body.client_id as string;
    const { verifier, challenge } = pkce();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const trouble = watchForTrouble(page);
    const start = authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: callbackUrl, scope: 'catalog:read projects:read', state: 'browser-state', code_challenge: challenge, code_challenge_method: 'S256', resource: `${server.url}/mcp` });

    await page.goto(start);
    expect(new URL(page.url()).pathname).toBe('/en/sign-in');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/en/connect/authorize');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Desktop <MCP> host');
    await expect(page.locator('.redirect-uri').textContent()).resolves.toBe(callbackUrl);
    await expect(page.locator('.consent-scopes').textContent()).resolves.toContain('Search the catalogue and read records');
    expect(await unlabelledControls(page)).toEqual([]);
    await screenshot(page, 'oauth-consent');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const allowed = received.at(-1)!;
    expect(allowed.searchParams.get('state')).toBe('browser-state');
    const code = allowed.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const tokens = await exchangeCode(server, { clientId, code, verifier, redirectUri: callbackUrl });
    expect(tokens.status).toBe(200);
    expect(tokens.body.scope).toBe('catalog:read projects:read');
    expect((await restSearch(server, tokens.body.access_token)).status).toBe(401); // bound to /mcp only

    await page.goto(start);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const denied = received.at(-1)!;
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    expect(trouble).toEqual([]);

    await page.goto(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: 'https://evil.example/cb', code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(new URL(page.url()).origin).toBe(server.url);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('cannot be completed');
    await screenshot(page, 'oauth-error-unregistered-redirect');
    await context.close();
  }, 120_000);
});
