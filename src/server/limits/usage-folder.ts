// Where the usage journal lives in a data dir, and a read-only view of it for operator commands
// run beside the server (`rcat-server usage`, `migrate-store`).
import path from 'node:path';
import type { LimitCounterStore } from '../store/ports/limit-counters.js';
import { loadUsage } from './usage-journal.js';

export function usageDir(dataDir: string): string {
  return path.join(dataDir, 'usage');
}

/**
 * A read-only view of the usage folder: what is durable on disk now. It never writes, so it
 * cannot charge.
 */
export async function readOnlyUsageCounters(dataDir: string, now: Date): Promise<LimitCounterStore> {
  const dir = usageDir(dataDir);
  const loaded = await loadUsage(dir, now.getTime());
  return {
    describe: () => `usage journal in ${dir} (read-only)`,
    chargeAll: () => Promise.reject(new Error('read-only usage view')),
    peek: async (keys) => keys.map((k) => loaded.counters.get(k)?.count ?? 0),
    close: async () => {},
  };
}
