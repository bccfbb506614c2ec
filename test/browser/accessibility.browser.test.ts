// Accessibility of every page, checked by axe-core (WCAG 2.2 A/AA rules: labels, headings,
// landmarks, contrast, names of links and buttons …) in real Chromium. axe is injected as a
// script, which our CSP rightly forbids, so this context alone bypasses CSP.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/server/store/ports/index.js';
import { authorizePath, pkce, registerPublicClient } from '../oauth-support.js';
import { launchBrowser } from '../support/browser.js';
import { startTestServer, tempDir, type TestServer } from '../support/server.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PASSWORD = 'accessibility password';
const RECORD_ID = 'technique:3d0e5a8e-1111-4222-8333-444455556666';

let server: TestServer;
let browser: Browser;
let account: Account;
let page: Page;

beforeAll(async () => {
  const dir = tempDir('rcat-a11y-');
  const cataloguePath = path.join(dir, 'catalogue.jsonl');
  writeFileSync(cataloguePath, `${JSON.stringify({ id: RECORD_ID, sourceId: 'X:a11y', source: 'X', kind: 'technique', label: 'Cryo-electron tomography',
    definition: 'Imaging of frozen samples.', sourceUrls: ['https://example.org/cryo-et'], updated: '2025-02-01' })}\n`);
  server = await startTestServer({ cataloguePath });
  account = await server.addAccount({ password: PASSWORD, name: 'Ada Access' });
  await server.token(account, ['catalog:read']);
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
  page = await context.newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  })) as Violation[];
  return found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('accessibility (axe-core, WCAG 2.2 AA)', { timeout: 120_000 }, () => {
  it('the checker itself reports a known violation (so an empty list means something)', async () => {
    await page.setContent('<!doctype html><html lang="en"><title>t</title><main><input type="text"><p style="color:#bbb;background:#fff">faint</p></main></html>');
    const found = await violations();
    expect(found.some((v) => v.startsWith('label:'))).toBe(true);
    expect(found.some((v) => v.startsWith('color-contrast:'))).toBe(true);
  });

  it('public pages: guides, sign-in, sign-in with an error, a 404', async () => {
    for (const url of ['/en/guides', '/en/sign-in', '/en/no-such-page']) {
      await page.goto(url);
      expect(await violations(), url).toEqual([]);
    }
    await page.goto('/en/sign-in');
    await page.getByLabel('Email address').fill('nobody@example.test');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('#sign-in-error');
    expect(await violations(), 'sign-in error').toEqual([]);
  });

  it('signed-in pages: account, search, record, collections, agent connections with a new token', async () => {
    await page.goto('/en/sign-in');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/en/account');
    for (const url of ['/en/account', '/en/catalogue', '/en/catalogue?query=cryo', `/en/catalogue/${RECORD_ID.replace(':', '/')}`, '/en/account/collections', '/en/account/agent-connections']) {
      await page.goto(url);
      expect(await violations(), url).toEqual([]);
    }
    await page.getByLabel('Label').fill('Screen reader laptop');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.waitForSelector('#new-token');
    expect(await violations(), 'token created').toEqual([]);
    await page.goto('/en/catalogue?query=x');
    expect(await violations(), 'search error').toEqual([]);
    const clientId = await registerPublicClient(server, 'http://127.0.0.1:9/callback', 'Screen-reader friendly host');
    await page.goto(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:9/callback', scope: 'catalog:read',
      state: 's', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    await page.waitForSelector('form.consent-decision');
    expect(await violations(), 'consent').toEqual([]);
  });
});
