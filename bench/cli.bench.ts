// CLI cold start: `rcat --version`, `rcat --help`, `rcat search` and `rcat fetch` against a local
// server (127.0.0.1 only), beside `node -e 0` as the floor, measured in the same run and reported
// as ratios to it, with each command's peak RSS; and how long `rcat mcp` takes from being
// spawned to answering the host's `initialize`. Each command is a fresh process (what a
// researcher or a script pays per call); runs of the commands alternate so a noisy neighbour
// hits them alike. Build first (`npm run build`: the CLI runs from its bundle, dist/rcat/).
// Run by bench/run.ts, or alone: node --import tsx bench/cli.bench.ts
//   RCAT_BENCH_CLI_RUNS  timed runs per command (default 15); CPU time and peak RSS take 5 more
//                        each, reported by the child itself (bench/support/report-usage.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/server/app/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';

const RUNS = Number(process.env.RCAT_BENCH_CLI_RUNS ?? 15);
const USAGE_RUNS = 5;
const REPO = path.resolve(import.meta.dirname, '..');
const RCAT = path.join(REPO, 'bin', 'rcat.js');
/** Preloaded into a child (`--import`): appends its peak RSS and CPU time to a file at exit. */
const REPORT_USAGE = path.join(import.meta.dirname, 'support', 'report-usage.mjs');

interface Case {
  label: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** Async spawn: the server runs in this process, so the event loop must stay free. */
function runOnce(c: Case, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [...nodeArgs, ...c.args], { env: { ...c.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) reject(new Error(`${c.label} exited ${code}: ${stderr}`));
      else resolve(ms);
    });
  });
}

/** Peak RSS (MiB) and CPU time (ms) of one run, as the child itself reports them at exit (bench/support/report-usage.mjs). */
async function usageOnce(c: Case, file: string): Promise<{ rssMiB: number; cpuMs: number }> {
  writeFileSync(file, '');
  await runOnce(c, ['--import', REPORT_USAGE], { RCAT_BENCH_USAGE_FILE: file });
  const [rss, cpu] = readFileSync(file, 'utf8').trim().split(' ').map(Number);
  return { rssMiB: rss! / 1024, cpuMs: cpu! };
}

/** Spawns `rcat mcp`, writes `initialize` at once, and times the answer's arrival on stdout. */
function mcpInitializeOnce(env: NodeJS.ProcessEnv, server: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [RCAT, 'mcp', '--server', server], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    let ms = 0;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (ms === 0 && out.includes('\n')) {
        ms = Number(process.hrtime.bigint() - start) / 1e6;
        child.stdin.end();
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      const answer = JSON.parse(out.split('\n')[0] || '{}') as { result?: { protocolVersion?: string } };
      if (!ms || !answer.result?.protocolVersion) reject(new Error(`rcat mcp did not answer initialize: ${out.slice(0, 300)}`));
      else resolve(ms);
    });
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } };
    child.stdin.write(`${JSON.stringify(init)}\n`);
  });
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function fixture(dir: string) {
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e12, perDay: 1e12, perMonth: 1e12 };
  writeFileSync(limits, JSON.stringify({ standard: huge, paid: huge, company: huge }));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: path.join(dir, 'data'), limits }, { log: () => {} });
  const store = server.deps.store;
  const account = await store.accounts.create({ email: 'bench@example.test', name: 'Bench', company: null, plan: 'standard', paidUntil: null, passwordHash: null });
  const token = (await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' })).token;
  // A clean HOME with no keychain: the stored-credential case reads the 0600 file.
  const home = path.join(dir, 'home');
  const config = path.join(home, '.config', 'rcat');
  mkdirSync(config, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(config, 'credentials.json'), JSON.stringify({ version: 1, servers: { [server.url]: { kind: 'agent', accessToken: token, expiresAt: null } } }), { mode: 0o600 });
  writeFileSync(path.join(config, 'config.json'), JSON.stringify({ version: 1, currentServer: server.url, storedIn: { [server.url]: 'file' } }), { mode: 0o600 });
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
  const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });
  const recordId = ((await res.json()) as { results: { id: string }[] }).results[0]!.id;
  return { server, token, base, recordId };
}

export default async function cliBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-cli-'));
  const { server, token, base, recordId } = await fixture(dir);
  try {
    const withToken = { ...base, RCAT_TOKEN: token, RCAT_SERVER: server.url };
    const cases: Case[] = [
      { label: '`node -e 0` (floor)', args: ['-e', '0'], env: base },
      { label: '`rcat --version`', args: [RCAT, '--version'], env: base },
      { label: '`rcat --help`', args: [RCAT, '--help'], env: base },
      { label: '`rcat search microscope` (token in RCAT_TOKEN)', args: [RCAT, 'search', 'microscope'], env: withToken },
      { label: '`rcat search microscope` (token in the private file)', args: [RCAT, 'search', 'microscope'], env: base },
      { label: '`rcat fetch ID` (token in the private file)', args: [RCAT, 'fetch', recordId], env: base },
    ];
    for (const c of cases) await runOnce(c); // warm the file cache
    const samples = cases.map(() => [] as number[]);
    const initialize: number[] = [];
    const initializeFile: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const [j, c] of cases.entries()) samples[j]!.push(await runOnce(c));
      initialize.push(await mcpInitializeOnce(withToken, server.url));
      initializeFile.push(await mcpInitializeOnce(base, server.url));
    }
    const usageFile = path.join(dir, 'usage');
    const usage = cases.map(() => [] as { rssMiB: number; cpuMs: number }[]);
    for (let i = 0; i < USAGE_RUNS; i++) for (const [j, c] of cases.entries()) usage[j]!.push(await usageOnce(c, usageFile));
    const floor = percentile(samples[0]!, 0.5);
    const cpu = (j: number) => percentile(usage[j]!.map((u) => u.cpuMs), 0.5);
    const rows = cases.map((c, j) => {
      const p50 = percentile(samples[j]!, 0.5);
      const rss = Math.max(...usage[j]!.map((u) => u.rssMiB));
      return `| ${c.label} | ${p50.toFixed(0)} | ${percentile(samples[j]!, 0.9).toFixed(0)} | ${(p50 / floor).toFixed(2)}× | ${cpu(j).toFixed(0)} | ${(cpu(j) / cpu(0)).toFixed(2)}× | ${rss.toFixed(0)} |`;
    });
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    return [
      '## CLI cold start',
      '',
      `Wall time of a fresh process, ${RUNS} alternating runs each, against a server on 127.0.0.1 (search and fetch include the HTTP round trip).`,
      'Ratio = median ÷ median of `node -e 0` in the same run. CPU (user + system, all threads; median) and peak RSS (largest) of 5 more runs each, as the process\'s own getrusage reports them at exit.',
      '',
      '| command | p50 ms | p90 ms | ratio to floor | CPU ms | CPU ratio | peak RSS MiB |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `\`rcat mcp\`, spawned with \`initialize\` written at once, answer on stdout (${RUNS} runs each, in the same rounds; includes the server's answer; ratio to the \`node -e 0\` median):`,
      '',
      '| rcat mcp | p50 ms | p90 ms | ratio to floor |',
      '| --- | --- | --- | --- |',
      ...([['token in RCAT_TOKEN', initialize], ['token in the private file', initializeFile]] as const).map(
        ([label, xs]) => `| ${label} | **${percentile(xs, 0.5).toFixed(0)}** | ${percentile(xs, 0.9).toFixed(0)} | ${(percentile(xs, 0.5) / floor).toFixed(2)}× |`,
      ),
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average at the end ${load}.`,
      '',
    ].join('\n');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await cliBench());
}
