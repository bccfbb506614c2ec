// vitest `globalSetup`: runs once per `vitest run`, in the main process, before any worker starts.
// It makes the run's scratch folder (given to the workers as `inject('runDir')`) where the one
// shared PostgreSQL cluster is started by the first test file that asks for it
// (test/support/postgres-shared.ts), and stops that cluster when the run is over. The server
// processes the tests start share one index cache in it (RCAT_INDEX_CACHE, inherited by the
// workers, which are forked after this): the shipped catalogue is indexed by the first and read
// back by the others, as a host's restarts do (test/catalogue-index-cache.test.ts tests the
// cache itself with caches of its own).
//
// The run's scratch folder is on a memory file system (/dev/shm) where the machine has one with
// room, and is the temporary folder (TMPDIR) of every worker and every process they start: the
// tests' data dirs, catalogues, index caches, PostgreSQL clusters and packed packages. The JSON
// store and the usage journal make each write durable (fsync of the file and its folder, ~10 ms on
// a disk, ~0.1 ms there), and a test file that writes a few hundred times otherwise spends seconds
// waiting for the disk. What the tests check does not depend on it: a process killed with SIGKILL
// (test/durability-kill.test.ts, test/store-json-durability.test.ts) leaves its written files to
// the kernel either way; a power cut is not something a test can do. RCAT_TEST_TMPDIR picks the
// parent folder instead (a disk, to see the difference).
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
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

/** Free space the memory file system must have to hold a run's scratch folder (it uses well under 1 GiB). */
const MEMORY_FS_MIN_FREE = 4 * 1024 ** 3;

function scratchParent(): string {
  if (process.env.RCAT_TEST_TMPDIR) return process.env.RCAT_TEST_TMPDIR;
  try {
    const shm = statfsSync('/dev/shm');
    if (shm.type === 0x01021994 && shm.bavail * shm.bsize >= MEMORY_FS_MIN_FREE) return '/dev/shm'; // tmpfs
  } catch {
    // none here (not Linux, or no /dev/shm)
  }
  return os.tmpdir();
}

export default function setup(project: TestProject): () => Promise<void> {
  const runDir = mkdtempSync(path.join(scratchParent(), 'rcat-test-run-'));
  // Other users' processes (a PostgreSQL cluster run as `postgres` when the tests run as root) make their folders in it too, as in /tmp.
  chmodSync(runDir, 0o1777);
  project.provide('runDir', runDir);
  process.env.TMPDIR = runDir;
  process.env.RCAT_INDEX_CACHE = path.join(runDir, 'index-cache');
  return async () => {
    const cluster = path.join(runDir, SHARED_CLUSTER_FILE);
    if (existsSync(cluster)) await stopCluster(JSON.parse(readFileSync(cluster, 'utf8')) as ClusterLocation);
    rmSync(runDir, { recursive: true, force: true });
  };
}
