// What a request costs the machine, for the PostgreSQL benches (bench/postgres.bench.ts,
// bench/scaleout.bench.ts): server CPU (the rcat-server processes' user + system time, from
// /proc/<pid>/stat), database CPU (every process of the PostgreSQL cluster, postmaster and
// backends) and database round trips (statements counted by the server's pg_stat_statements, which
// the bench's cluster preloads). Divided by the requests answered in the same interval, these do
// not depend on how many cores the machine has or how busy it is, unlike requests per second.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Store } from '../../src/server/store/ports/index.js';
import { mintAgentToken } from '../../src/server/services/agent-tokens.js';

/** The cluster setting that makes statements countable (add it to startPostgres's settings). */
export const COUNT_STATEMENTS = 'shared_preload_libraries=pg_stat_statements';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** user + system CPU seconds of these processes so far (0 for one that has gone). */
export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name "(…)": state is 3rd, utime 14th, stime 15th (proc(5)).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited
    }
  }
  return ticks / TICKS_PER_SECOND;
}

function childrenOf(ppid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === ppid) pids.push(Number(entry));
    } catch {
      // exited
    }
  }
  return pids;
}

/** Watches one PostgreSQL cluster: its processes' CPU and the statements run in one database. */
export interface DatabaseMeter {
  /** CPU seconds of the postmaster and all its processes now. */
  cpu(): number;
  /** Statements run in the database so far (pg_stat_statements calls), the meter's own left out. */
  statements(): Promise<number>;
}

/** `client` is connected to the database to watch; the extension is created there if missing. */
export async function databaseMeter(client: pg.Client): Promise<DatabaseMeter> {
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
  const postmaster = Number(readFileSync(path.join(rows[0]!.data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    cpu: () => cpuSeconds([postmaster, ...childrenOf(postmaster)]),
    async statements() {
      const result = await client.query<{ n: string }>(
        `SELECT coalesce(sum(s.calls), 0)::bigint AS n FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = current_database() AND s.query NOT LIKE '%pg_stat_statements%' AND s.query NOT LIKE 'CREATE EXTENSION%'`,
      );
      return Number(result.rows[0]!.n);
    },
  };
}

/** Costs per request over an interval: call `start()` before the load and `stop(requests)` after. */
export function costMeter(serverPids: () => readonly number[], database: DatabaseMeter | null) {
  let cpu0 = 0;
  let db0 = 0;
  let statements0 = 0;
  return {
    async start() {
      cpu0 = cpuSeconds(serverPids());
      db0 = database?.cpu() ?? 0;
      statements0 = (await database?.statements()) ?? 0;
    },
    /** Milliseconds of server and database CPU, and statements, per request answered. */
    async stop(requests: number) {
      const per = (x: number) => (requests > 0 ? x / requests : NaN);
      return {
        serverCpuMs: per((cpuSeconds(serverPids()) - cpu0) * 1000),
        databaseCpuMs: database ? per((database.cpu() - db0) * 1000) : 0,
        statements: database ? per((await database.statements()) - statements0) : 0,
      };
    },
  };
}

/** An account with a catalog:read token, for a bench's load generator. */
export async function benchToken(store: Store, email: string, company: string | null = 'Bench Co'): Promise<string> {
  const account = await store.accounts.create({ email, name: 'Bench', company, plan: 'standard', paidUntil: null, passwordHash: null });
  return (await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' })).token;
}
