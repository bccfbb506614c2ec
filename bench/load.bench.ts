// Mixed load (issue 8): a real `rcat-server` child process (dist/, built by `npm run bench`) on
// 127.0.0.1 with a 200-record catalogue, 12 accounts of 3 companies, the limits service on with
// ceilings raised so nothing is refused. Each row is one autocannon run of RCAT_BENCH_SECONDS
// (default 5) with 20 connections spreading requests over every account's token. Baseline, in
// the same run: GET /api/agent/usage (authentication and a ledger read, no catalogue, no charge).
// Server RSS is read from /proc before and after. Run by bench/run.ts, or alone:
//   node --import tsx bench/load.bench.ts
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';
import { limitsFile } from '../test/support/mcp-client.js';
import { mixRequests, newOutcomes, runAutocannon, sampleRss } from '../test/support/load-mix.js';
import { seedDataDir } from '../test/support/seed-data-dir.js';
import { startServerProcess } from '../test/support/server-process.js';

const SECONDS = Number(process.env.RCAT_BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const RAISED = { preset: 'variant-a', standard: { perMinute: 10_000_000 }, paid: { perMinute: 10_000_000 }, company: { perMinute: 10_000_000 } };

export default async function loadBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-load-'));
  const companies = ['Acme Labs', 'Borealis Institute', 'Cetus University'];
  const seeded = await seedDataDir(dir, { accounts: Array.from({ length: 12 }, (_, i) => ({ company: companies[i % 3]!, plan: i % 4 === 0 ? 'paid' : 'standard' })), records: 200 });
  const server = await startServerProcess(['--data-dir', dir], ['--catalogue', seeded.cataloguePath, '--limits', limitsFile(dir, RAISED)], {}, 120_000);
  let next = 0;
  const token = () => seeded.accounts[next++ % seeded.accounts.length]!.token;
  try {
    const rows: string[] = [];
    let baselineRps = 0;
    const rss = sampleRss(server.child.pid!, 500);
    const kinds: [string, (r: autocannon.Request[]) => autocannon.Request[]][] = [
      ['baseline: `GET /api/agent/usage`', () => [{ method: 'GET', path: '/api/agent/usage', setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${token()}` } }) }]],
      ['REST search', (r) => [r[0]!]],
      ['REST record read', (r) => [r[1]!]],
      ['/mcp tools/call search + fetch', (r) => [r[2]!, r[3]!]],
      ['mix (all four in rotation)', (r) => r],
    ];
    for (const [label, select] of kinds) {
      const out = newOutcomes();
      const result = await runAutocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests: select(mixRequests(token, seeded.entityIds, out)) });
      const rps = result.requests.average;
      if (!baselineRps) baselineRps = rps;
      const failures = result.errors + result.timeouts + result.non2xx + out.other + out.limited;
      rows.push(`| ${label} | ${Math.round(rps)} | ${(baselineRps / rps).toFixed(2)}× | ${result.latency.p50} / ${result.latency.p90} / ${result.latency.p99} | ${result.requests.total} | ${failures} |`);
    }
    const samples = rss.stop();
    return [
      '## Mixed load: REST and /mcp from many accounts',
      '',
      `\`bench/load.bench.ts\`: a real \`rcat-server\` process on 127.0.0.1 (JSON store, 200-record catalogue), 12 accounts of 3 companies, limits on with the ceilings raised so nothing is refused, ${CONNECTIONS} connections rotating over the accounts' tokens, one ${SECONDS} s autocannon run per row. Ratio = baseline req/s ÷ row req/s. Latency in ms.`,
      '',
      '| requests | req/s | baseline ÷ row | p50 / p90 / p99 ms | requests | errors + non-2xx |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Server RSS: ${samples[0]?.toFixed(0)} MiB at the start, peak ${Math.max(...samples).toFixed(0)} MiB, ${samples.at(-1)?.toFixed(0)} MiB at the end. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      '',
      'The correctness side of the same mix (only successes and justified 429s, an exact ledger, bounded memory) is `test/load-mixed.test.ts`, short in `npm test`, longer in `npm run test:stress`.',
    ].join('\n');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await loadBench()}\n`);
