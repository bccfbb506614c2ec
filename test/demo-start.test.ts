// `npm start` for a newcomer (`rcat-server start --demo`, as a child process): a first start on a
// busy port fails before anything is seeded, so no token is shown and lost; the next start seeds
// and shows the token, which belongs to the paid demo account and says its real limits; a later
// start says the demo is there and prints a command that really makes a new token. And the help
// of the program and of `start` shows examples.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import { RCAT_SERVER_BIN, runRcatServer, runRcatServerInProcess } from './support/run-rcat-server.js';
import { scratchDirs } from './support/server.js';

const scratch = scratchDirs();
afterAll(scratch.cleanup);
// The first test starts exactly what `npm start` does (the shipped catalogue); the later ones are
// about the demo accounts, not the catalogue, and start over a small one (a quicker start).
const SMALL_CATALOGUE = ['--catalogue', catalogueFile(scratch.dir(), microscopes(20))];
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

/** A command-line environment without npm's variables (as in a shell), unless given. */
const ENV = { RCAT_DATA_DIR: undefined, RCAT_DATABASE_URL: undefined, RCAT_PORT: undefined, npm_lifecycle_event: undefined };

interface Started {
  stderr: string;
  url: string;
  stop: () => Promise<number | null>;
}

/** Starts `rcat-server --data-dir DIR start --demo ARGS`; resolves once it listens (and has printed what follows). */
function startDemo(dataDir: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RCAT_SERVER_BIN, '--data-dir', dataDir, 'start', '--demo', ...args], {
      env: { ...process.env, ...ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*Guides: /.exec(stderr);
      if (m) resolve({ stderr, url: m[1]!, stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then((code) => reject(Object.assign(new Error(`exited ${code}: ${stderr}`), { code, stderr })));
  });
}

const TOKEN = /\n\s+(rcat_at_[A-Za-z0-9_-]+)\n/;

describe('npm start (rcat-server start --demo)', { timeout: 120_000 }, () => {
  it('a busy port fails before seeding; the next start seeds the paid demo account and shows its token and real limits', async () => {
    const dataDir = scratch.dir();
    const busy = http.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const failed = await startDemo(dataDir, ['--port', String(port)]).then(
      () => expect.fail('started on a busy port'),
      (error: { code: number; stderr: string }) => error,
    );
    await new Promise<void>((resolve) => busy.close(() => resolve()));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`));
    expect(failed.stderr).not.toMatch(/rcat_at_|DEMO/);
    const accounts = await runRcatServerInProcess(['--data-dir', dataDir, 'account', 'list', '--json']);
    expect(JSON.parse(accounts.stdout || '[]')).toEqual([]);

    const first = await startDemo(dataDir, ['--port', '0']);
    try {
      expect(first.stderr).toMatch(/DEMO CREDENTIALS \(not for production\)/);
      expect(first.stderr).toMatch(/demo agent token of grace@demo\.rcat\.example \(the paid demo account/);
      expect(first.stderr).toMatch(/Its limits are real \(variant-b\): 60 requests a minute, 1,500 units a day and 10,000 a month;/);
      const token = TOKEN.exec(first.stderr)![1]!;
      const auth = { headers: { authorization: `Bearer ${token}` } };
      expect((await fetch(`${first.url}/api/agent/catalog/search?query=mass%20spectrometry`, auth)).status).toBe(200);
      const usage = (await (await fetch(`${first.url}/api/agent/usage`, auth)).json()) as { account: { email: string; tier: string; windows: { day: { limit: number } } } };
      expect(usage.account).toMatchObject({ email: 'grace@demo.rcat.example', tier: 'paid', windows: { day: { limit: 1500 } } });
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });

  it('a later start says the demo is there, and the command it prints makes a working token', async () => {
    const dataDir = scratch.dir();
    const first = await startDemo(dataDir, ['--port', '0', ...SMALL_CATALOGUE]);
    await first.stop();
    const second = await startDemo(dataDir, ['--port', '0', ...SMALL_CATALOGUE]);
    try {
      expect(second.stderr).not.toMatch(/DEMO CREDENTIALS|rcat_at_/);
      expect(second.stderr).toMatch(/DEMO DATA \(not for production\)/);
      expect(second.stderr).toMatch(/sign in: grace@demo\.rcat\.example \/ demo-password/);
      const command = /\n {4}(rcat-server .*token create.*)\n/.exec(second.stderr)?.[1];
      expect(command).toBeDefined();
      // The printed command line, as a shell splits it (only simple quoting is used).
      const args = [...command!.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);
      expect(args).toEqual(expect.arrayContaining(['--data-dir', dataDir, '--email', 'grace@demo.rcat.example']));
      const made = await runRcatServer(args, { env: ENV });
      expect(made.code, made.stderr).toBe(0);
      const token = /rcat_at_[A-Za-z0-9_-]+/.exec(made.stdout)![0];
      expect((await fetch(`${second.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await second.stop();
    }
    // Run by npm (`npm start` in the clone), the command is `npx rcat-server`, which finds this package's command there.
    const byNpm = await startDemo(dataDir, ['--port', '0', ...SMALL_CATALOGUE], { npm_lifecycle_event: 'start' });
    await byNpm.stop();
    expect(byNpm.stderr).toMatch(/\n {4}npx rcat-server --data-dir .* token create /);
  });

  it('--demo on a store with accounts of its own adds nothing and says how to make a token', async () => {
    const dataDir = scratch.dir();
    const added = await runRcatServerInProcess(['--data-dir', dataDir, 'account', 'add', '--email', 'own@example.org', '--name', 'Own', '--no-password']);
    expect(added.code, added.stderr).toBe(0);
    const started = await startDemo(dataDir, ['--port', '0', ...SMALL_CATALOGUE]);
    await started.stop();
    expect(started.stderr).toMatch(/no demo data was added/);
    expect(started.stderr).toMatch(/token create --email <account e-mail>/);
    expect(started.stderr).not.toMatch(/rcat_at_/);
  });
});

describe('rcat-server --help and start --help', () => {
  it('show examples', async () => {
    const top = await runRcatServerInProcess(['--help']);
    expect(top.stdout).toMatch(/Examples:\n {2}rcat-server start --demo/);
    expect(top.stdout).toMatch(/rcat-server token create --email/);
    const start = await runRcatServerInProcess(['start', '--help']);
    expect(start.stdout).toMatch(/Examples:\n {2}rcat-server start --demo/);
    expect(start.stdout).toMatch(/rcat-server start --port 8790/);
  });
});
