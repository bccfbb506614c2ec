// Slows repeated failed sign-ins (issue 4; OWASP Authentication Cheat Sheet, "Login Throttling").
// Two independent keys are counted: the e-mail address typed (whether or not such an account
// exists, so the throttle reveals nothing) and the client IP. After a free allowance of
// failures, each further failure blocks that key for an exponentially growing delay
// (1 s, 2 s, 4 s, … capped at 15 minutes); while a key is blocked, sign-in attempts for it are
// refused with 429 and Retry-After without checking the password. A success clears the
// e-mail key (not the IP key). Counters are forgotten after 30 minutes without failures.
// State is in memory: one server owns a data dir (server.lock), and a restart merely forgives.
export interface ThrottlePolicy {
  freeFailuresPerAccount: number;
  freeFailuresPerIp: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  maxEntries: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  freeFailuresPerAccount: 5,
  freeFailuresPerIp: 20,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 30 * 60 * 1000,
  maxEntries: 10_000,
};

interface Entry {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

export type ThrottleKeys = { account: string; ip: string };

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE) {}

  private keys({ account, ip }: ThrottleKeys): [string, number][] {
    return [
      [`account:${account.trim().toLowerCase()}`, this.policy.freeFailuresPerAccount],
      [`ip:${ip}`, this.policy.freeFailuresPerIp],
    ];
  }

  private entry(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now - e.lastFailureAt > this.policy.forgetAfterMs && now >= e.blockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Seconds to wait before another attempt with these keys, or 0 when allowed now. */
  retryAfter(keys: ThrottleKeys, now: Date): number {
    let wait = 0;
    for (const [key] of this.keys(keys)) {
      const e = this.entry(key, now.getTime());
      if (e && e.blockedUntil > now.getTime()) wait = Math.max(wait, e.blockedUntil - now.getTime());
    }
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  recordFailure(keys: ThrottleKeys, now: Date): void {
    const t = now.getTime();
    for (const [key, free] of this.keys(keys)) {
      const e = this.entry(key, t) ?? { failures: 0, lastFailureAt: t, blockedUntil: 0 };
      e.failures++;
      e.lastFailureAt = t;
      if (e.failures > free) {
        const delay = Math.min(this.policy.baseDelayMs * 2 ** Math.min(e.failures - free - 1, 30), this.policy.maxDelayMs);
        e.blockedUntil = t + delay;
      }
      this.entries.delete(key); // re-insert: Map order is then least-recently-failed first
      this.entries.set(key, e);
    }
    while (this.entries.size > this.policy.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * Runs attempts for the same e-mail address one after another, so parallel guesses cannot
   * all pass the check before the first failure is counted.
   */
  async exclusive<T>(keys: ThrottleKeys, attempt: () => Promise<T>): Promise<T> {
    const key = this.keys(keys)[0]![0];
    const previous = this.running.get(key) ?? Promise.resolve();
    const run = previous.then(attempt, attempt);
    const settled = run.catch(() => undefined);
    this.running.set(key, settled);
    try {
      return await run;
    } finally {
      if (this.running.get(key) === settled) this.running.delete(key);
    }
  }

  recordSuccess(keys: ThrottleKeys): void {
    this.entries.delete(this.keys(keys)[0]![0]);
  }
}
