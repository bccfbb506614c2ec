// What `rcat-server start --demo` prints on stderr once the server is listening: the demo
// credentials the first time (the only time the token can be shown: the store keeps its hash),
// and on every later start what the demo has and how to get a new token.
import { shellQuote } from '../../shared/desktop-host.js';
import type { UsageWindows } from '../../shared/usage.js';
import { DEMO_PASSWORD, DEMO_TOKEN_EMAIL, DEMO_TOKEN_LABEL, DEMO_TOKEN_SCOPES, type DemoAccount, type DemoSeedResult } from './demo-seed.js';

const RULE = '='.repeat(79);

function framed(title: string, lines: string[]): string {
  const head = ` ${title} `;
  const side = Math.max(2, Math.floor((RULE.length - head.length) / 2));
  return ['', `${'='.repeat(side)}${head}${'='.repeat(Math.max(2, RULE.length - side - head.length))}`, ...lines, RULE, ''].join('\n');
}

const count = (n: number | null) => (n === null ? 'no cap' : n.toLocaleString('en-US'));

/** "60 requests a minute, 1,500 units a day and 10,000 a month": the account's own windows, as the running limits set them. */
export function describeCeilings(windows: UsageWindows): string {
  const { minute, day, month } = windows;
  const daily = day.limit === null ? 'no daily cap' : `${count(day.limit)} units a day`;
  const monthly = month.limit === null ? 'no monthly cap' : `${count(month.limit)} a month`;
  return `${count(minute.limit)} requests a minute, ${daily} and ${monthly}`;
}

function signIns(accounts: DemoAccount[]): string[] {
  return accounts.map((a) => `  sign in: ${a.email} / ${DEMO_PASSWORD}   (${a.plan}, ${a.company})`);
}

/** How an operator runs `rcat-server` here: `npx rcat-server` when npm started us (`npm start` in the clone). */
export interface CommandWords {
  program: string;
  /** The store options, as the operator should repeat them (never a database URL: it may hold a password). */
  storeOptions: string;
}

export function commandWords(options: { dataDir: string; storeUrl: string | undefined; launchedByNpm: boolean }): CommandWords {
  return {
    program: options.launchedByNpm ? 'npx rcat-server' : 'rcat-server',
    storeOptions: options.storeUrl ? '--store <your database URL>' : `--data-dir ${shellQuote(options.dataDir)}`,
  };
}

export function demoTokenCommand(words: CommandWords): string {
  const scopes = DEMO_TOKEN_SCOPES.map((s) => `--scope ${s}`).join(' ');
  return `${words.program} ${words.storeOptions} token create --email ${DEMO_TOKEN_EMAIL} ${scopes} --name ${shellQuote(DEMO_TOKEN_LABEL)}`;
}

/** The first start: sign-ins, the token (shown this once), whose it is and its real limits. */
export function credentialsBox(seeded: DemoSeedResult, limits: { policy: string; windows: UsageWindows } | null): string {
  return framed('DEMO CREDENTIALS (not for production)', [
    ...signIns(seeded.accounts),
    `  demo agent token of ${seeded.tokenAccount.email} (the paid demo account; all scopes, 30 days):`,
    `    ${seeded.token}`,
    ...(limits ? [`  Its limits are real (${limits.policy}): ${describeCeilings(limits.windows)};`] : ['  Its limits are real;']),
    '  searches and record reads cost units (by default one per result or record; usage: `rcat status`).',
    '  Copy the token now: it is shown only this once.',
  ]);
}

/** A later start: the demo is there, its token cannot be shown again; how to get another. */
export function existingDemoBox(accounts: DemoAccount[], words: CommandWords): string {
  return framed('DEMO DATA (not for production)', [
    `  This data dir already has the demo accounts (password ${DEMO_PASSWORD} unless changed):`,
    ...signIns(accounts),
    '  The demo token was shown once, when it was made (only its hash is kept). For a new one:',
    `    ${demoTokenCommand(words)}`,
  ]);
}

/** --demo on a store that has accounts of its own: nothing was added; how to get a token. */
export function notSeededNotice(words: CommandWords): string {
  return [
    '',
    '--demo: this store already has accounts, so no demo data was added. Create a token for one of them:',
    `  ${words.program} ${words.storeOptions} token create --email <account e-mail> --scope catalog:read`,
    '',
  ].join('\n');
}
