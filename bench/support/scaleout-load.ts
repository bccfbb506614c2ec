// The pieces of bench/scaleout.bench.ts: rcat-server hosts on fixed loopback ports (so a host can
// be restarted where HAProxy expects it), the load generator, and the shared ledger's totals.
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { type ServerProcess, startServerProcess } from '../../test/support/server-process.js';
import type { HaproxyHost } from './haproxy.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Seconds a stopping host keeps serving after `/readyz` turned 503: HAProxy's fall × inter (2 × 250 ms), with margin. */
export const SHUTDOWN_DELAY_S = 1;

export interface HostSet {
  entries: HaproxyHost[];
  urls: string[];
  /** The hosts' process ids (those running). */
  pids(): number[];
  start(i: number): Promise<void>;
  /** SIGTERM (a planned stop: not ready at once, serving for SHUTDOWN_DELAY_S, then draining) and wait for the exit. */
  stop(i: number): Promise<void>;
  /** SIGKILL: a host that dies. */
  kill(i: number): Promise<void>;
  /** Every host restarted with these limits (a preset or file; default the server's default). */
  restartAll(limits: string | undefined): Promise<void>;
  stopAll(): Promise<void>;
}

/** `count` hosts over `dbUrl` on fixed ports, each with its own data dir, all with the public address `baseUrl`. */
export async function hostSet(dir: string, dbUrl: string, baseUrl: string, count: number, limits: string | undefined): Promise<HostSet> {
  const entries: HaproxyHost[] = [];
  for (let i = 0; i < count; i++) entries.push({ name: `host${i + 1}`, port: await freePort() });
  const running: (ServerProcess | null)[] = entries.map(() => null);
  let currentLimits = limits;
  const start = async (i: number) => {
    const args = ['--port', String(entries[i]!.port), '--base-url', baseUrl, '--shutdown-delay', String(SHUTDOWN_DELAY_S)];
    if (currentLimits) args.push('--limits', currentLimits);
    running[i] = await startServerProcess(['--data-dir', path.join(dir, entries[i]!.name), '--store', dbUrl], args, {}, 300_000);
  };
  await Promise.all(entries.map((_, i) => start(i)));
  const set: HostSet = {
    entries,
    urls: entries.map((e) => `http://127.0.0.1:${e.port}`),
    pids: () => running.flatMap((r) => (r?.child.pid ? [r.child.pid] : [])),
    start,
    async stop(i) {
      await running[i]?.stop();
      running[i] = null;
    },
    async kill(i) {
      await running[i]?.kill();
      running[i] = null;
    },
    async restartAll(newLimits) {
      await set.stopAll();
      currentLimits = newLimits;
      await Promise.all(entries.map((_, i) => start(i)));
    },
    async stopAll() {
      await Promise.all(entries.map((_, i) => set.stop(i)));
    },
  };
  return set;
}

/** Requests counted in the shared ledger (account minute windows) and units (account day windows). */
export async function ledgerOf(admin: pg.Client): Promise<{ requests: number; units: number }> {
  const { rows } = await admin.query<{ requests: string; units: string }>(
    `SELECT coalesce(sum(count) FILTER (WHERE key LIKE 'account:%:minute:%'), 0) AS requests,
            coalesce(sum(count) FILTER (WHERE key LIKE 'account:%:day:%'), 0) AS units
       FROM limit_counters`,
  );
  return { requests: Number(rows[0]!.requests), units: Number(rows[0]!.units) };
}

/** The ledger must hold one request and `unitCost` units per 2xx — and at most `unanswered` more (requests cut off by a SIGKILL after their charge). */
export function checkLedger(what: string, requests: number, units: number, ok: number, unitCost: number, unanswered: number): void {
  const extra = requests - ok;
  if (extra < 0 || extra > unanswered || units !== requests * unitCost) {
    throw new Error(`${what}: the ledger counted ${requests} requests and ${units} units for ${ok} answered searches of ${unitCost} units (${unanswered} unanswered)`);
  }
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Requests sent that were answered or failed. */
  total: number;
  /** 2xx answers. */
  ok: number;
  /** What was not a 2xx, e.g. "503 × 12, errors × 1" (empty when everything was). */
  failures: string;
}

function searchRequests(tokens: readonly string[], query: string): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'GET',
      path: `/api/agent/catalog/search?query=${encodeURIComponent(query)}`,
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }),
    },
  ];
}

/**
 * `amount` REST searches through `url`, rotating over the tokens. A fixed number rather than a
 * duration, so that every request sent is answered and counted: autocannon abandons the requests
 * in flight when a duration ends, and the hosts would still charge them.
 */
export async function loadThrough(url: string, tokens: readonly string[], query: string, options: { connections: number; amount: number }): Promise<Load> {
  // Wall time measured here: autocannon's own `duration` is rounded to whole seconds.
  const started = performance.now();
  const result = await autocannon({ url, connections: options.connections, amount: options.amount, requests: searchRequests(tokens, query) });
  const seconds = (performance.now() - started) / 1000;
  const ok = result['2xx'];
  const total = ok + result.non2xx + result.errors + result.timeouts;
  const failures = [
    ...Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, { count }]) => `${code} × ${count}`),
    ...(result.errors ? [`errors × ${result.errors}`] : []),
    ...(result.timeouts ? [`timeouts × ${result.timeouts}`] : []),
  ].join(', ');
  return { rps: total / seconds, p50: result.latency.p50, p99: result.latency.p99, total, ok, failures };
}

/**
 * A steady load of `connections` clients, each sending its next search when the last is answered,
 * until stopped; a client finishes the request it has in flight, so every request sent is counted
 * (answered or failed). Slower per request than autocannon: for following events, not for
 * throughput.
 */
export function openLoad(url: string, tokens: readonly string[], query: string, connections: number) {
  const counts = { ok: 0, failed: 0 };
  let stopping = false;
  let next = 0;
  const target = `${url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`;
  const client = async () => {
    while (!stopping) {
      try {
        const res = await fetch(target, { headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` } });
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) counts.ok++;
        else counts.failed++;
      } catch {
        counts.failed++;
      }
    }
  };
  const clients = Array.from({ length: connections }, client);
  return {
    counts,
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all(clients);
    },
  };
}
