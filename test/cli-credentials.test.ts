// rcat login --with-token, the plain-file fallback and its permissions, RCAT_TOKEN, logout and
// status against the real server on port 0: in process (`rcat`), and end to end as child
// processes (`runCli`) for a piped login then a search, the terminal prompt, status and logout.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import type { Account } from '../src/server/store/ports.js';
import { startTestServer, type TestServer } from './support/server.js';
import { assertBuilt, type CliHome, cliHome, leaks, RCAT_BIN, rcat, runCli, spawnCli, watch } from './cli-support.js';

let server: TestServer;
let account: Account;
let token: string;
const homes: CliHome[] = [];

function home(extra: NodeJS.ProcessEnv = {}): CliHome {
  const h = cliHome({ RCAT_SERVER: server.url, ...extra });
  homes.push(h);
  return h;
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  account = await server.addAccount({ name: 'Rosalind Franklin' });
  token = await server.token(account, ['catalog:read', 'projects:read'], 30);
});
afterAll(async () => {
  for (const h of homes) h.cleanup();
  await server.stop();
});

const mode = (p: string) => statSync(p).mode & 0o777;

describe('rcat login --with-token', { timeout: 120_000 }, () => {
  it('checks the token, shows account, scopes and days left, and stores it in a 0600 file in a 0700 folder', async () => {
    const h = home();
    const login = await runCli(['login', '--with-token'], h.env, { input: `${token}\n` });
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain(account.email);
    expect(login.stderr).toContain('Rosalind Franklin');
    expect(login.stderr).toMatch(/catalog:read, projects:read/);
    // Minted in beforeAll: 30 days in its first minute, then 29 days 23 hours (docs/cli.md).
    expect(login.stderr).toMatch(/\((30 days|29 days 23 hours) left\)/);
    // No keychain in this environment: the fallback is announced exactly once, and named as such.
    expect(login.stderr.match(/No usable OS keychain/g)).toHaveLength(1);
    expect(login.stderr).toMatch(/Stored in: a private file \(no OS keychain\)/);
    expect(leaks(login, token)).toEqual([]);

    const file = path.join(h.configDir, 'credentials.json');
    expect(mode(h.configDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.servers[server.url].accessToken).toBe(token);

    const search = await runCli(['search', 'microscope'], h.env);
    expect(search.code).toBe(0);
    expect(search.stderr).not.toMatch(/keychain/);
    expect(leaks(search, token)).toEqual([]);
  });

  it('refuses a token the server does not accept, and saves nothing', async () => {
    const h = home();
    const login = await rcat(['login', '--with-token'], h.env, { input: 'rcat_at_not-a-real-token\n' });
    expect(login.code).toBe(4);
    expect(login.stderr).toMatch(/did not accept this token/);
    expect(() => statSync(path.join(h.configDir, 'credentials.json'))).toThrow();
  });

  it('never takes a token as an argument, and does not echo one given that way', async () => {
    const h = home();
    for (const args of [['login', '--with-token', token], ['login', `--token=${token}`], ['login', token]]) {
      const r = await rcat(args, h.env);
      expect(r.code).toBe(2);
      expect(leaks(r, token)).toEqual([]);
    }
  });

  it('on a terminal, prompts with echo off: the pasted token never appears on screen', async () => {
    const h = home();
    // `script` runs the CLI on a real pseudo-terminal; everything shown on it comes back on stdout.
    const child = spawnCli([], h.env, ['script', '-qec', `${process.execPath} ${RCAT_BIN} login --with-token`, '/dev/null']);
    const cli = watch(child);
    await cli.waitFor(/input is hidden/);
    child.stdin!.write(`${token}\r`);
    const done = await cli.exited;
    expect(done.code, done.stdout).toBe(0);
    expect(done.stdout).toContain(account.email);
    expect(leaks(done, token)).toEqual([]);
    child.stdin!.end();
  });

  it('says clearly when stdin has no token (exit 2)', async () => {
    const h = home();
    const r = await rcat(['login', '--with-token'], h.env, { input: '\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/No token was given on stdin/);
  });
});

// These two blocks use accounts of their own: the per-minute ceiling is per account.
describe('where the token is kept, and why', { timeout: 120_000 }, () => {
  let token: string;
  beforeAll(async () => {
    token = await server.token(await server.addAccount(), ['catalog:read']);
  });

  it('--insecure-storage: the file was chosen, not a fallback, and login and status say so', async () => {
    const h = home();
    const login = await rcat(['login', '--with-token', '--insecure-storage'], h.env, { input: token });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/Stored in: a private file \(chosen with --insecure-storage\)/);
    expect(login.stderr).not.toMatch(/keychain/i);
    const status = await rcat(['status'], h.env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Stored in:\s+a private file \(chosen with --insecure-storage\)/);
    expect(status.stdout).not.toMatch(/keychain/i);
  });

  it('RCAT_CREDENTIAL_STORE=file: named as the reason', async () => {
    const h = home({ RCAT_CREDENTIAL_STORE: 'file' });
    const login = await rcat(['login', '--with-token'], h.env, { input: token });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/Stored in: a private file \(chosen with RCAT_CREDENTIAL_STORE=file\)/);
    expect(login.stderr).not.toMatch(/keychain/i);
  });

  it('no keychain: status says so after the fallback, and a later --insecure-storage login replaces the reason', async () => {
    const h = home();
    expect((await rcat(['login', '--with-token'], h.env, { input: token })).code).toBe(0);
    expect((await rcat(['status'], h.env)).stdout).toMatch(/Stored in:\s+a private file \(no OS keychain\)/);
    expect((await rcat(['login', '--with-token', '--insecure-storage'], h.env, { input: token })).code).toBe(0);
    expect((await rcat(['status'], h.env)).stdout).toMatch(/Stored in:\s+a private file \(chosen with --insecure-storage\)/);
  });
});

describe('time left, as login and status show it', { timeout: 120_000 }, () => {
  // Minted with a shifted clock so the remaining time is known to within the test's own run
  // time (docs/cli.md "Time left": minutes counted, then rounded down).
  let own: Account;
  beforeAll(async () => {
    own = await server.addAccount();
  });
  const mintAt = async (offsetMs: number, days: number) =>
    (await mintAgentToken(server.deps.store, { accountId: own.id, scopes: ['catalog:read'], label: 'time-left', days, now: new Date(Date.now() + offsetMs) })).token;

  it('a token with 30 full days left shows 30 days, not 29', async () => {
    const h = home();
    const fresh = await mintAt(30 * 60_000, 30); // 30 days and up to 30 minutes
    const login = await rcat(['login', '--with-token'], h.env, { input: fresh });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/Expires: +\d{4}-\d{2}-\d{2} \(30 days left\)/);
    const status = await rcat(['status'], h.env);
    expect(status.stdout).toMatch(/Expires: +\d{4}-\d{2}-\d{2} \(30 days left\)/);
    expect(JSON.parse((await rcat(['status', '--json'], h.env)).stdout).token.daysLeft).toBe(30);
  });

  it('under one day: hours, never "0 days", with the renewal warning', async () => {
    const h = home();
    const ending = await mintAt(-(17 * 60 + 30) * 60_000, 1); // 6 hours 30 minutes left at most
    expect((await rcat(['login', '--with-token'], h.env, { input: ending })).code).toBe(0);
    const status = await rcat(['status'], h.env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/\(6 hours left\)/);
    expect(status.stdout).not.toMatch(/0 days/);
    expect(status.stderr).toMatch(/warning: the sign-in .* expires in 6 hours \(\d{4}-\d{2}-\d{2}\)/);
    expect(JSON.parse((await rcat(['status', '--json'], h.env)).stdout).token.daysLeft).toBe(0);
  });
});

describe('the plain-file fallback', { timeout: 120_000 }, () => {
  it('narrows a folder and a file that others could read to 0700 and 0600', async () => {
    const h = home();
    mkdirSync(h.configDir, { recursive: true, mode: 0o755 });
    chmodSync(h.configDir, 0o755);
    const file = path.join(h.configDir, 'credentials.json');
    writeFileSync(file, JSON.stringify({ version: 1, servers: { [server.url]: { kind: 'agent', accessToken: token, expiresAt: null } } }), { mode: 0o644 });
    chmodSync(file, 0o644);
    const r = await rcat(['search', 'microscope', '--json'], h.env);
    expect(r.code).toBe(0);
    expect(mode(h.configDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });
});

describe('an expired stored token', { timeout: 120_000 }, () => {
  it('exit 4 saying when it expired, without asking the server', async () => {
    const h = home();
    mkdirSync(h.configDir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(h.configDir, 'credentials.json'), JSON.stringify({
      version: 1,
      servers: { [server.url]: { kind: 'agent', accessToken: token, expiresAt: '2026-01-02T03:04:05.000Z' } },
    }), { mode: 0o600 });
    const r = await rcat(['search', 'microscope'], h.env);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/expired on 2026-01-02[\s\S]*rcat login/);
  });
});

describe('RCAT_TOKEN', { timeout: 120_000 }, () => {
  it('works with nothing stored, and status says where the token came from', async () => {
    const h = home({ RCAT_TOKEN: token });
    const r = await rcat(['status', '--json'], h.env);
    expect(r.code).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.storedIn).toBe('env');
    expect(status.account.email).toBe(account.email);
    expect(leaks(r, token)).toEqual([]);
  });

  it('overrides a stored token', async () => {
    const h = home();
    expect((await rcat(['login', '--with-token'], h.env, { input: token })).code).toBe(0);
    const r = await rcat(['search', 'microscope'], { ...h.env, RCAT_TOKEN: 'rcat_at_revoked-or-wrong' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/rcat login/);
  });
});

describe('rcat status and rcat logout', { timeout: 120_000 }, () => {
  it('shows server, account, scopes, storage, days left and usage against the limits', async () => {
    const h = home();
    await rcat(['login', '--with-token'], h.env, { input: token });
    const text = await runCli(['status'], h.env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(server.url);
    expect(text.stdout).toContain(account.email);
    expect(text.stdout).toMatch(/Scopes:\s+catalog:read, projects:read/);
    expect(text.stdout).toMatch(/Stored in:\s+a private file/);
    expect(text.stdout).toMatch(/days left/);
    expect(text.stdout).toMatch(/minute\s+\d+ \/ 30\s+requests/);
    const json = JSON.parse((await rcat(['status', '--json'], h.env)).stdout);
    expect(json).toMatchObject({ server: server.url, storedIn: 'file', token: { kind: 'agent', scopes: ['catalog:read', 'projects:read'] } });
    expect(json.token.daysLeft).toBeGreaterThanOrEqual(29);
    expect(json.usage.account.windows.minute.limit).toBe(30);
  });

  it('warns from 7 days before expiry', async () => {
    const h = home();
    const shortLived = await server.token(account, ['catalog:read'], 5);
    await rcat(['login', '--with-token'], h.env, { input: shortLived });
    const r = await rcat(['status'], h.env);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: the sign-in .* expires in [45] days/);
  });

  it('logout removes the stored token; afterwards commands exit 4', async () => {
    const h = home();
    await rcat(['login', '--with-token'], h.env, { input: token });
    const out = await runCli(['logout'], h.env);
    expect(out.code).toBe(0);
    expect(out.stderr).toMatch(/Signed out .*removed from the private file/);
    const file = path.join(h.configDir, 'credentials.json');
    const stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    expect(stored.servers?.[server.url]).toBeUndefined();
    const after = await runCli(['search', 'microscope'], h.env);
    expect(after.code).toBe(4);
    expect(after.stderr).toMatch(/Not signed in/);
  });
});
