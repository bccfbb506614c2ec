// The backend port of the limits service: where window counters live. One atomic operation,
// `chargeAll`, checks every window of a request (the account's and its company's minute, day
// and month) and debits all of them or none. Backends:
//  - src/server/limits/journal-counter-store.ts (default, one process): in-memory counters, synchronous
//    check-and-debit, written to an append-only journal in the data dir before the answer and
//    group-committed with fdatasync (after the answer by default, before it with --usage-sync answer);
//  - PostgreSQL (multi-host): one transaction per batch of charges that locks the rows of all
//    keys (in sorted key order, so two batches never deadlock), applies `windowAdmits` to each
//    charge in turn, and updates a charge's rows only if every one of its windows admits. See
//    docs/postgres.md "Limits across hosts".

/** One counter a request is checked against and debited from. */
export interface CounterWindow {
  /**
   * Stable, unique name of the counter for this window instance, e.g.
   * `account:<uuid>:minute:2026-11-22T10:15`, `company:acme:month:2026-11`. A new window instance
   * (the next minute, day or month) has a new key, so counters never need resetting.
   */
  key: string;
  /** What this request adds when admitted (1 for request windows, the units for unit windows). */
  amount: number;
  /** Ceiling for the window; null = no numeric cap (still counted, for usage reports). */
  limit: number | null;
  /** Epoch milliseconds when this window instance ends; the counter may be dropped after it. */
  expiresAt: number;
}

export interface ChargeOutcome {
  /** True when every window admitted the request and all were debited. */
  allowed: boolean;
  /**
   * Per window (same order as the input): the count after the debit when allowed, the current
   * count (unchanged) when not.
   */
  counts: number[];
}

/** A bearer token, as the store knows it. */
export interface BearerCredential {
  kind: 'agent' | 'oauth';
  /** SHA-256 of the token, hex (src/server/services/token-secrets.ts). */
  tokenHash: string;
}

/**
 * A bearer credential the store re-checks in the same atomic operation as a charge
 * (`chargeAllChecked`): the token still exists and is not revoked, and its account is `accountId`,
 * is not disabled and still has the plan, paid-until date and company the windows were planned
 * with. Scopes, audience and expiry never change for a token, so the caller checks them.
 */
export interface CredentialCheck extends BearerCredential {
  accountId: string;
  plan: 'standard' | 'paid';
  paidUntil: string | null;
  company: string | null;
}

export interface LimitCounterStore {
  /**
   * Atomically: if `windowAdmits(count, amount, limit)` holds for every window, add each
   * window's amount and resolve allowed; otherwise change nothing and resolve not allowed.
   * Resolves only once an admitted debit survives this process dying (the journal: written,
   * and fsynced too with --usage-sync answer; PostgreSQL: committed). Throws (any error) when the counters
   * cannot be read or written; the limits service then answers 503, never a free pass.
   */
  chargeAll(windows: readonly CounterWindow[]): Promise<ChargeOutcome>;
  /**
   * Optional (PostgreSQL, where it saves a round trip per request): `chargeAll`, made only if
   * `credential` still holds (see CredentialCheck), in the same atomic operation. Resolves null,
   * charging nothing, when it does not hold.
   */
  chargeAllChecked?(credential: CredentialCheck, windows: readonly CounterWindow[]): Promise<ChargeOutcome | null>;
  /** Current counts for the keys (0 for unknown keys), for usage reports and headers. */
  peek(keys: readonly string[]): Promise<number[]>;
  /** Flushes anything pending and releases files/connections. */
  close(): Promise<void>;
  /** Where the counters live, for logs and `rcat-server usage`. */
  describe(): string;
}

/**
 * The one admission rule every backend applies, so they cannot disagree:
 *  - a window with no cap always admits;
 *  - otherwise the debit must fit (`count + amount <= limit`), and a window whose ceiling is
 *    already reached (or lowered below current usage) admits nothing, not even a request that
 *    costs 0 units — once a ceiling is hit, every charged request waits for the reset.
 */
export function windowAdmits(count: number, amount: number, limit: number | null): boolean {
  if (limit === null) return true;
  if (count >= limit) return false;
  return count + amount <= limit;
}
