// Operator commands: accounts, agent tokens and usage errors (run in this process through the
// program's entry), and as child processes (`node bin/rcat-server.js …`) a running server on the
// same data dir seeing their effect on the next request, and the demo start-up that `npm start`
// runs.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import { JsonStore } from '../src/server/store/json/index.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import { RCAT_SERVER_BIN, runRcatServer, runRcatServerInProcess } from './support/run-rcat-server.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';

// Temporary data dirs of this file, removed at the end.
const scratch = scratchDirs();
const scratchDir = scratch.dir;
afterAll(scratch.cleanup);

const PASSWORD = 'correct horse battery staple';

describe('account add / list / disable', { timeout: 120_000 }, () => {
  const dataDir = scratchDir();
  const cli = (args: string[], stdin?: string) => runRcatServerInProcess(['--data-dir', dataDir, ...args], { stdin });

  it('creates an account with the password from stdin and prints it as JSON (no secrets)', async () => {
    const r = await cli(['account', 'add', '--email', 'Ada@Example.org', '--name', 'Ada L', '--company', 'Analytical Engines', '--plan', 'paid', '--paid-until', '2030-01-31', '--json'], `${PASSWORD}\n`);
    expect(r.code, r.stderr).toBe(0);
    const account = JSON.parse(r.stdout);
    expect(Object.keys(account).sort()).toEqual(['company', 'createdAt', 'disabled', 'email', 'id', 'name', 'paidUntil', 'plan']);
    expect(account).toMatchObject({ email: 'Ada@Example.org', name: 'Ada L', company: 'Analytical Engines', plan: 'paid', paidUntil: '2030-01-31', disabled: false });
    const state = readFileSync(path.join(dataDir, 'state.json'), 'utf8');
    expect(state).not.toContain(PASSWORD);
    // At rcat's own cost (test/passwords.test.ts), not the tests' low one (test/support/password-hash.ts).
    expect(state).toMatch(/"passwordHash":"scrypt\$32768\$8\$1\$/);
  });

  it('lists accounts as JSON', async () => {
    const r = await cli(['account', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout);
    expect(list.map((a: { email: string }) => a.email)).toContain('Ada@Example.org');
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|scrypt/);
  });

  it.each([
    ['a password on the command line', ['account', 'add', '--email', 'b@example.org', '--name', 'B', '--password', 'hunter22hunter22'], /unknown option '--password'/],
    ['a duplicate e-mail (any case)', ['account', 'add', '--email', 'ada@example.org', '--name', 'Dup'], /already exists/],
    ['a malformed e-mail', ['account', 'add', '--email', 'not-an-email', '--name', 'X'], /not an e-mail address/],
    ['paid without a date', ['account', 'add', '--email', 'c@example.org', '--name', 'C', '--plan', 'paid'], /--paid-until/],
    ['an unknown plan', ['account', 'add', '--email', 'd@example.org', '--name', 'D', '--plan', 'gold'], /Allowed choices are standard, paid/],
    ['an impossible date', ['account', 'add', '--email', 'e@example.org', '--name', 'E', '--plan', 'paid', '--paid-until', '2030-02-31'], /--paid-until/],
    ['an unknown command', ['acount', 'add'], /unknown command/],
  ])('usage error: %s → exit 2, clear message, nothing written', async (_label, args, message) => {
    const before = readFileSync(path.join(dataDir, 'state.json'), 'utf8');
    const r = await cli(args, `${PASSWORD}\n`);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(path.join(dataDir, 'state.json'), 'utf8')).toBe(before);
  });

  it('refuses a too-short password from stdin (exit 2)', async () => {
    const r = await cli(['account', 'add', '--email', 'short@example.org', '--name', 'S'], 'short\n');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/at least 8 characters/);
  });
});

describe('token create / list / revoke', { timeout: 120_000 }, () => {
  const dataDir = scratchDir();
  const cli = (args: string[], stdin?: string) => runRcatServerInProcess(['--data-dir', dataDir, ...args], { stdin });

  beforeAll(async () => {
    expect((await cli(['account', 'add', '--email', 'tok@example.org', '--name', 'Tok', '--no-password'])).code).toBe(0);
  });

  it('prints the token once, stores only its hash, and lists tokens without secrets', async () => {
    const created = await cli(['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read', '--scope', 'projects:read', '--name', 'laptop', '--days', '7', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const body = JSON.parse(created.stdout);
    expect(body.token).toMatch(/^rcat_at_[A-Za-z0-9_-]{43,}$/);
    expect(body).toMatchObject({ label: 'laptop', scopes: ['catalog:read', 'projects:read'], status: 'active', revokedAt: null, lastUsedAt: null });
    const lifetimeDays = (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 86_400_000;
    expect(lifetimeDays).toBe(7);
    expect(readFileSync(path.join(dataDir, 'state.json'), 'utf8')).not.toContain(body.token);

    const plain = await cli(['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^rcat_at_\S+\n$/); // only the token on stdout: scriptable
    expect(plain.stderr).toMatch(/shown only once/);

    const listed = await cli(['token', 'list', '--email', 'tok@example.org', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const tokens = JSON.parse(listed.stdout);
    expect(tokens).toHaveLength(2);
    for (const t of tokens) expect(Object.keys(t).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'label', 'lastUsedAt', 'revokedAt', 'scopes', 'status']);
    expect(listed.stdout).not.toContain('rcat_at_');
    const thirtyDays = tokens.find((t: { label: string }) => t.label === 'operator token');
    expect((Date.parse(thirtyDays.expiresAt) - Date.parse(thirtyDays.createdAt)) / 86_400_000).toBe(30);

    const revoked = await cli(['token', 'revoke', body.id, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: body.id, status: 'revoked' });
    // Revoking again is harmless and keeps the first revocation time.
    const again = await cli(['token', 'revoke', body.id, '--json']);
    expect(JSON.parse(again.stdout).revokedAt).toBe(JSON.parse(revoked.stdout).revokedAt);
  });

  it.each([
    ['an unknown scope', ['token', 'create', '--email', 'tok@example.org', '--scope', 'admin:all'], /"admin:all" is not a scope of this server/],
    ['a repeated scope', ['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read', '--scope', 'catalog:read'], /"catalog:read" is given twice/],
    ['a scope with a leading space', ['token', 'create', '--email', 'tok@example.org', '--scope', ' catalog:read'], /is not one scope/],
    ['two scopes in one argument', ['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read projects:read'], /is not one scope/],
    ['two scopes with a comma', ['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read,projects:read'], /not a scope of this server/],
    ['an empty scope', ['token', 'create', '--email', 'tok@example.org', '--scope', ''], /a scope is empty/],
    ['no scope', ['token', 'create', '--email', 'tok@example.org'], /required option '--scope/],
    ['too many days', ['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read', '--days', '31'], /--days must be a whole number from 1 to 30/],
    ['fractional days', ['token', 'create', '--email', 'tok@example.org', '--scope', 'catalog:read', '--days', '1.5'], /--days/],
    ['a malformed token id', ['token', 'revoke', 'not-a-token-id'], /is not a token id/],
    ['list without --email', ['token', 'list'], /required option '--email/],
  ])('usage error: %s → exit 2', async (_label, args, message) => {
    const r = await cli(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).not.toMatch(/rcat_at_/);
  });

  it.each([
    ['an unknown account', ['token', 'create', '--email', 'nobody@example.org', '--scope', 'catalog:read'], /no account with e-mail nobody@example.org/],
    ['an unknown token id', ['token', 'revoke', '00000000-0000-4000-8000-000000000000'], /no token with id/],
  ])('not found: %s → exit 3', async (_label, args, message) => {
    const r = await cli(args);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).not.toMatch(/rcat_at_/);
  });

  it('refuses a 51st active token for an account, as the agent-connections page does (exit 2, nothing created)', async () => {
    expect((await cli(['account', 'add', '--email', 'many@example.org', '--name', 'Many', '--no-password'])).code).toBe(0);
    const store = await JsonStore.open(dataDir);
    const account = (await store.accounts.getByEmail('many@example.org'))!;
    const minted = [];
    for (let i = 0; i < 50; i++) minted.push(await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read'], label: `t${i}` }));
    await store.close();
    const refused = await cli(['token', 'create', '--email', 'many@example.org', '--scope', 'catalog:read']);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/50 active agent tokens/);
    expect(refused.stdout).toBe('');
    expect(JSON.parse((await cli(['token', 'list', '--email', 'many@example.org', '--json'])).stdout)).toHaveLength(50);
    // A revoked token no longer counts.
    expect((await cli(['token', 'revoke', minted[0]!.record.id])).code).toBe(0);
    const created = await cli(['token', 'create', '--email', 'many@example.org', '--scope', 'catalog:read']);
    expect(created.code, created.stderr).toBe(0);
  });

  it('lists newest first', async () => {
    const listed = JSON.parse((await cli(['token', 'list', '--email', 'tok@example.org', '--json'])).stdout) as { createdAt: string }[];
    expect(listed.map((t) => t.createdAt)).toEqual(listed.map((t) => t.createdAt).sort().reverse());
  });

  it('leaves no temporary or lock files behind', () => {
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
  });
});

describe('a running server sees operator commands on the next request', { timeout: 120_000 }, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const cli = (args: string[], stdin?: string) => runRcatServer(['--data-dir', server.dataDir, ...args], { stdin });
  const search = (token: string) =>
    fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });

  it('accepts a token created by the command, refuses it once revoked, and refuses a disabled account', async () => {
    expect((await cli(['account', 'add', '--email', 'live@example.org', '--name', 'Live', '--no-password'])).code).toBe(0);
    const created = JSON.parse((await cli(['token', 'create', '--email', 'live@example.org', '--scope', 'catalog:read', '--json'])).stdout);

    expect((await search(created.token)).status).toBe(200);

    expect((await cli(['token', 'revoke', created.id])).code).toBe(0);
    const revoked = await search(created.token);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    expect(Problem.parse(await revoked.json()).code).toBe('token_revoked');

    const second = JSON.parse((await cli(['token', 'create', '--email', 'live@example.org', '--scope', 'catalog:read', '--json'])).stdout);
    expect((await search(second.token)).status).toBe(200);
    expect((await cli(['account', 'disable', '--email', 'live@example.org'])).code).toBe(0);
    const disabled = await search(second.token);
    expect(disabled.status).toBe(403);
    expect(Problem.parse(await disabled.json()).code).toBe('account_disabled');
  });

  it('keeps writes from the server and from commands (nothing overwritten)', async () => {
    // The server writes (an account through its store) while a command writes too.
    const fromServer = server.addAccount({ email: 'server-side@example.org' });
    const fromCommand = cli(['account', 'add', '--email', 'command-side@example.org', '--name', 'Cmd', '--no-password']);
    await fromServer;
    const command = await fromCommand;
    expect(command.stderr).toBe('');
    expect(command.code, command.stderr).toBe(0);
    const listed = JSON.parse((await cli(['account', 'list', '--json'])).stdout).map((a: { email: string }) => a.email);
    expect(listed).toEqual(expect.arrayContaining(['server-side@example.org', 'command-side@example.org', 'live@example.org']));
    expect(await server.deps.store.accounts.getByEmail('command-side@example.org')).not.toBeNull();
  });
});

describe('start --demo (what `npm start` runs)', { timeout: 120_000 }, () => {
  it('seeds a new data dir once, prints demo credentials, and the demo token works', async () => {
    const dataDir = scratchDir();
    const catalogue = catalogueFile(scratchDir(), microscopes(20));
    const startOnce = () =>
      new Promise<{ stderr: string; url: string; stop: () => Promise<number | null> }>((resolve, reject) => {
        // Over a small catalogue (a quicker start): what is under test is the demo seed.
        // test/demo-start.test.ts starts it over the shipped one, as `npm start` does.
        const child = spawn(process.execPath, [RCAT_SERVER_BIN, '--data-dir', dataDir, 'start', '--demo', '--port', '0', '--catalogue', catalogue], {
          env: { ...process.env, RCAT_DATA_DIR: undefined, RCAT_DATABASE_URL: undefined },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          stderr += d;
          // The demo is announced once the server listens; the guides' address is its last line.
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*\nGuides: /.exec(stderr);
          if (m) resolve({ stderr, url: m[1]!, stop: () => (child.kill('SIGTERM'), exited) });
        });
        void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
      });

    const first = await startOnce();
    try {
      expect(first.stderr).toMatch(/DEMO CREDENTIALS \(not for production\)/);
      expect(first.stderr).toMatch(/sign in: ada@demo\.rcat\.example \/ demo-password/);
      const token = /\n\s+(rcat_at_[A-Za-z0-9_-]+)\n/.exec(first.stderr)![1]!;
      const res = await fetch(`${first.url}/api/agent/catalog/search?query=mass%20spectrometry`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startOnce();
    try {
      expect(second.stderr).not.toMatch(/DEMO CREDENTIALS|rcat_at_/);
    } finally {
      await second.stop();
    }
  });
});
