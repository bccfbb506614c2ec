// Real Chromium for page tests: Debian's `chromium` driven by playwright-core (no downloaded
// browser). `.ci/run` installs the package. Screenshots go to test-artifacts/ (gitignored).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.RCAT_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve('test-artifacts', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run', '--disable-quic', '--disable-sync'],
      timeout: 60_000,
    });
  } catch (error) {
    throw new Error(`Cannot start Chromium at ${CHROMIUM_PATH} (install the Debian package "chromium", or set RCAT_CHROMIUM): ${(error as Error).message}`);
  }
}

/** Saves a full-page screenshot as test-artifacts/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collects what must never happen on our pages: script dialogs, page errors, CSP violations. */
export function watchForTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('dialog', (dialog) => {
    trouble.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  return trouble;
}

/** Every visible form control must have a label (WCAG 2.2 SC 1.3.1, 4.1.2). */
export async function unlabelledControls(page: Page): Promise<string[]> {
  return page.$$eval('input:not([type=hidden]), select, textarea', (elements) =>
    elements
      .filter((el) => {
        const e = el as HTMLInputElement;
        return (e.labels?.length ?? 0) === 0 && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby');
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

/**
 * axe-core's WCAG 2.2 A/AA and best-practice violations on the page, as "rule: help (targets)".
 * axe is injected as a script, which the pages' CSP forbids: use a context with bypassCSP.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { createRequire } = await import('node:module');
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  })) as { id: string; help: string; nodes: { target: string[] }[] }[];
  return found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
