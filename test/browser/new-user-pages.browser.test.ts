// What a newcomer reads on the pages, in real Chromium: the guides page shows the desktop-host
// snippets that `rcat mcp --print-config` prints (one builder, placeholders for the paths);
// no option, client id or command breaks across lines at phone and desktop widths; the consent
// page names the built-in client once; a project's collections nest under its heading; a record
// page speaks in words, never in API field names.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_LAUNCHER, PLACEHOLDER_NODE } from '../../src/shared/desktop-host.js';
import { CatalogRecord, SearchResponse } from '../../src/shared/schemas.js';
import type { Account } from '../../src/server/store/ports/index.js';
import { cliHome, type CliHome, rcat } from '../cli-support.js';
import { authorizePath, pkce } from '../oauth-support.js';
import { launchBrowser, screenshot, watchForTrouble } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PASSWORD = 'new user pages password';
const WIDTHS = [320, 360, 412, 768, 1280];

let server: TestServer;
let browser: Browser;
let account: Account;
let home: CliHome;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD, name: 'Nora Newcomer' });
  home = cliHome();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  home?.cleanup();
});

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Occurrences of `needle` in the page's visible text that the layout splits over two lines. */
function splitAcrossLines(page: Page, needle: string): Promise<string[]> {
  return page.evaluate((text) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      for (let at = value.indexOf(text); at !== -1; at = value.indexOf(text, at + 1)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) split.push(value.slice(Math.max(0, at - 30), at + text.length + 30));
      }
    }
    return split;
  }, needle);
}

/** The text of every <pre> block on the page. */
function preBlocks(page: Page): Promise<string[]> {
  return page.locator('pre').allTextContents();
}

/** What `rcat mcp --print-config KIND` prints, with this installation's paths put back to the page's placeholders. */
async function printedSnippet(kind: string): Promise<string> {
  const printed = await rcat(['mcp', '--print-config', kind, '--server', server.url], home.env);
  expect(printed.code, printed.stderr).toBe(0);
  const config = JSON.parse(
    (await rcat(['mcp', '--print-config', 'claude-desktop', '--server', server.url], home.env)).stdout,
  ) as { mcpServers: { rcat: { command: string; args: string[] } } };
  const [node, launcher] = [config.mcpServers.rcat.command, config.mcpServers.rcat.args[0]!];
  return printed.stdout.trimEnd().split(JSON.stringify(node).slice(1, -1)).join(PLACEHOLDER_NODE)
    .split(JSON.stringify(launcher).slice(1, -1)).join(PLACEHOLDER_LAUNCHER)
    .split(node).join(PLACEHOLDER_NODE).split(launcher).join(PLACEHOLDER_LAUNCHER);
}

describe('pages a new user reads, in Chromium', { timeout: 120_000 }, () => {
  it('the guides page shows exactly the snippets rcat mcp --print-config prints, and never breaks --server', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const trouble = watchForTrouble(page);
    await page.goto('/en/guides');
    const blocks = await preBlocks(page);
    for (const kind of ['claude-desktop', 'command-line', 'inspector']) {
      expect(blocks, `the ${kind} snippet`).toContain(await printedSnippet(kind));
    }
    const desktop = JSON.parse(blocks.find((b) => b.includes('mcpServers'))!) as { mcpServers: { rcat: { command: string; args: string[] } } };
    expect(desktop.mcpServers.rcat).toEqual({ command: PLACEHOLDER_NODE, args: [PLACEHOLDER_LAUNCHER, 'mcp', '--server', server.url] });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await splitAcrossLines(page, '--server'), `at ${width}px`).toEqual([]);
      expect(await splitAcrossLines(page, '--with-token'), `at ${width}px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `at ${width}px`).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'guides-desktop-host');
    expect(trouble).toEqual([]);
    await context.close();
  });

  it('the consent page names the built-in client once and keeps rcat-cli on one line', async () => {
    const { challenge } = pkce();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(authorizePath({ response_type: 'code', client_id: 'rcat-cli', redirect_uri: 'http://127.0.0.1:49152/callback',
      scope: 'catalog:read', state: 's', code_challenge: challenge, code_challenge_method: 'S256' }));
    await signIn(page);
    await page.waitForURL('**/en/connect/authorize?**');
    const application = (await page.locator('.consent-facts dd').first().textContent())!.replace(/\s+/g, ' ');
    expect(application.match(/command-line tool/g)).toHaveLength(1);
    expect(application).toContain('rcat-cli');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await splitAcrossLines(page, 'rcat-cli'), `at ${width}px`).toEqual([]);
    }
    await screenshot(page, 'consent-built-in-client');
    await context.close();
  });

  it('collections: a project is a level-3 heading and its collections level 4; your own collections are level 3', async () => {
    const { projects, collections } = server.deps.services;
    const project = await projects.create({ name: 'Heading pilot', ownerAccountId: account.id });
    await collections.create({ name: 'Project picks', projectId: project.id });
    await collections.create({ name: 'My own picks', ownerAccountId: account.id });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/en/account/collections');
    await signIn(page);
    await page.waitForURL('**/en/account/collections');
    await expect(page.getByRole('heading', { level: 3, name: /^Heading pilot/ }).count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { level: 4, name: /^Project picks/ }).count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { level: 3, name: /^My own picks/ }).count()).resolves.toBe(1);
    // Every heading is at most one level below the one before it (no skipped levels).
    const levels = await page.locator('main :is(h1, h2, h3, h4, h5, h6)').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1));
    await screenshot(page, 'collections-headings');
    await context.close();
  });

  it('a record page names no API field in its prose', async () => {
    const found = SearchResponse.parse(server.deps.services.catalogue.search('confocal microscope')).results[0]!;
    const record = CatalogRecord.parse(server.deps.services.catalogue.record(found.id));
    const fields = Object.keys(CatalogRecord.shape.metadata.shape).filter((name) => /[a-z][A-Z]/.test(name));
    expect(fields).toContain('verifiedAt');
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto(new URL(record.url).pathname);
    await signIn(page);
    await page.waitForURL(`**${new URL(record.url).pathname}`);
    const text = await page.locator('main').innerText();
    for (const field of fields) expect(text, field).not.toContain(field);
    await context.close();
  });
});
