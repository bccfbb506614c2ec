// `rcat login` with a real browser: Chromium follows the address the CLI printed, the user signs
// in and allows, and the browser lands on the CLI's own loopback page; the CLI is then signed in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { launchBrowser, screenshot, watchForTrouble } from './support/browser.js';
import { startTestServer, type TestServer } from './support/server.js';
import { PASSWORD } from './oauth-support.js';
import { assertBuilt, type CliHome, cliHome, runCli, spawnCli, watch } from './cli-support.js';

let server: TestServer;
let browser: Browser;
let account: Account;
let h: CliHome;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD, name: 'Chromium Researcher' });
  h = cliHome({ RCAT_SERVER: server.url });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  h?.cleanup();
  await server?.stop();
});

describe('rcat login in Chromium', { timeout: 180_000 }, () => {
  it('sign in, allow, land on the CLI\'s page; the CLI is signed in', async () => {
    const cli = watch(spawnCli(['login', '--no-browser', '--timeout', '120', '--scopes', 'catalog:read'], h.env));
    const [, printed] = await cli.waitFor(/\n\s+(http:\/\/\S+)\n/);
    const page = await (await browser.newContext()).newPage();
    const trouble = watchForTrouble(page);

    await page.goto(printed!);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/en/connect/authorize');
    await expect(page.locator('.consent-scopes').textContent()).resolves.toContain('Search the catalogue and read records');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/callback');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Signed in to rcat');
    // Styled like the server's pages (their palette and type, a header), and it says what next.
    await expect(page.getByRole('banner').textContent()).resolves.toBe('rcat');
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/You are signed in/);
    await expect(page.getByText('You can close this tab and return to the terminal.').isVisible()).resolves.toBe(true);
    const look = await page.evaluate(() => ({
      font: getComputedStyle(document.documentElement).fontFamily,
      status: getComputedStyle(document.querySelector('[role=status]')!).borderLeftStyle,
      maxWidth: getComputedStyle(document.querySelector('main')!).maxWidth,
    }));
    expect(look.font).toMatch(/system-ui/);
    expect(look.status).toBe('solid');
    expect(look.maxWidth).toBe('640px'); // a readable column, as the site's pages
    await screenshot(page, 'cli-login-signed-in');
    expect(trouble).toEqual([]);

    const done = await cli.exited;
    expect(done.code, done.stderr).toBe(0);
    const status = JSON.parse((await runCli(['status', '--json'], h.env)).stdout);
    expect(status).toMatchObject({ server: server.url, account: { email: account.email }, token: { kind: 'oauth', scopes: ['catalog:read'] } });
  });
});
