// The web 429 page in real Chromium, when the daily limit is reached on record pages: one
// sentence with the wait in human time and the UTC clock time it ends, the same words as the
// REST problem and the MCP tool error (src/shared/rate-limit-text.ts), with Retry-After.
// The server's clock is fixed at 18:42:18 UTC: the day ends in 5 h 17 min 42 s.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/server/store/ports/index.js';
import { catalogueFile, limitsFile, microscopes } from '../support/mcp-client.js';
import { axeViolations, launchBrowser, screenshot, watchForTrouble } from '../support/browser.js';
import { startTestServer, tempDir, type TestServer } from '../support/server.js';

const AT = new Date('2026-11-22T18:42:18.000Z');
const PASSWORD = 'rate limit page password';

let server: TestServer;
let browser: Browser;
let account: Account;
let recordPath: string;

beforeAll(async () => {
  const dir = tempDir();
  const limits = limitsFile(dir, { preset: 'variant-b', standard: { perMinute: 1000, perDay: 2, perMonth: null }, company: { perMinute: 1000 } });
  server = await startTestServer({ limits, cataloguePath: catalogueFile(dir, microscopes(3)) }, { now: () => new Date(AT) });
  account = await server.addAccount({ password: PASSWORD });
  recordPath = new URL(server.deps.services.catalogue.search('microscope').results[0]!.url).pathname;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the 429 page', { timeout: 120_000 }, () => {
  it('says in one sentence which limit is reached and when to retry, in human time', async () => {
    const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
    const page = await context.newPage();
    const trouble = watchForTrouble(page);
    await page.goto(recordPath);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**${recordPath}`);
    expect((await page.reload())!.status()).toBe(200); // the second of two units
    const refused = (await page.reload())!;
    expect(refused.status()).toBe(429);
    expect(refused.headers()['retry-after']).toBe('19062');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Too many requests');
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(main).toContain("Rate limit reached (your account's daily limit); retry in 5 h 17 min (at 00:00 UTC).");
    expect(main).toContain('shared by this website, the REST API and the MCP tools');
    expect(main).not.toMatch(/second\(s\)|19062|\.\)\.|try again in/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'rate-limited-record-page');
    expect(trouble.filter((t) => !/429/.test(t))).toEqual([]);
    await context.close();
  });
});
