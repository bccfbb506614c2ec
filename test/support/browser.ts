// Real Chromium for page tests: Debian's `chromium` driven by playwright-core (no downloaded
// browser). `.ci/run` installs the package. Screenshots go to test-artifacts/ (gitignored).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.RCAT_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve('test-artifacts', 'screenshots');

async function startChromium(): Promise<Browser> {
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

// One Chromium per test worker, started by the first page test file and used by the ones after it
// (vitest.config.ts: files share their worker); playwright ends it when the worker exits.
let running: Promise<Browser> | null = null;

async function worker(): Promise<Browser> {
  const browser = await (running ??= startChromium());
  if (browser.isConnected()) return browser;
  running = startChromium(); // it crashed or was closed: a new one
  return running;
}

/**
 * Chromium for one test file. Its contexts (each with its own cookies and storage) are the file's
 * own, and `close()` closes them; the browser process is shared with the worker's other page test
 * files, so each does not pay for starting it.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await worker();
  const contexts = new Set<BrowserContext>();
  const own = <T extends BrowserContext>(context: T): T => {
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (...args: Parameters<Browser['newContext']>) => own(await target.newContext(...args));
      if (property === 'newPage') return async (...args: Parameters<Browser['newPage']>) => {
        const page = await target.newPage(...args);
        own(page.context());
        return page;
      };
      if (property === 'contexts') return () => [...contexts];
      if (property === 'close') return async () => {
        await Promise.all([...contexts].map((context) => context.close().catch(() => {})));
      };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
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
