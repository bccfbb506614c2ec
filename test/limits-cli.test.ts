// `rcat-server usage` and durability: acknowledged usage survives kill -9 of a real `rcat-server
// start` child process, and `rcat-server usage` reads it afterwards from another process (a child
// process, human and --json); the ceilings it shows are those the server on that data dir started
// with; bad options are usage errors. The other operator commands run in this process (the
// program's own entry). Uses the wall clock, so day/month assertions allow for a midnight in between.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageReport } from '../src/shared/usage.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import { type CommandResult, RCAT_SERVER_BIN, runRcatServer, runRcatServerInProcess, until } from './support/run-rcat-server.js';
import { tempDir } from './support/server.js';
import { startLimitsServer } from './limits-helpers.js';

const dataDir = tempDir('rcat-limits-cli-');
// A small catalogue for the server processes: what is under test is the usage ledger, and a
// server over it starts in a fraction of the time the shipped catalogue's index takes to build.
const cataloguePath = catalogueFile(dataDir, microscopes(20));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** An operator command in this process; `child` runs it as a process of its own. */
const cli = (args: string[], options: { child?: boolean } = {}) => (options.child ? runRcatServer : runRcatServerInProcess)(['--data-dir', dataDir, ...args]);

/** The command's stdout, or a failure that shows its stderr (so a broken build is obvious). */
function stdoutOf(result: CommandResult): string {
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
  return result.stdout;
}

async function startServerProcess(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [RCAT_SERVER_BIN, '--data-dir', dataDir, 'start', '--port', '0', '--catalogue', cataloguePath], {
    env: { ...process.env, RCAT_DATA_DIR: undefined, RCAT_LIMITS: undefined },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const url = await until(() => /listening on (http:\/\/\S+)/.exec(stderr)?.[1] ?? (child.exitCode !== null ? `exited: ${stderr}` : undefined), 'rcat-server start', 60_000);
  if (!url.startsWith('http')) throw new Error(url);
  return { child, url };
}

const utcDay = () => new Date().toISOString().slice(0, 10);

describe('rcat-server usage and durability', { timeout: 180_000 }, () => {
  it('usage acknowledged before kill -9 is reported by `rcat-server usage` and by the restarted server', async () => {
    const email = 'limits-cli@example.test';
    stdoutOf(await cli(['account', 'add', '--email', email, '--name', 'Limits', '--company', 'Kappa Labs', '--no-password']));
    const created = stdoutOf(await cli(['token', 'create', '--email', email, '--scope', 'catalog:read', '--json']));
    const token = (JSON.parse(created) as { token: string }).token;

    const dayBefore = utcDay();
    const { child, url } = await startServerProcess();
    const auth = { authorization: `Bearer ${token}` };
    const search = await fetch(`${url}/api/agent/catalog/search?query=microscope`, { headers: auth });
    expect(search.status).toBe(200);
    const id = ((await search.json()) as { results: { id: string }[] }).results[0]!.id;
    for (let i = 0; i < 6; i++) expect((await fetch(`${url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: auth })).status).toBe(200);
    const live = UsageReport.parse(await (await fetch(`${url}/api/agent/usage`, { headers: auth })).json());
    const acknowledged = live.account.windows.month.used;
    expect(acknowledged).toBeGreaterThanOrEqual(7);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const report = UsageReport.parse(JSON.parse(stdoutOf(await cli(['usage', '--email', email, '--json'], { child: true }))));
    const sameDay = dayBefore === utcDay();
    if (sameDay) {
      expect(report.account.windows.day.used).toBe(acknowledged);
      expect(report.company?.windows.day.used).toBe(acknowledged);
    }
    expect(report.account.windows.month.used + (sameDay ? 0 : acknowledged)).toBeGreaterThanOrEqual(acknowledged);
    expect(report).toMatchObject({ policy: 'variant-b', account: { email, tier: 'standard' }, company: { name: 'Kappa Labs' } });

    const human = stdoutOf(await cli(['usage', '--email', email], { child: true }));
    expect(human).toMatch(/account day\s+\d+\s+300/);
    expect(human).toMatch(/company month\s+\d+\s+20000/);

    // The killed server left a stale lock; a new one starts and sees the same usage.
    const restarted = await startServerProcess();
    const after = UsageReport.parse(await (await fetch(`${restarted.url}/api/agent/usage`, { headers: auth })).json());
    if (sameDay && dayBefore === utcDay()) expect(after.account.windows.day.used).toBe(acknowledged);
    restarted.child.kill('SIGTERM');
    await new Promise((resolve) => restarted.child.once('exit', resolve));
  });

  it('shows the ceilings the server on that data dir started with, unless told otherwise', async () => {
    // The server's clock is the wall clock at start, as the CLI reads usage at the wall clock.
    const dayBefore = utcDay();
    const server = await startLimitsServer({ at: new Date().toISOString(), limits: { standard: { perDay: 77, perMonth: null } } });
    try {
      const account = await server.addAccount();
      await server.read(await server.token(account));
      const args = ['--data-dir', server.dataDir, 'usage', '--email', account.email, '--json'];
      const recorded = UsageReport.parse(JSON.parse(stdoutOf(await runRcatServerInProcess(args, { env: { RCAT_LIMITS: undefined } }))));
      expect(recorded.policy).toBe('file');
      expect(recorded.account.windows.day.limit).toBe(77);
      expect(recorded.account.windows.month).toMatchObject({ limit: null, remaining: null });
      if (dayBefore === utcDay()) expect(recorded.account.windows.day).toMatchObject({ used: 1, remaining: 76 });
      const explicit = UsageReport.parse(JSON.parse(stdoutOf(await runRcatServerInProcess([...args, '--limits', 'variant-b']))));
      expect(explicit.account.windows.day.limit).toBe(300);
    } finally {
      await server.stop();
    }
  });

  it('bad input is a usage error with a clear message; an unknown account is not found (3)', async () => {
    const unknown = await cli(['usage', '--email', 'nobody@example.test']);
    expect(unknown.code, unknown.stderr).toBe(3);
    expect(unknown.stderr).toMatch(/no account with e-mail nobody@example.test/);
    const badPreset = await cli(['usage', '--email', 'limits-cli@example.test', '--limits', 'variant-z']);
    expect(badPreset.code).toBe(2);
    expect(badPreset.stderr).toMatch(/neither a preset \(variant-b, variant-a\) nor an existing file/);
    const emptyDir = tempDir('rcat-limits-bad-');
    const badStart = await runRcatServerInProcess(['--data-dir', emptyDir, 'start', '--port', '0', '--limits', 'nope']);
    rmSync(emptyDir, { recursive: true, force: true });
    expect(badStart.code).toBe(2); // as for `usage --limits`: neither a preset nor a file
    expect(badStart.stderr).toMatch(/--limits "nope"/);
    expect(badStart.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
