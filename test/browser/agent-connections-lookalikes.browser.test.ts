// Several desktop hosts that register under the same name (every mcp-remote instance calls
// itself "MCP CLI Proxy") on the agent-connections page, in real Chromium: each row says where
// the client returns to, when it registered and when it was last used; a self-registered name
// is marked as not reviewed (the built-in CLI is not); every Revoke button has its own
// accessible name, also for two registrations alike in every shown fact; and revoking one
// connection by that name ends that connection only.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthTokenVerifier } from '../../src/server/auth/oauth-token-verifier.js';
import type { Account } from '../../src/server/store/ports/index.js';
import { connect, PASSWORD, registerPublicClient, restSearch, signedInBrowser } from '../oauth-support.js';
import { axeViolations, launchBrowser, screenshot, watchForTrouble } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PROXY = 'MCP CLI Proxy';
const SHARED_CALLBACK = 'http://localhost:3334/oauth/callback';
const OTHER_CALLBACK = 'http://localhost:7777/oauth/callback';

let server: TestServer;
let browser: Browser;
let account: Account;
let usedToken: string;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD });
  const web = await signedInBrowser(server, account.email);
  // Two registrations alike in name, address and minute; a third on another port; the CLI.
  for (const redirectUri of [SHARED_CALLBACK, SHARED_CALLBACK, OTHER_CALLBACK]) {
    const clientId = await registerPublicClient(server, redirectUri, PROXY);
    const tokens = await connect(server, web, { clientId, redirectUri, scope: 'catalog:read' });
    if (redirectUri === OTHER_CALLBACK) usedToken = tokens.access_token as string;
  }
  await connect(server, web, { clientId: 'rcat-cli', redirectUri: 'http://127.0.0.1:49152/callback', scope: 'catalog:read' });
  expect((await restSearch(server, usedToken)).status).toBe(200);
  // "Last used" is batched in memory; flushing it (as the server does on close) records the use.
  await (server.deps.verifiers.find((v) => v instanceof OAuthTokenVerifier) as OAuthTokenVerifier).lastUsed.flush();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('agent connections of look-alike clients, in Chromium', { timeout: 120_000 }, () => {
  it('tells them apart, marks self-registered names, names every Revoke button apart, and revokes only the one chosen', async () => {
    const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
    const page = await context.newPage();
    const trouble = watchForTrouble(page);
    await page.goto('/en/account/agent-connections');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/en/account/agent-connections');

    const proxies = page.getByRole('row', { name: new RegExp(PROXY) });
    expect(await proxies.count()).toBe(3);
    for (const text of await proxies.allTextContents()) {
      expect(text).toMatch(/Returns to\s*http:\/\/localhost:(3334|7777)\/oauth\/callback/);
      expect(text).toMatch(/Registered\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(text).toContain('self-registered name, not reviewed by rcat');
    }
    const cli = page.getByRole('row', { name: /rcat command-line tool/ });
    expect(await cli.textContent()).toContain('built in');
    expect(await cli.textContent()).not.toContain('not reviewed');

    const buttons = page.getByRole('button', { name: /^Revoke connection/ });
    const names = await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    const used = names.filter((n) => n.includes('localhost:7777'));
    expect(used).toHaveLength(1);
    expect(used[0]).not.toMatch(/last used never/);
    expect(names.filter((n) => n.includes('localhost:3334')).every((n) => /connection [12] of 2 like it/.test(n))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'agent-connections-lookalikes');

    await page.getByRole('button', { name: used[0]!, exact: true }).click();
    await page.waitForURL('**/en/account/agent-connections?revoked=grant');
    expect((await restSearch(server, usedToken)).status).toBe(401);
    const statuses = (await server.deps.services.oauthGrants.list(account.id)).map((g) => `${g.client.redirectUris[0] ?? 'cli'} ${g.status}`).sort();
    expect(statuses.filter((s) => s.endsWith('revoked'))).toEqual([`${OTHER_CALLBACK} revoked`]);
    expect(await page.getByRole('button', { name: /^Revoke connection/ }).count()).toBe(3);
    expect(trouble).toEqual([]);
    await context.close();
  });

  it('fits a phone-sized screen', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/en/account/agent-connections');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/en/account/agent-connections');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'agent-connections-lookalikes-narrow');
    await context.close();
  });
});
