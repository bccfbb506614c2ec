// Limiter overhead: the same REST endpoint (a record read), with the limits service on (default
// journal backend: check-and-debit in memory, written before the answer, fdatasync after it or,
// on a second server with --usage-sync answer, before it) and off (a pass-through limiter
// swapped in), measured in the same run, reported as ratios. Traffic goes
// only to 127.0.0.1. Ceilings are raised so no request is refused; the work is identical.
// Run by bench/run.ts, or alone: node --import tsx bench/limits.bench.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Limiter } from '../src/server/limits/limiter.js';
import type { Account } from '../src/server/store/ports/index.js';
import { startServer } from '../src/server/app/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';

const DURATION_S = Number(process.env.RCAT_BENCH_SECONDS ?? 3);
/** Off and on alternate this many times; the median of each is reported (the machine is shared). */
const ROUNDS = 3;
const passThrough: Limiter = { charge: async () => ({ allowed: true, headers: {} }) };

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, token: string, connections: number): Promise<Run> {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers: { authorization: `Bearer ${token}` } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

const CONCURRENT_CHARGES = 5000;

/** The limiter alone: sequential charges (one sync each) and simultaneous ones (shared syncs). */
async function directChargeCost(limiter: Limiter, account: Account): Promise<{ sequentialUs: number; concurrentUs: number }> {
  let t = performance.now();
  for (let i = 0; i < 200; i++) await limiter.charge(account, { units: 1 });
  const sequentialUs = ((performance.now() - t) * 1000) / 200;
  t = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT_CHARGES }, () => limiter.charge(account, { units: 1 })));
  const concurrentUs = ((performance.now() - t) * 1000) / CONCURRENT_CHARGES;
  return { sequentialUs, concurrentUs };
}

/** The run with the median requests/s. */
function median(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

interface BenchServer {
  server: Awaited<ReturnType<typeof startServer>>;
  account: Account;
  token: string;
  url: string;
}

async function benchServer(dir: string, config: string, usageSync: 'background' | 'answer'): Promise<BenchServer> {
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: path.join(dir, `data-${usageSync}`), limits: config, usageSync }, { log: () => {} });
  const store = server.deps.store;
  const account = await store.accounts.create({ email: 'bench@example.test', name: 'Bench', company: 'Bench Co', plan: 'standard', paidUntil: null, passwordHash: null });
  const token = (await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' })).token;
  const id = server.deps.services.catalogue.search('microscope').results[0]!.id;
  return { server, account, token, url: `${server.url}/api/agent/catalog/record?id=${encodeURIComponent(id)}` };
}

export default async function limitsBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-limits-'));
  const config = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e12, perDay: 1e12, perMonth: 1e12 };
  writeFileSync(config, JSON.stringify({ standard: huge, paid: huge, company: huge }));
  const background = await benchServer(dir, config, 'background');
  const answer = await benchServer(dir, config, 'answer');
  try {
    const limiter = background.server.deps.limiter;
    const rows: string[] = [];
    for (const connections of [1, 10, 50]) {
      background.server.deps.limiter = passThrough;
      await measure(background.url, background.token, connections); // warm-up
      await measure(answer.url, answer.token, connections);
      const offRuns: Run[] = [];
      const bgRuns: Run[] = [];
      const answerRuns: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        background.server.deps.limiter = passThrough;
        offRuns.push(await measure(background.url, background.token, connections));
        background.server.deps.limiter = limiter;
        bgRuns.push(await measure(background.url, background.token, connections));
        answerRuns.push(await measure(answer.url, answer.token, connections));
      }
      const off = median(offRuns);
      const bg = median(bgRuns);
      const an = median(answerRuns);
      rows.push(
        `| ${connections} | ${off.rps.toFixed(0)} | ${bg.rps.toFixed(0)} | ${an.rps.toFixed(0)} | ${(off.rps / bg.rps).toFixed(2)}× | ${(off.rps / an.rps).toFixed(2)}× | ${off.p50} / ${off.p99} | ${bg.p50} / ${bg.p99} | ${an.p50} / ${an.p99} | ${[...offRuns, ...bgRuns, ...answerRuns].reduce((n, r) => n + r.non2xx, 0)} |`,
      );
    }
    const directBg = await directChargeCost(limiter, background.account);
    const directAnswer = await directChargeCost(answer.server.deps.limiter, answer.account);
    return [
      '## Limits: limiter overhead',
      '',
      `Record read (\`GET /api/agent/catalog/record\`), limits off (a pass-through limiter) vs on, with the default journal backend`,
      '(all six windows checked and debited in memory, the batch written to the journal before the answer) in both',
      '`--usage-sync` modes: `background` (default; fdatasync within about 10 ms after the answer) and `answer` (fdatasync before it).',
      `Alternating, ${ROUNDS} runs of ${DURATION_S} s each, median run shown. Ratio = requests/s off ÷ on (1.00× = no overhead). Latency in ms.`,
      '',
      '| connections | req/s off | req/s background | req/s answer | ratio background | ratio answer | p50 / p99 off | p50 / p99 background | p50 / p99 answer | non-2xx |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Without HTTP, µs per \`charge()\`: awaited one at a time ${directBg.sequentialUs.toFixed(1)} (background) / ${directAnswer.sequentialUs.toFixed(0)} (answer: each waits for its own fdatasync);`,
      `amortized over ${CONCURRENT_CHARGES} simultaneous charges ${directBg.concurrentUs.toFixed(1)} (background) / ${directAnswer.concurrentUs.toFixed(1)} (answer, group commit).`,
      '',
      `Recorded ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} (other work on the machine makes the figures noisy).`,
      '',
    ].join('\n');
  } finally {
    await background.server.close();
    await answer.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await limitsBench());
}
