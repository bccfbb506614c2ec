// Throwaway PostgreSQL clusters for tests: Debian's `postgresql` package (initdb and pg_ctl from
// /usr/lib/postgresql/<version>/bin), a fresh data folder in a temp dir, listening on 127.0.0.1 at
// a free port. CI has no running PostgreSQL service.
//
// Most test files use the run's one shared cluster (`sharedPostgres()`, test/support/
// postgres-shared.ts): each file makes its own databases in it, so files stay isolated from each
// other without each paying for an initdb and a start. A file that stops and restarts the
// server (`pause()`/`resume()`) starts a private cluster of its own with `startPostgres()`.
//
// If the binaries are missing the tests FAIL with a message saying what to install — they are
// never skipped, so a green run always means PostgreSQL was really exercised.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const START_TIMEOUT_MS = 60_000;

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /**
   * Creates a fresh database and returns its connection URL: empty, or with `migrated` a copy of
   * a template that already has rcat's schema (much faster than migrating each one).
   */
  createDatabase(prefix?: string, options?: { migrated?: boolean }): Promise<string>;
  /** Stops the server process (the data stays): to simulate the database becoming unreachable. */
  pause(): Promise<void>;
  /** Starts it again on the same port after `pause()`. */
  resume(): Promise<void>;
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>;
}

export class PostgresMissingError extends Error {}

/** Finds Debian's PostgreSQL server binaries (newest version first). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new PostgresMissingError(
      'PostgreSQL server binaries were not found under /usr/lib/postgresql/*/bin. ' +
        'Install them with `apt-get install -y postgresql` (as .ci/run does); the PostgreSQL tests cannot run without them.',
    );
  }
  return path.join(root, versions[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root, so the cluster runs as the `postgres` system user. */
function asPostgres(file: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

async function exec(file: string, args: string[], timeout = START_TIMEOUT_MS): Promise<void> {
  const [cmd, argv] = asPostgres(file, args);
  try {
    await run(cmd, argv, { timeout, env: { ...process.env, LC_ALL: 'C' } });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(file)} failed: ${e.message}\n${e.stderr ?? ''}${e.stdout ?? ''}`);
  }
}

export interface PostgresOptions {
  /** Extra server settings, e.g. ['shared_preload_libraries=pg_stat_statements'] to count statements. */
  settings?: string[];
  /** Connections the server accepts (default 200). */
  maxConnections?: number;
}

/** Where a running cluster lives: enough to reach it from another process and to stop it there. */
export interface ClusterLocation {
  port: number;
  /** The temp folder holding the data folder, the socket and the log (removed by `stopCluster`). */
  dir: string;
  dataDir: string;
  bin: string;
}

const pgctlOf = (location: Pick<ClusterLocation, 'bin' | 'dataDir'>) => async (...args: string[]) =>
  exec(path.join(location.bin, 'pg_ctl'), ['-D', location.dataDir, '-w', '-t', '60', ...args]);

/** Stops a cluster's server (immediately: nothing in it has to survive) and deletes its folder. */
export async function stopCluster(location: ClusterLocation): Promise<void> {
  await pgctlOf(location)('-m', 'immediate', 'stop').catch(() => {});
  rmSync(location.dir, { recursive: true, force: true });
}

/** In the run's folder: where the shared cluster is (test/support/postgres-shared.ts). */
export const SHARED_CLUSTER_FILE = 'postgres.json';

/** The database that `createDatabase(…, { migrated: true })` copies. */
export const MIGRATED_TEMPLATE = 'rcat_migrated_template';

async function adminQuery(port: number, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * How a new database is copied. From PostgreSQL 15 the default (WAL_LOG) writes every page of the
 * copy to the write-ahead log; FILE_COPY copies the template's files and checkpoints, which with
 * fsync off (these clusters) is 2-4× faster for databases as small as a test's (~8 MB).
 */
const copyClauses = new Map<number, Promise<string>>();
function copyClause(port: number): Promise<string> {
  let clause = copyClauses.get(port);
  if (!clause) {
    clause = adminQuery(port, `SELECT current_setting('server_version_num')::int >= 150000 AS strategy`).then((r) => (r.rows[0]?.strategy ? ' STRATEGY FILE_COPY' : ''));
    copyClauses.set(port, clause);
  }
  return clause;
}

/** Creates the migrated template in a running cluster: rcat's schema, applied by the real store. */
export async function createMigratedTemplate(port: number): Promise<string> {
  await adminQuery(port, `CREATE DATABASE ${MIGRATED_TEMPLATE}`);
  const { PostgresStore } = await import('../../src/server/store/postgres/index.js');
  await (await PostgresStore.open(`postgres://postgres@127.0.0.1:${port}/${MIGRATED_TEMPLATE}`)).close();
  return MIGRATED_TEMPLATE;
}

/**
 * `createDatabase` for a cluster at `port`, and `dropCreated` to remove every database it made.
 * `template` makes (once) or names the migrated template.
 */
export function databaseMaker(port: number, template: () => Promise<string>) {
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const made: string[] = [];
  let created = 0;
  // CREATE DATABASE … TEMPLATE needs the template to be idle: this process's creations run one at
  // a time. (Other processes only ever copy it, which leaves it idle.)
  let queue: Promise<unknown> = Promise.resolve();
  return {
    createDatabase(prefix = 'rcat', options: { migrated?: boolean } = {}): Promise<string> {
      const name = `${prefix}_${process.pid}_${++created}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
      const next = queue.then(async () => {
        await adminQuery(port, `CREATE DATABASE ${name}${options.migrated ? ` TEMPLATE ${await template()}` : ''}${await copyClause(port)}`);
        made.push(name);
        return urlOf(name);
      });
      queue = next.catch(() => undefined);
      return next;
    },
    /** Drops the databases made here, closing any connection a test left open to them. */
    async dropCreated(): Promise<void> {
      await queue;
      // Side by side: each drop mostly waits for the server (half the time of one after another).
      await Promise.all(made.splice(0).map((name) => adminQuery(port, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
    },
  };
}

export async function startPostgres(clusterOptions: PostgresOptions = {}): Promise<PostgresCluster & { location: ClusterLocation }> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), Number((await run('id', ['-g', 'postgres'])).stdout.trim()));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  await exec(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync', '--no-instructions']);

  let port = 0;
  const pgctl = pgctlOf({ bin, dataDir });
  const start = async () => {
    // Small memory settings so several clusters fit on a CI machine; fsync off because a test
    // cluster never has to survive an OS crash (a killed postgres process still recovers from WAL,
    // so commits stay synchronous: `pause()` must lose nothing that was acknowledged).
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      `-c max_connections=${clusterOptions.maxConnections ?? 200}`,
      '-c shared_buffers=16MB',
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c dynamic_shared_memory_type=mmap',
      ...(clusterOptions.settings ?? []).map((setting) => `-c ${setting}`),
    ].join(' ');
    await pgctl('-l', logFile, '-o', options, 'start');
  };

  // A port picked by the OS can be taken again before postgres binds it: retry a few times.
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    port = await freePort();
    try {
      await start();
      lastError = undefined;
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (lastError) {
    rmSync(dir, { recursive: true, force: true });
    throw lastError;
  }

  let running = true;
  let template: Promise<string> | null = null;
  const databases = databaseMaker(port, () => (template ??= createMigratedTemplate(port)));
  const location: ClusterLocation = { port, dir, dataDir, bin };
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    location,
    createDatabase: databases.createDatabase,
    async pause() {
      await pgctl('-m', 'immediate', 'stop');
      running = false;
    },
    async resume() {
      await start();
      running = true;
    },
    async stop() {
      if (running) await stopCluster(location);
      else rmSync(dir, { recursive: true, force: true });
      running = false;
    },
  };
}
