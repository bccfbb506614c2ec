// The run's one shared PostgreSQL cluster. The first test file that calls `sharedPostgres()`
// starts it (under a lock in the run's folder, so two workers never both do), with the migrated
// template made and pg_stat_statements loaded; every other file finds it there. Each file makes its
// own databases (`createDatabase`), so files never see each other's data, and `stop()` drops them.
// The cluster itself is stopped by the global teardown (test/support/global-setup.ts) when the run
// is over. A file that must stop the server (`pause()`) starts its own with `startPostgres()`.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { type ClusterLocation, createMigratedTemplate, databaseMaker, MIGRATED_TEMPLATE, type PostgresCluster, SHARED_CLUSTER_FILE, startPostgres } from './postgres.js';
import { processAlive as alive } from '../../src/server/util/file-lock.js';

const ERROR_FILE = 'postgres-error.txt';
const LOCK_DIR = 'postgres.lock';
const LOCK_WAIT_MS = 180_000;

/** The pid of the lock's holder; 0 while it is still writing it (or has just let go). */
function holderOf(lock: string): number {
  try {
    return Number(readFileSync(path.join(lock, 'pid'), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/** Runs `fn` holding the run-wide lock (a folder: mkdir is atomic); a dead holder's lock is taken over. */
async function withLock<T>(runDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(runDir, LOCK_DIR);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const holder = holderOf(lock);
      if (holder > 0 && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for the shared PostgreSQL cluster (${lock})`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

let located: Promise<ClusterLocation> | null = null;

/** Finds the run's cluster, starting it if no file has yet. A failure to start is every file's failure. */
function locate(runDir: string): Promise<ClusterLocation> {
  return (located ??= withLock(runDir, async () => {
    const file = path.join(runDir, SHARED_CLUSTER_FILE);
    const failure = path.join(runDir, ERROR_FILE);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ClusterLocation;
    if (existsSync(failure)) throw new Error(readFileSync(failure, 'utf8'));
    try {
      const cluster = await startPostgres({
        // pg_stat_statements for test/postgres-one-round-trip.test.ts, which counts only its own
        // database's statements (room for every file's, so none of its own is evicted); files
        // run side by side, each with a few stores and hosts: connections for them all.
        settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.max=20000'],
        maxConnections: 400,
      });
      await createMigratedTemplate(cluster.port);
      writeFileSync(file, JSON.stringify(cluster.location));
      return cluster.location;
    } catch (error) {
      writeFileSync(failure, (error as Error).message);
      throw error;
    }
  }));
}

/**
 * The shared cluster, as this file sees it: `createDatabase` makes databases of this file's own,
 * `stop()` drops them (the cluster goes on for other files). It cannot be paused.
 */
export async function sharedPostgres(): Promise<PostgresCluster> {
  const runDir = inject('runDir');
  if (!runDir) throw new Error('No run folder: run the tests with vitest.config.ts, whose globalSetup (test/support/global-setup.ts) makes it.');
  const { port } = await locate(runDir);
  const databases = databaseMaker(port, async () => MIGRATED_TEMPLATE);
  const refuse = () => Promise.reject(new Error('the shared PostgreSQL cluster cannot be paused: start a private one with startPostgres()'));
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    createDatabase: databases.createDatabase,
    pause: refuse,
    resume: refuse,
    stop: databases.dropCreated,
  };
}
