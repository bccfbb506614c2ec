// The operations layer (src/server/ops/: health endpoints, metrics, access log, graceful stop;
// docs/operations.md) for one server, with the readiness checks over its own store and limiter.
import type { ResolvedConfig } from '../config.js';
import { openOperations, type OpenedOperations } from '../ops/open-operations.js';
import type { Store } from '../store/ports/index.js';
import type { LimitCounterStore } from '../store/ports/limit-counters.js';

/** A well-formed account id that no account has: readiness reads it and finds nothing. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
/** The limiter's readiness check debits nothing from this counter (PostgreSQL: a real write transaction). */
const READINESS_COUNTER = 'readiness:probe';

/** Throws (the operating system's message) when the access-log file cannot be opened. */
export function openServerOperations(
  config: ResolvedConfig,
  store: Store,
  counters: LimitCounterStore,
  env: { log: (line: string) => void; stdout: NodeJS.WritableStream & { isTTY?: boolean } },
): OpenedOperations {
  return openOperations(config, {
    checks: {
      store: () => store.accounts.getById(NO_ACCOUNT),
      limiter: () => counters.chargeAll([{ key: READINESS_COUNTER, amount: 0, limit: null, expiresAt: Date.now() + 3_600_000 }]),
    },
    log: env.log,
    stdout: env.stdout,
  });
}
