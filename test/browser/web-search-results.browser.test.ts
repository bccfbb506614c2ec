// The website's search page in real Chromium over the shipped catalogue: every result shows its
// kind and one line that tells it apart from results with a similar title (the start of the
// definition; a laboratory's parent organisation and place), the same line `rcat search --long`
// prints (src/shared/record-snippet.ts). Record text stays text: a hostile record cannot add markup.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSnippet } from '../../src/shared/record-snippet.js';
import type { Account } from '../../src/server/store/ports/index.js';
import { launchBrowser, screenshot, watchForTrouble } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PASSWORD = 'browser search password';

let server: TestServer;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.addAccount({ password: PASSWORD, name: 'Search Reader' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Shown {
  title: string;
  kind: string;
  snippet: string;
  id: string;
}

async function searchPage(query: string): Promise<Shown[]> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const trouble = watchForTrouble(page);
  await page.goto(`/en/sign-in?next=${encodeURIComponent(`/en/catalogue?query=${encodeURIComponent(query)}`)}`);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/en/catalogue?query=*');
  await screenshot(page, `search-${query.replace(/\W+/g, '-')}`);
  const shown = await page.locator('ol.results > li').evaluateAll((items) =>
    items.map((li) => ({
      title: li.querySelector('a')?.textContent ?? '',
      kind: li.querySelector('.kind')?.textContent ?? '',
      snippet: li.querySelector('.snippet')?.textContent ?? '',
      id: li.querySelector('code')?.textContent ?? '',
    })),
  );
  expect(trouble).toEqual([]);
  await context.close();
  return shown;
}

describe('search results on the website', { timeout: 120_000 }, () => {
  it('show each result’s kind and the line that tells similar titles apart', async () => {
    const shown = await searchPage('confocal microscope');
    expect(shown.length).toBeGreaterThan(2);
    for (const r of shown) expect(r.kind).toBe(r.id.split(':')[0]);
    // The equipment and the technique of (nearly) the same name are told apart by kind and line.
    const equipment = shown.find((r) => r.title === 'confocal microscope')!;
    const technique = shown.find((r) => r.title === 'confocal microscopy')!;
    expect(equipment.kind).toBe('equipment');
    expect(technique.kind).toBe('technique');
    expect(equipment.snippet.length).toBeGreaterThan(20);
    expect(technique.snippet.length).toBeGreaterThan(20);
    expect(equipment.snippet).not.toBe(technique.snippet);
    // The line is the one the record's own text gives (and so the one the CLI prints).
    for (const r of [equipment, technique]) {
      const record = server.deps.services.catalogue.record(r.id)!;
      expect(r.snippet).toBe(recordSnippet(r.kind, record.text));
    }
  });

  it('a laboratory shows its parent organisation and place', async () => {
    const shown = await searchPage('Mary Lyon Centre');
    const lab = shown.find((r) => r.title === 'Mary Lyon Centre at MRC Harwell')!;
    expect(lab.kind).toBe('laboratory');
    expect(lab.snippet).toBe('Medical Research Council · Oxford, United Kingdom');
  });
});
