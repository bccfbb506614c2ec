// A host taken out and put back under load (bench/scaleout.bench.ts): three hosts behind HAProxy,
// a steady load, then a planned stop and restart of one host and a crash (SIGKILL) and restart of
// another. Each step waits for what HAProxy's `/readyz` checks report, and counts the requests
// answered and failed while it lasted.
import type pg from 'pg';
import { startHaproxy } from './haproxy.js';
import { checkLedger, type HostSet, ledgerOf, openLoad } from './scaleout-load.js';

const CONNECTIONS = 16;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function outAndBack(dir: string, lbPort: number, hosts: HostSet, tokens: string[], admin: pg.Client, unitCost: number, query: string) {
  const haproxy = await startHaproxy(dir, lbPort, hosts.entries);
  const status = async (name: string) => (await haproxy.servers()).get(name)?.status ?? '';
  const isUp = (name: string) => async () => (await status(name)) === 'UP';
  const isDown = (name: string) => async () => (await status(name)).startsWith('DOWN');
  const before = await ledgerOf(admin);
  const load = openLoad(haproxy.url, tokens, query, CONNECTIONS);
  const rows: string[] = [];
  let mark = { ok: 0, failed: 0 };
  const step = (name: string, seen: string) => {
    rows.push(`| ${name} | ${seen} | ${load.counts.ok - mark.ok} | ${load.counts.failed - mark.failed} |`);
    mark = { ...load.counts };
  };
  // Requests that may have been charged and then resent: in flight on the killed host, at most one per client.
  const inFlightAtKill = CONNECTIONS;
  try {
    await sleep(2000);
    step('steady load, three hosts', 'host1–3 UP');

    let t = Date.now();
    const stopped = hosts.stop(1);
    const outAfter = await until('host2 out', isDown('host2'));
    await stopped;
    step('host2: SIGTERM (planned stop, `--shutdown-delay 1`), until it has exited', `host2 DOWN ${outAfter} ms after the signal; process exited after ${Date.now() - t} ms`);
    t = Date.now();
    await hosts.start(1);
    const backAfter = await until('host2 back', isUp('host2'));
    step('host2: restarted (indexes the catalogue), until HAProxy sends it requests again', `host2 UP ${Date.now() - t} ms after the restart began (${backAfter} ms after it listened)`);
    await sleep(1000);
    step('steady load, three hosts', 'host1–3 UP');

    t = Date.now();
    await hosts.kill(2);
    const deadAfter = await until('host3 marked down', isDown('host3'));
    step('host3: SIGKILL (a crash), until HAProxy marks it down', `host3 DOWN ${deadAfter} ms after the kill`);
    t = Date.now();
    await hosts.start(2);
    const upAfter = await until('host3 back', isUp('host3'));
    step('host3: restarted, until HAProxy sends it requests again', `host3 UP ${Date.now() - t} ms after the restart began (${upAfter} ms after it listened)`);
    await sleep(1000);
    step('steady load, three hosts', 'host1–3 UP');
  } finally {
    await load.stop();
    await haproxy.stop();
  }
  const after = await ledgerOf(admin);
  const ok = load.counts.ok;
  // A request in flight on the killed host may have been charged there before HAProxy resent it.
  checkLedger('out and back', after.requests - before.requests, after.units - before.units, ok, unitCost, inFlightAtKill);
  const counted = after.requests - before.requests;
  const ledger = `${counted} requests counted for ${ok} answered and ${load.counts.failed} failed: ${counted - ok} charged twice (in flight on host3 when it was killed, charged there, then resent by HAProxy and answered by another host); ${after.units - before.units} units = ${unitCost} per request counted`;
  return { rows, ledger };
}
