// `rcat-server account update | enable | set-password` on the PostgreSQL store (`--store
// postgres://…`), run in this process through the program's entry, beside a real `rcat-server
// start` child process on the same database: each change is seen on the server's next request (per-minute ceiling 30 → 60, the
// same token after enable, web sessions ended), and a refused command (bad value, e-mail taken,
// unknown account) changes no row. The JSON-file twin is test/admin-account-maintenance.test.ts.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageReport } from '../src/shared/usage.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { runRcatServerInProcess } from './support/run-rcat-server.js';
import { scratchDirs } from './support/server.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { WebClient } from './support/web-client.js';

const TABLES = ['accounts', 'agent_tokens', 'web_sessions'];
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a different long passphrase';
const scratch = scratchDirs();
let cluster: PostgresCluster;
let url: string;
let server: ServerProcess;

const cli = (args: string[], stdin?: string) => runRcatServerInProcess(['--data-dir', scratch.dir(), '--store', url, ...args], { stdin });
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The rows these commands could write, without the times the server moves on every use. */
async function rows(): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of TABLES) out[table] = (await client.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
    return JSON.stringify(out, (key, value) => (/^(last_used_at|last_seen_at|idle_expires_at)$/.test(key) ? undefined : value));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await sharedPostgres();
  url = await cluster.createDatabase('account_maint', { migrated: true });
  // A small catalogue (a quicker start): what is under test is the accounts.
  server = await startServerProcess(['--data-dir', scratch.dir(), '--store', url], ['--catalogue', catalogueFile(scratch.dir(), microscopes(20))]);
  const taken = await cli(['account', 'add', '--email', 'taken@example.org', '--name', 'Taken'], `${PASSWORD}\n`);
  expect(taken.code, taken.stderr).toBe(0);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
  scratch.cleanup();
});

const search = (token: string) => fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });
const usage = async (token: string) => UsageReport.parse(await (await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } })).json());
const newToken = async (email: string) => {
  const r = await cli(['token', 'create', '--email', email, '--scope', 'catalog:read']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
};

describe('account maintenance on PostgreSQL beside a running server', { timeout: 120_000 }, () => {
  it('update: extending paid-until raises the per-minute ceiling from 30 to 60 on the next request', async () => {
    expect((await cli(['account', 'add', '--email', 'tier@example.org', '--name', 'Tier', '--plan', 'paid', '--paid-until', '2020-01-01', '--no-password'])).code).toBe(0);
    const token = await newToken('tier@example.org');
    const before = await search(token);
    expect(before.status).toBe(200);
    expect(before.headers.get('ratelimit-policy')).toContain('"account-minute";q=30;w=60');

    const r = await cli(['account', 'update', '--email', 'tier@example.org', '--paid-until', dayFromNow(365), '--company', 'Tier Labs', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ plan: 'paid', paidUntil: dayFromNow(365), company: 'Tier Labs', name: 'Tier' });
    const after = await search(token);
    expect(after.headers.get('ratelimit-policy')).toContain('"account-minute";q=60;w=60');
    expect((await usage(token)).account).toMatchObject({ tier: 'paid', windows: { minute: { limit: 60 } } });
    expect((await usage(token)).company?.name).toBe('Tier Labs');
  });

  it.each([
    ['an e-mail another account has (any case)', 2, ['account', 'update', '--email', 'tier@example.org', '--new-email', 'TAKEN@example.org'], /already exists/],
    ['removing the date of a paid plan', 2, ['account', 'update', '--email', 'tier@example.org', '--no-paid-until'], /a paid plan needs a paid-until date/],
    ['an impossible date', 2, ['account', 'update', '--email', 'tier@example.org', '--paid-until', '2031-02-30'], /--paid-until must be a date/],
    ['update of an unknown account', 3, ['account', 'update', '--email', 'nobody@example.org', '--name', 'X'], /no account with e-mail nobody@example.org/],
    ['enable of an unknown account', 3, ['account', 'enable', '--email', 'nobody@example.org'], /no account with e-mail nobody@example.org/],
    ['set-password of an unknown account', 3, ['account', 'set-password', '--email', 'nobody@example.org'], /no account with e-mail nobody@example.org/],
    ['a too-short password', 2, ['account', 'set-password', '--email', 'taken@example.org'], /at least 8 characters/],
  ])('refused: %s → exit %i, no row changed', async (_label, code, args, message) => {
    const before = await rows();
    const r = await cli(args, 'short\n');
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(await rows()).toBe(before);
  });

  it('enable: the same token works again on the next request', async () => {
    expect((await cli(['account', 'add', '--email', 'pause@example.org', '--name', 'Pause', '--no-password'])).code).toBe(0);
    const token = await newToken('pause@example.org');
    expect((await cli(['account', 'disable', '--email', 'pause@example.org'])).code).toBe(0);
    expect((await search(token)).status).toBe(403);
    const r = await cli(['account', 'enable', '--email', 'pause@example.org', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ disabled: false });
    expect((await search(token)).status).toBe(200);
  });

  it('set-password: ends the web sessions of the account; the old password no longer signs in', async () => {
    expect((await cli(['account', 'add', '--email', 'web@example.org', '--name', 'Web'], `${PASSWORD}\n`)).code).toBe(0);
    const browser = new WebClient(server.url);
    expect((await browser.signIn('web@example.org', PASSWORD)).status).toBe(303);
    expect((await browser.get('/en/account')).status).toBe(200);

    const r = await cli(['account', 'set-password', '--email', 'web@example.org', '--json'], `${NEW_PASSWORD}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'web@example.org', webSessionsEnded: 1 });
    expect(r.stdout).not.toMatch(/scrypt|passwordHash/);
    expect((await browser.get('/en/account')).status).toBe(303);
    expect((await new WebClient(server.url).signIn('web@example.org', PASSWORD)).status).toBe(401);
    expect((await new WebClient(server.url).signIn('web@example.org', NEW_PASSWORD)).status).toBe(303);
  });
});
