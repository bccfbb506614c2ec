// vitest `globalSetup`: runs once per `vitest run`, in the main process, before any worker starts.
// It makes the run's scratch folder (given to the workers as `inject('runDir')`) where the one
// shared PostgreSQL cluster is started by the first test file that asks for it
// (test/support/postgres-shared.ts), and stops that cluster when the run is over. The server
// processes the tests start share one index cache in it (RCAT_INDEX_CACHE, inherited by the
// workers, which are forked after this): the shipped catalogue is indexed by the first and read
// back by the others, as a host's restarts do (test/catalogue-index-cache.test.ts tests the
// cache itself with caches of its own).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type ClusterLocation, SHARED_CLUSTER_FILE, stopCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's scratch folder, shared by every worker. */
    runDir: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'rcat-test-run-'));
  project.provide('runDir', runDir);
  process.env.RCAT_INDEX_CACHE = path.join(runDir, 'index-cache');
  return async () => {
    const cluster = path.join(runDir, SHARED_CLUSTER_FILE);
    if (existsSync(cluster)) await stopCluster(JSON.parse(readFileSync(cluster, 'utf8')) as ClusterLocation);
    rmSync(runDir, { recursive: true, force: true });
  };
}
