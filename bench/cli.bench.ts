// CLI cold start: `rcat --version` and `rcat search` against a local server (127.0.0.1 only),
// beside `node -e 0` as the floor, measured in the same run and reported as ratios to it.
// Each command is a fresh process (what a researcher or a script pays per call); runs of the
// commands alternate so a noisy neighbour hits them alike. Build first (dist/).
// Run by bench/run.ts, or alone: node --import tsx bench/cli.bench.ts
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/server/app/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';

const RUNS = Number(process.env.RCAT_BENCH_CLI_RUNS ?? 15);
const REPO = path.resolve(import.meta.dirname, '..');
const RCAT = path.join(REPO, 'bin', 'rcat.js');

interface Case {
  label: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** Async spawn: the server runs in this process, so the event loop must stay free. */
function timeOnce(c: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, c.args, { env: c.env, stdio: ['ignore', 'ignore', 'pipe'] });
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

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

export default async function cliBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-cli-'));
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e12, perDay: 1e12, perMonth: 1e12 };
  writeFileSync(limits, JSON.stringify({ standard: huge, paid: huge, company: huge }));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: path.join(dir, 'data'), limits }, { log: () => {} });
  try {
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
    const cases: Case[] = [
      { label: '`node -e 0` (floor)', args: ['-e', '0'], env: base },
      { label: '`rcat --version`', args: [RCAT, '--version'], env: base },
      { label: '`rcat search microscope` (token in RCAT_TOKEN)', args: [RCAT, 'search', 'microscope'], env: { ...base, RCAT_TOKEN: token, RCAT_SERVER: server.url } },
      { label: '`rcat search microscope` (token in the private file)', args: [RCAT, 'search', 'microscope'], env: base },
    ];
    for (const c of cases) await timeOnce(c); // warm the file cache
    const samples = cases.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i++) {
      for (const [j, c] of cases.entries()) samples[j]!.push(await timeOnce(c));
    }
    const floor = percentile(samples[0]!, 0.5);
    const rows = cases.map((c, j) => {
      const p50 = percentile(samples[j]!, 0.5);
      return `| ${c.label} | ${p50.toFixed(0)} | ${percentile(samples[j]!, 0.9).toFixed(0)} | ${(p50 / floor).toFixed(2)}× |`;
    });
    return [
      '## CLI cold start',
      '',
      `Wall time of a fresh process, ${RUNS} alternating runs each, against a server on 127.0.0.1 (search includes the HTTP round trip).`,
      'Ratio = median ÷ median of `node -e 0` in the same run.',
      '',
      '| command | p50 ms | p90 ms | ratio to floor |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
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
