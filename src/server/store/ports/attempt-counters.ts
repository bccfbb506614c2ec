// Failed-attempt counters for brute-force throttling (sign-in, OAuth token endpoint): the
// records, the backoff rules, and the port the store adapters implement (../json/attempt-counters.ts,
// ../postgres/attempt-counters.ts). The rules are pure functions, so both adapters decide exactly
// alike; only the atomicity differs (the JSON store's mutate, a PostgreSQL row lock).
//
// An attempt counts as a failure from the moment it starts ("charge") until it is known to have
// succeeded ("refund" or "clear"). Checking and counting are therefore one atomic step: parallel
// guesses, on one host or many, cannot all pass the check before the first failure is recorded
// (OWASP Authentication Cheat Sheet, "Login Throttling"; RFC 6819 section 5.1.4.2.3).

/** The backoff policy of one key space (sign-in, token endpoint). */
export interface BackoffPolicy {
  /** First delay once a key's free allowance is used up; doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long (and not blocked) is forgotten. */
  forgetAfterMs: number;
  /** At most this many keys per space; the least recently failed are pruned first. */
  maxEntries: number;
}

/** One key of an attempt: `keyHash` is a hash of what it counts (never the typed text itself). */
export interface AttemptKey {
  space: string;
  keyHash: string;
  /** Failures allowed before the key is blocked. */
  freeFailures: number;
}

export interface AttemptCounter {
  failures: number;
  /** Epoch milliseconds. */
  lastFailureAt: number;
  /** Epoch milliseconds; 0 when never blocked. */
  blockedUntil: number;
}

/** What `charge` changed on one key, so a success can undo exactly that. */
export interface AttemptReceipt {
  space: string;
  keyHash: string;
  previous: AttemptCounter | null;
  chargedAt: number;
  blockedUntil: number;
}

export interface AttemptSettlement {
  receipt: AttemptReceipt;
  action: 'refund' | 'clear';
}

export type AttemptAdmission = { admitted: true; receipts: AttemptReceipt[] } | { admitted: false; retryAfterMs: number };

export interface AttemptCounterStore {
  /**
   * One atomic step (across hosts): if any key is blocked at `now`, nothing changes and the
   * longest remaining wait is returned; otherwise one failure is counted against every key.
   */
  admit(keys: AttemptKey[], policy: BackoffPolicy, now: number): Promise<AttemptAdmission>;
  /** The attempt did not fail, in one step: `refund` undoes a key's charge, `clear` forgets the key. */
  settle(settlements: AttemptSettlement[], now: number): Promise<void>;
  /** Forgets idle keys of the space and the least recently failed beyond `maxEntries`. */
  prune(space: string, policy: BackoffPolicy, now: number): Promise<void>;
}

/** A counter that has been idle past the policy's period (and is not blocked) no longer exists. */
export function liveCounter(c: AttemptCounter | null | undefined, policy: BackoffPolicy, now: number): AttemptCounter | null {
  if (!c) return null;
  if (now - c.lastFailureAt > policy.forgetAfterMs && now >= c.blockedUntil) return null;
  return c;
}

/** Milliseconds the key is still blocked for at `now` (0 when it is not). */
export function blockedFor(c: AttemptCounter | null, now: number): number {
  return c && c.blockedUntil > now ? c.blockedUntil - now : 0;
}

/**
 * Counts one failure. Past the free allowance the key is blocked for base × 2^(n−1), n being the
 * failures beyond the allowance, capped at maxDelayMs (1 s, 2 s, 4 s, … 15 min by default).
 */
export function charged(key: AttemptKey, current: AttemptCounter | null, policy: BackoffPolicy, now: number): { next: AttemptCounter; receipt: AttemptReceipt } {
  const failures = (current?.failures ?? 0) + 1;
  let blockedUntil = current?.blockedUntil ?? 0;
  if (failures > key.freeFailures) {
    const delay = Math.min(policy.baseDelayMs * 2 ** Math.min(failures - key.freeFailures - 1, 30), policy.maxDelayMs);
    blockedUntil = now + delay;
  }
  const next = { failures, lastFailureAt: now, blockedUntil };
  return { next, receipt: { space: key.space, keyHash: key.keyHash, previous: current ? { ...current } : null, chargedAt: now, blockedUntil } };
}

/**
 * Undoes one charge. The block and the last-failure time go back to what they were only if no
 * later attempt has changed them since (a compare-and-set), so a concurrent real failure stands.
 * Returns null when nothing is left to remember.
 */
export function refunded(current: AttemptCounter, receipt: AttemptReceipt, now: number): AttemptCounter | null {
  const failures = Math.max(0, current.failures - 1);
  const blockedUntil = current.blockedUntil === receipt.blockedUntil ? (receipt.previous?.blockedUntil ?? 0) : current.blockedUntil;
  const lastFailureAt = current.lastFailureAt === receipt.chargedAt ? (receipt.previous?.lastFailureAt ?? 0) : current.lastFailureAt;
  if (failures === 0 && blockedUntil <= now) return null;
  return { failures, lastFailureAt, blockedUntil };
}

/** Admission over the current counters of `keys` (the adapter supplies them, locked). */
export function decide(keys: AttemptKey[], counters: (AttemptCounter | null)[], policy: BackoffPolicy, now: number): { retryAfterMs: number } | { next: AttemptCounter[]; receipts: AttemptReceipt[] } {
  const live = counters.map((c) => liveCounter(c, policy, now));
  const wait = Math.max(0, ...live.map((c) => blockedFor(c, now)));
  if (wait > 0) return { retryAfterMs: wait };
  const results = keys.map((key, i) => charged(key, live[i] ?? null, policy, now));
  return { next: results.map((r) => r.next), receipts: results.map((r) => r.receipt) };
}
