// Builds the limits service for the composition root (src/server/app/server.ts): the policy from
// `--limits`, and the counters from the store when it provides them (PostgreSQL, shared by
// all hosts) or else the usage journal in the data dir.
import type { Store } from '../store/ports/index.js';
import type { LimitCounterStore } from '../store/ports/limit-counters.js';
import { JournalCounterStore, type UsageSyncMode } from './journal-counter-store.js';
import { usageDir } from './usage-folder.js';
import { LimitsService } from './limits-service.js';
import { loadLimitsPolicy } from './policy.js';
import { recordPolicy } from './policy-record.js';

export interface OpenedLimiter {
  limiter: LimitsService;
  counters: LimitCounterStore;
  /** Flushes and closes counters this function opened (not the store's own). */
  close(): Promise<void>;
}

export interface OpenLimiterOptions {
  /** `--limits`: a preset name or a JSON config file (docs/limits.md). */
  spec: string;
  dataDir: string;
  /** `--usage-sync` for the journal (the PostgreSQL counters commit before every answer). */
  usageSync?: UsageSyncMode;
  /** The state store; its `limitCounters`, when it has them, are used instead of the journal. */
  store: object;
  now?: () => Date;
  log?: (line: string) => void;
}

/** Throws LimitsConfigError (bad --limits) or UsageStateError (unreadable usage folder). */
export async function openLimiter(options: OpenLimiterOptions): Promise<OpenedLimiter> {
  const policy = loadLimitsPolicy(options.spec);
  const now = options.now ?? (() => new Date());
  const shared = (options.store as Partial<Pick<Store, 'limitCounters'>>).limitCounters;
  const own = shared ? null : await JournalCounterStore.open(options.dataDir, { now, log: options.log, sync: options.usageSync });
  const counters = shared ?? own!;
  // Recorded beside the journal (a database deployment has no data dir to speak of).
  if (own) await recordPolicy(usageDir(options.dataDir), policy).catch((error: unknown) => {
    options.log?.(`limits: could not record the limits policy for \`rcat-server usage\`: ${(error as Error).message}`);
  });
  return {
    limiter: new LimitsService(policy, counters, now),
    counters,
    close: async () => {
      await own?.close();
    },
  };
}
