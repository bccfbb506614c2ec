// `--usage-sync`: when a usage debit's journal line is fsynced relative to the answer.
// Both modes: every answered request is counted after the server is killed with SIGKILL in the
// middle of concurrent traffic (the line is written before the answer). A journal that cannot be
// synced (here a FIFO put in its place: writes succeed, fdatasync fails with EINVAL, a real
// kernel answer): in `answer` mode the request itself is refused (503) and costs nothing; in
// `background` mode the request was answered, then every later one is refused (503, fail closed)
// until the journal can be synced again.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Catalogue } from '../src/server/catalogue/catalogue.js';
import { Problem } from '../src/shared/problem.js';
import { UsageReport } from '../src/shared/usage.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import { runRcatServerInProcess, until } from './support/run-rcat-server.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';

const scratch = scratchDirs();
// A small catalogue: what is under test is the usage journal, and a server process over it starts
// in a fraction of the time the shipped catalogue's index takes to build.
const cataloguePath = catalogueFile(scratch.dir(), microscopes(20));
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) await p.kill();
  scratch.cleanup();
});

async function startServer(dataDir: string, args: string[]): Promise<ServerProcess> {
  const p = await startServerProcess(['--data-dir', dataDir], [...args, '--catalogue', cataloguePath], { RCAT_DATA_DIR: undefined, RCAT_LIMITS: undefined, RCAT_USAGE_SYNC: undefined });
  started.push(p);
  return p;
}

/** An account and a token made by the operator commands (in this process) on the server's data dir. */
async function tokenFor(dataDir: string, email: string): Promise<string> {
  const cli = (args: string[]) => runRcatServerInProcess(['--data-dir', dataDir, ...args]);
  const added = await cli(['account', 'add', '--email', email, '--name', 'Sync', '--plan', 'paid', '--paid-until', '2999-12-31', '--no-password']);
  expect(added.code, added.stderr).toBe(0);
  const created = await cli(['token', 'create', '--email', email, '--scope', 'catalog:read', '--json']);
  expect(created.code, created.stderr).toBe(0);
  return (JSON.parse(created.stdout) as { token: string }).token;
}

// A record of that catalogue, found without asking the server (so every request below is a read).
const id = Catalogue.loadFile(cataloguePath, 'http://127.0.0.1').search('microscope').results[0]!.id;

describe('--usage-sync', { timeout: 180_000 }, () => {
  for (const mode of ['background', 'answer'] as const) {
    it(`${mode}: every request answered before a SIGKILL mid-traffic is counted after the restart`, async () => {
      const dataDir = scratch.dir();
      const email = `sync-${mode}@example.test`;
      const token = await tokenFor(dataDir, email);
      const limits = path.join(dataDir, 'limits.json');
      const lots = { perMinute: 1_000_000, perDay: 1_000_000, perMonth: 1_000_000 };
      writeFileSync(limits, JSON.stringify({ standard: lots, paid: lots, company: lots }));
      const first = await startServer(dataDir, ['--usage-sync', mode, '--limits', limits]);
      const url = first.url;
      const auth = { authorization: `Bearer ${token}` };
      const usageAt = async (base: string) => UsageReport.parse(await (await fetch(`${base}/api/agent/usage`, { headers: auth })).json()).account.windows.month.used;
      // One read first, to learn what a read of this record costs (units; /usage costs nothing).
      expect((await fetch(`${url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: auth })).status).toBe(200);
      const perRead = await usageAt(url);
      expect(perRead).toBeGreaterThan(0);

      // 8 clients read the record as fast as they can; the server is killed after 150 answers.
      let answered = 1;
      let sent = 1;
      let killed = false;
      const client = async () => {
        while (!killed) {
          sent++;
          try {
            const res = await fetch(`${url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: auth });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`status ${res.status}`);
            answered++;
            if (answered >= 150 && !killed) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, client));
      await first.kill(); // already killed: waits for the exit

      const restarted = await startServer(dataDir, ['--usage-sync', mode, '--limits', limits]);
      const counted = await usageAt(restarted.url);
      expect(counted).toBeGreaterThanOrEqual(answered * perRead);
      expect(counted).toBeLessThanOrEqual(sent * perRead);
      await restarted.stop();
    });
  }

  it('a bad --usage-sync value is a usage error that starts nothing', async () => {
    const dataDir = scratch.dir();
    const result = await runRcatServerInProcess(['--data-dir', dataDir, 'start', '--port', '0', '--usage-sync', 'never']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--usage-sync: must be "background" or "answer"/);
  });
});

/** Puts a FIFO with a reader in place of the journal: writes go through, fdatasync fails (EINVAL). */
function breakJournalSync(usageDir: string): { restore: () => void } {
  const journal = readdirSync(usageDir).find((f) => /^journal-\d+\.log$/.test(f))!;
  const file = path.join(usageDir, journal);
  renameSync(file, `${file}.kept`);
  execFileSync('mkfifo', [file]);
  const reader = openSync(file, 'r+'); // O_RDWR: a reader exists, so opening for append does not block
  return {
    restore() {
      rmSync(file);
      renameSync(`${file}.kept`, file);
      closeSync(reader); // the FIFO's buffered lines go with it
    },
  };
}

/** A new account's token, and a read of the shared record with it. */
async function recordReader(server: TestServer): Promise<{ token: string; read: () => Promise<Response> }> {
  const token = await server.token(await server.addAccount());
  return { token, read: () => fetch(`${server.url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } }) };
}

describe('a journal that cannot be synced', { timeout: 120_000 }, () => {
  it('answer mode: the request is refused with 503 and costs nothing', async () => {
    const server = await startTestServer({ usageSync: 'answer', cataloguePath });
    try {
      const { token, read } = await recordReader(server);
      expect((await read()).status).toBe(200);
      const broken = breakJournalSync(path.join(server.dataDir, 'usage'));
      const refused = await read();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(Problem.parse(await refused.json()).code).toBe('unavailable');
      broken.restore();
      const usage = UsageReport.parse(await (await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } })).json());
      expect(usage.account.windows.month.used).toBe(1); // the refused read was taken back
      expect((await read()).status).toBe(200); // the restored journal is used again
    } finally {
      await server.stop();
    }
  });

  it('background mode: answered, then fail closed (503) until a sync succeeds again', async () => {
    const logs: string[] = [];
    const server = await startTestServer({ cataloguePath }, { log: (line) => logs.push(line) });
    try {
      const { read } = await recordReader(server);
      expect((await read()).status).toBe(200);
      const broken = breakJournalSync(path.join(server.dataDir, 'usage'));
      expect((await read()).status).toBe(200); // written (into the FIFO), answered; its sync fails after
      const refused = await until(async () => {
        const res = await read();
        return res.status === 503 ? res : undefined;
      }, 'fail closed after the failed sync', 30_000);
      expect(Problem.parse(await refused.json()).code).toBe('unavailable');
      expect(logs.join('\n')).toMatch(/usage journal could not be synced/);
      broken.restore();
      await until(async () => ((await read()).status === 200 ? true : undefined), 'served again once the journal syncs', 30_000);
      expect(logs.join('\n')).toMatch(/synced again/);
    } finally {
      await server.stop();
    }
  });
});
