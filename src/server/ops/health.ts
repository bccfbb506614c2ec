// GET /healthz (liveness) and GET /readyz (readiness) for load balancers and orchestrators
// (docs/operations.md). Neither needs a token, neither is charged, and neither says more than
// a short reason: no versions, counts, hosts or error messages an attacker could use.
//   /healthz  200 while the process answers HTTP at all; touches no store.
//   /readyz   200 when the store answers and the limiter can debit, 503 otherwise, and 503 from
//             the moment a graceful shutdown begins (so the load balancer stops sending first).
// Readiness checks are shared: one runs at a time, and its result is reused for a second, so a
// flood of /readyz costs the store at most one check per second.

/** Why the server is not ready: the short reason /readyz answers. */
export type NotReadyReason = 'shutting down' | 'store unavailable' | 'limiter unavailable';

export interface ReadinessChecks {
  /** Resolves when the state store answers a read. */
  store(): Promise<unknown>;
  /** Resolves when the limiter could admit and record a debit now. */
  limiter(): Promise<unknown>;
}

/** How long a readiness result is reused (ms). */
export const READINESS_REUSE_MS = 1000;
/** A check that has not answered by then counts as failed (ms). */
export const READINESS_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  reason?: NotReadyReason;
}

export class HealthState {
  private stopping = false;
  private last: { at: number; result: Readiness } | null = null;
  private running: Promise<Readiness> | null = null;

  constructor(
    private readonly checks: ReadinessChecks,
    /** Told when readiness changes, with the underlying error (for the server log, never the answer). */
    private readonly onChange: (result: Readiness, cause?: unknown) => void = () => {},
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
  ) {}

  /** From now on /readyz answers 503 "shutting down"; it never turns back. */
  beginShutdown(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.remember({ ready: false, reason: 'shutting down' }, undefined, performance.now());
  }

  /** `now`: performance.now() (a parameter so tests can step the clock). */
  async readiness(now = performance.now()): Promise<Readiness> {
    if (this.stopping) return { ready: false, reason: 'shutting down' };
    if (this.last && now - this.last.at < READINESS_REUSE_MS) return this.last.result;
    this.running ??= this.check(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async check(startedAt: number): Promise<Readiness> {
    let result: Readiness = { ready: true };
    let cause: unknown;
    try {
      await this.bounded(this.checks.store());
    } catch (error) {
      result = { ready: false, reason: 'store unavailable' };
      cause = error;
    }
    if (result.ready) {
      try {
        await this.bounded(this.checks.limiter());
      } catch (error) {
        result = { ready: false, reason: 'limiter unavailable' };
        cause = error;
      }
    }
    // A shutdown that began while the check ran wins.
    if (this.stopping) return { ready: false, reason: 'shutting down' };
    this.remember(result, cause, startedAt);
    return result;
  }

  private remember(result: Readiness, cause: unknown, at: number): void {
    const changed = this.last === null ? !result.ready : this.last.result.ready !== result.ready || this.last.result.reason !== result.reason;
    this.last = { at, result };
    if (changed) this.onChange(result, cause);
  }

  private bounded(check: Promise<unknown>): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
  }
}
