// Cross-process locks in the data dir, so operator commands and a running server can share
// one state file (issue 2: "the store coordinates writers").
//  - a short write lock around each read-modify-write of the state file;
//  - a long server lock: a second server on the same data dir refuses to start.
// A lock file holds the owner's pid; a lock whose owner is dead (e.g. after kill -9) is stale.
import { promises as fs } from 'node:fs';

export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a lock file; `missing` when there is no file (any more), null when it holds no pid (yet). */
async function readOwner(file: string): Promise<number | null | 'missing'> {
  try {
    const text = await fs.readFile(file, 'utf8');
    const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
    return Number.isFinite(pid) ? pid : null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : null;
  }
}

/** Tries once to create the lock file; removes it first if its owner is dead. */
export async function tryAcquire(file: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n${new Date().toISOString()}\n`);
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(file);
      // Released between our attempt and this read: try again, and never remove anything — the
      // file at this path may already be a new holder's lock (removing it let two writers in).
      if (owner === 'missing') continue;
      if (owner === process.pid) return false;
      if (owner !== null && processAlive(owner)) return false;
      // Owner dead, or a lock with no pid left by a crash: clear it.
      if (owner === null) {
        const stat = await fs.stat(file).catch(() => null);
        if (!stat || Date.now() - stat.mtimeMs < 2000) return false; // gone, or being written right now
      } else if ((await readOwner(file)) !== owner) {
        return false; // another waiter cleared it and took the lock meanwhile
      }
      // Not atomic: two waiters clearing the same dead owner's lock in the same instant could
      // still both get in (needs a crash and two waiters); see docs/ARCHITECTURE.md.
      await fs.rm(file, { force: true });
    }
  }
  return false;
}

export async function release(file: string): Promise<void> {
  const owner = await readOwner(file);
  if (owner === process.pid) await fs.rm(file, { force: true });
}

/** Waits (with back-off) for the lock, up to `timeoutMs`. */
export async function acquire(file: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  let delay = 2;
  while (!(await tryAcquire(file))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for lock ${file}`);
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 50);
  }
}

export async function lockOwner(file: string): Promise<number | null> {
  const owner = await readOwner(file);
  return typeof owner === 'number' && processAlive(owner) ? owner : null;
}
