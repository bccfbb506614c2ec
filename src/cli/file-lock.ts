// A cross-process exclusive lock: a file created with O_EXCL holding the owner's pid.
// Used around OAuth refresh (so two rcat processes never spend the same rotating refresh
// token, RFC 9700 section 4.14.2) and around read-modify-write of the credentials file.
// A lock whose owner process is gone, or that is older than `staleMs`, is broken.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { CliError } from './exit-codes.js';

export interface LockOptions {
  /** Give up after this long (ms). */
  timeoutMs?: number;
  /** A lock file older than this is considered abandoned (ms). */
  staleMs?: number;
}

function ownerAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryBreakStale(lockPath: string, staleMs: number): void {
  try {
    const st = statSync(lockPath);
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    // An empty file is a lock being written right now; only age can make it stale.
    const dead = Number.isFinite(pid) && pid > 0 && !ownerAlive(pid);
    if (dead || Date.now() - st.mtimeMs > staleMs) unlinkSync(lockPath);
  } catch {
    /* gone already, or unreadable: retry the create */
  }
}

/** Waits for the lock and returns its release function. */
export async function acquireLock(lockPath: string, options: LockOptions = {}): Promise<() => void> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try { unlinkSync(lockPath); } catch { /* already removed */ }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    tryBreakStale(lockPath, staleMs);
    if (Date.now() > deadline) {
      throw new CliError('error', `Another rcat process holds ${lockPath}; gave up waiting.`, {
        hint: 'If no other rcat is running, delete that file.',
      });
    }
    await delay(Math.min(25 * (attempt + 1), 200));
  }
}

export async function withLock<T>(lockPath: string, fn: () => Promise<T>, options?: LockOptions): Promise<T> {
  const release = await acquireLock(lockPath, options);
  try {
    return await fn();
  } finally {
    release();
  }
}
