// Scale-out shown (issue 16): a real HAProxy (Debian's `haproxy`) on loopback in front of one, two
// and three `rcat-server` processes over one throwaway PostgreSQL cluster, REST search from 12
// accounts of 3 companies. Per configuration: requests per second, p50/p99, non-2xx, and what a
// request costs — server CPU (all hosts), HAProxy CPU, database CPU and database round trips —
// which, unlike requests per second, do not depend on the machine's core count or other load (on
// a 2-core machine the hosts, the database, HAProxy and the load generator share the same cores).
// After every run the shared ledger is compared with what the clients saw: one request and the
// search's units per 2xx, nothing for anything else. Then a host is taken out and put back twice
// under load: a planned stop (SIGTERM: `/readyz` turns 503, HAProxy's checks take the host out,
// it stops after --shutdown-delay) and a crash (SIGKILL), each followed by a restart that HAProxy's
// checks put back; only requests in flight on the killed host may fail. Last, exact 429s across
// three hosts: 200 simultaneous requests of one standard account admit exactly its 30 per minute.
// Needs Debian's postgresql and haproxy. Run by bench/run.ts (`npm run bench -- scaleout`), or
// alone: node --import tsx bench/scaleout.bench.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresStore } from '../src/server/store/postgres/index.js';
import { startPostgres } from '../test/support/postgres.js';
import { COUNT_STATEMENTS, benchToken, costMeter, databaseMeter } from './support/host-costs.js';
import { haproxyBinary, startHaproxy } from './support/haproxy.js';
import { checkLedger, freePort, hostSet, ledgerOf, loadThrough, type Load } from './support/scaleout-load.js';
import { outAndBack } from './support/scaleout-drain.js';

const SECONDS = Number(process.env.RCAT_BENCH_SECONDS ?? 5);
const ROUNDS = 2;
const CONNECTIONS = 64;
const QUERY = 'mass spectrometry';
const RAISED = { perMinute: 1e9, perDay: 1e12, perMonth: 1e12 };

interface ConfigRun extends Load {
  hosts: number;
  serverCpuMs: number;
  haproxyCpuMs: number;
  databaseCpuMs: number;
  statements: number;
  /** CPU of this process (the load generator) per request. */
  clientCpuMs: number;
}

export default async function scaleoutBench(): Promise<string> {
  haproxyBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-scaleout-'));
  const raisedLimits = path.join(dir, 'limits.json');
  writeFileSync(raisedLimits, JSON.stringify({ standard: RAISED, paid: RAISED, company: RAISED }));
  const cluster = await startPostgres({ settings: [COUNT_STATEMENTS] });
  const dbUrl = await cluster.createDatabase('scaleout');
  const store = await PostgresStore.open(dbUrl);
  const companies = ['Acme Labs', 'Borealis Institute', 'Cetus University'];
  const tokens: string[] = [];
  for (let i = 0; i < 12; i++) tokens.push(await benchToken(store, `bench${i}@example.test`, companies[i % 3]!));
  const standardToken = await benchToken(store, 'ceiling@example.test', null);
  await store.close();
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  const database = await databaseMeter(admin);
  const lbPort = await freePort();
  const hosts = await hostSet(dir, dbUrl, `http://127.0.0.1:${lbPort}`, 3, raisedLimits);
  try {
    const unitCost = await searchUnits(hosts.urls[0]!, tokens[0]!, admin);
    const runs: ConfigRun[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of [1, 2, 3]) runs.push(await measureConfig(dir, lbPort, hosts, n, tokens, database, admin, unitCost));
    }
    const drain = await outAndBack(dir, lbPort, hosts, tokens, admin, unitCost, QUERY);
    const ceiling = await exactCeiling(dir, lbPort, hosts, standardToken);
    return report(runs, drain, ceiling, unitCost);
  } finally {
    await hosts.stopAll();
    await admin.end();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Units one search for QUERY costs (the ledger's day window before and after one request). */
async function searchUnits(url: string, token: string, admin: pg.Client): Promise<number> {
  const before = await ledgerOf(admin);
  const res = await fetch(`${url}/api/agent/catalog/search?query=${encodeURIComponent(QUERY)}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
  await res.arrayBuffer();
  return (await ledgerOf(admin)).units - before.units;
}

async function measureConfig(dir: string, lbPort: number, hosts: Awaited<ReturnType<typeof hostSet>>, n: number, tokens: string[], database: Awaited<ReturnType<typeof databaseMeter>>, admin: pg.Client, unitCost: number): Promise<ConfigRun> {
  const haproxy = await startHaproxy(dir, lbPort, hosts.entries.slice(0, n));
  try {
    const warm = await loadThrough(haproxy.url, tokens, QUERY, { connections: CONNECTIONS, amount: CONNECTIONS * 10 });
    const servers = costMeter(() => hosts.pids().slice(0, n), database);
    const proxy = costMeter(() => [haproxy.child.pid!], null);
    const before = await ledgerOf(admin);
    await servers.start();
    await proxy.start();
    const client = process.cpuUsage();
    const load = await loadThrough(haproxy.url, tokens, QUERY, { connections: CONNECTIONS, amount: Math.max(CONNECTIONS * 20, Math.round(warm.rps * SECONDS)) });
    const clientUsage = process.cpuUsage(client);
    const clientCpuMs = (clientUsage.user + clientUsage.system) / 1000 / load.total;
    const cost = await servers.stop(load.total);
    const proxyCost = await proxy.stop(load.total);
    const after = await ledgerOf(admin);
    checkLedger(`${n} host(s)`, after.requests - before.requests, after.units - before.units, load.ok, unitCost, 0);
    return { ...load, hosts: n, serverCpuMs: cost.serverCpuMs, haproxyCpuMs: proxyCost.serverCpuMs, databaseCpuMs: cost.databaseCpuMs, statements: cost.statements, clientCpuMs };
  } finally {
    await haproxy.stop();
  }
}

/** 200 simultaneous searches of one standard account (30 a minute), spread by HAProxy over three hosts with the default limits. */
async function exactCeiling(dir: string, lbPort: number, hosts: Awaited<ReturnType<typeof hostSet>>, token: string) {
  await hosts.restartAll(undefined);
  const haproxy = await startHaproxy(dir, lbPort, hosts.entries);
  try {
    const before = await haproxy.servers();
    // A query that finds nothing costs no units, so only the minute window can refuse.
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const res = await fetch(`${haproxy.url}/api/agent/catalog/search?query=zzqqxxvv`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: Number(res.headers.get('retry-after')) };
      }),
    );
    const after = await haproxy.servers();
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    return {
      admitted: count(200),
      limited: count(429),
      other: answers.length - count(200) - count(429),
      withRetryAfter: answers.filter((a) => a.status === 429 && a.retryAfter >= 1).length,
      perHost: [...after].map(([name, s]) => s.requests - (before.get(name)?.requests ?? 0)),
    };
  } finally {
    await haproxy.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function report(runs: ConfigRun[], drain: Awaited<ReturnType<typeof outAndBack>>, ceiling: Awaited<ReturnType<typeof exactCeiling>>, unitCost: number): string {
  const rows = [1, 2, 3].map((n) => {
    const mine = runs.filter((r) => r.hosts === n);
    const m = mine.find((r) => r.rps === median(mine.map((x) => x.rps)))!;
    const failures = mine.map((r) => r.failures).filter(Boolean).join('; ') || '0';
    return `| ${n} | ${m.rps.toFixed(0)} | ${m.p50} / ${m.p99} | ${failures} | ${m.serverCpuMs.toFixed(3)} | ${m.haproxyCpuMs.toFixed(3)} | ${m.statements.toFixed(3)} | ${m.databaseCpuMs.toFixed(3)} | ${(1000 / (m.serverCpuMs + m.haproxyCpuMs + m.databaseCpuMs)).toFixed(0)} | ${m.clientCpuMs.toFixed(3)} |`;
  });
  return [
    '## Scale-out: HAProxy in front of one, two and three PostgreSQL-store hosts',
    '',
    '`bench/scaleout.bench.ts`: HAProxy (Debian\'s package, round robin, `/readyz` checks) on 127.0.0.1 in front of `rcat-server` processes over',
    `one local PostgreSQL cluster; REST search (\`${QUERY}\`, ${unitCost} units) from 12 accounts of 3 companies (ceilings raised), ${CONNECTIONS}`,
    `connections, ${ROUNDS} runs of about ${SECONDS} s per configuration (as many requests as a short run before it served in that time, so that every request sent is answered and counted), alternating, median shown. CPU per request: user + system time of the`,
    'hosts (together), of HAProxy and of the whole database cluster, divided by the requests answered; round trips = statements the database',
    'ran per request (pg_stat_statements). "Capacity" = 1000 ÷ (the three CPU figures): requests per second that one fully used core',
    'would serve for the whole path. After every run the ledger held exactly one request and the search\'s units per 2xx answer.',
    'Here req/s stays flat from one host to three while the measured CPU adds up to well under the two cores: what limits one run on this',
    'machine is the time a request spends in flight (load generator, HAProxy, host, the charge statement), not a host\'s CPU. Adding hosts',
    'adds capacity only where CPU is the limit, so plan with the CPU figures per request (docs/postgres.md, "Sizing"), not with this req/s.',
    '',
    '| hosts | req/s | p50 / p99 ms | non-2xx (all runs) | host CPU ms/req | HAProxy CPU ms/req | DB round trips/req | DB CPU ms/req | req/s per core (whole path) | load generator CPU ms/req |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'A host out and back under load (three hosts, 16 connections, HAProxy checking `/readyz` every 250 ms, out after 2 failures, back after 2',
    'successes). Failed = requests that got no answer or a non-2xx.',
    '',
    '| step | HAProxy | requests answered during the step | failed |',
    '| --- | --- | --- | --- |',
    ...drain.rows,
    '',
    `Ledger after the drain run: ${drain.ledger}.`,
    '',
    `Exact 429s across three hosts: 200 simultaneous searches of one standard account (30 requests a minute, default limits) through HAProxy, spread over`,
    `the hosts as ${ceiling.perHost.join(' / ')}: ${ceiling.admitted} answered, ${ceiling.limited} refused with 429 (${ceiling.withRetryAfter} with Retry-After ≥ 1), ${ceiling.other} other.`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await scaleoutBench());
}
