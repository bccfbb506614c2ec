// A brute-force throttle over the store's failed-attempt counters (src/server/store/ports/attempt-counters.ts),
// used by the web sign-in (./sign-in-throttle.ts) and the OAuth token endpoint
// (src/server/oauth/token-throttle.ts), each in its own key space. Because the counters live in the store,
// a restart does not forgive an attacker, and several hosts over one PostgreSQL database count
// together (N hosts never give N times the attempts).
//
// Usage: `begin` before any credential is checked. Refused → answer 429 with Retry-After and
// check nothing. Admitted → the attempt already counts as a failure; call `succeeded` (or
// `notCounted` for an outcome that is not a guess), or nothing when it failed.
import { createHash } from 'node:crypto';
import type { AttemptCounterStore, AttemptKey, BackoffPolicy } from '../../store/ports/attempt-counters.js';

/** One thing an attempt is counted against, e.g. `{ name: 'ip', value: '203.0.113.9', freeFailures: 20 }`. */
export interface ThrottleSubject {
  name: string;
  value: string;
  freeFailures: number;
}

export type ThrottleAdmission =
  | { admitted: false; retryAfterSeconds: number }
  | {
      admitted: true;
      /** The attempt succeeded: the named subjects are forgotten, the others get their charge back. */
      succeeded(clear: string[]): Promise<void>;
      /** The attempt ended in a way that is not a guess (malformed request, outage): every charge back. */
      notCounted(): Promise<void>;
    };

/** How often (by the server's clock) one process prunes idle keys of its space. */
const PRUNE_EVERY_MS = 60_000;

export class AttemptThrottle {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: AttemptCounterStore,
    private readonly space: string,
    readonly policy: BackoffPolicy,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Keys are hashed: the store never holds typed text (an e-mail field may hold a password). */
  private key(subject: ThrottleSubject): AttemptKey {
    const keyHash = createHash('sha256').update(`${this.space}\n${subject.name}\n${subject.value}`).digest('hex');
    return { space: this.space, keyHash, freeFailures: subject.freeFailures };
  }

  /** Forgets these subjects' counts at once (e.g. an operator set a new password for the account). */
  async forget(subjects: Pick<ThrottleSubject, 'name' | 'value'>[], now: Date): Promise<void> {
    const t = now.getTime();
    await this.store.settle(
      subjects.map((s) => {
        const { space, keyHash } = this.key({ ...s, freeFailures: 0 });
        return { receipt: { space, keyHash, previous: null, chargedAt: t, blockedUntil: 0 }, action: 'clear' as const };
      }),
      t,
    );
  }

  async begin(subjects: ThrottleSubject[], now: Date): Promise<ThrottleAdmission> {
    const t = now.getTime();
    const unique = subjects.filter((s, i) => subjects.findIndex((o) => o.name === s.name) === i);
    const keys = unique.map((s) => this.key(s));
    const admission = await this.store.admit(keys, this.policy, t);
    this.pruneNowAndThen(t);
    if (!admission.admitted) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(admission.retryAfterMs / 1000)) };
    const receipts = admission.receipts;
    return {
      admitted: true,
      succeeded: (clear) => this.store.settle(receipts.map((receipt, i) => ({ receipt, action: clear.includes(unique[i]!.name) ? 'clear' : 'refund' })), t),
      notCounted: () => this.store.settle(receipts.map((receipt) => ({ receipt, action: 'refund' })), t),
    };
  }

  private pruneNowAndThen(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS && now >= this.lastPrune) return;
    this.lastPrune = now;
    this.store.prune(this.space, this.policy, now).catch((error: unknown) => this.log(`throttle ${this.space}: pruning failed (${(error as Error).message})`));
  }
}
