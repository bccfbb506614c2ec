// Slows repeated failed sign-ins (issue 4; OWASP Authentication Cheat Sheet, "Login Throttling").
// Two independent keys are counted: the e-mail address typed (trimmed, case-folded; whether or
// not such an account exists, so the throttle reveals nothing) and the client IP (an IPv6 client
// by its /64). After a free
// allowance of failures, each further failure blocks that key for an exponentially growing delay
// (1 s, 2 s, 4 s, … capped at 15 minutes); while a key is blocked, sign-in attempts for it are
// refused with 429 and Retry-After without checking the password. A success clears the e-mail
// key (not the IP key). Counters are forgotten after 30 minutes without failures.
//
// The counters live in the store (./attempt-throttle.ts, key space "sign-in"): a restart
// forgives nothing, and hosts sharing a PostgreSQL database count together. An attempt counts as
// a failure from the moment it is admitted, so parallel guesses cannot outrun the counter.
import type { BackoffPolicy } from '../../store/ports/attempt-counters.js';
import type { AttemptCounterStore } from '../../store/ports/attempt-counters.js';
import { AttemptThrottle, type ThrottleAdmission } from './attempt-throttle.js';
import { throttledNetwork } from './client-address.js';

export interface ThrottlePolicy extends BackoffPolicy {
  freeFailuresPerAccount: number;
  freeFailuresPerIp: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  freeFailuresPerAccount: 5,
  freeFailuresPerIp: 20,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 30 * 60 * 1000,
  maxEntries: 10_000,
};

export type ThrottleKeys = { account: string; ip: string };

export const SIGN_IN_SPACE = 'sign-in';

/** The e-mail key as typed into the form: trimmed and case-folded. */
const accountKey = (email: string) => email.trim().toLowerCase();

export class SignInThrottle {
  private readonly throttle: AttemptThrottle;

  constructor(
    store: AttemptCounterStore,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
    log?: (line: string) => void,
  ) {
    this.throttle = new AttemptThrottle(store, SIGN_IN_SPACE, policy, log);
  }

  /**
   * Admits one attempt (counting it as a failure until `succeeded`), or says how many seconds to
   * wait. On success call `succeeded(['account'])`: the e-mail key is cleared, the IP key refunded.
   */
  begin({ account, ip }: ThrottleKeys, now: Date): Promise<ThrottleAdmission> {
    return this.throttle.begin(
      [
        { name: 'account', value: accountKey(account), freeFailures: this.policy.freeFailuresPerAccount },
        { name: 'ip', value: throttledNetwork(ip), freeFailures: this.policy.freeFailuresPerIp },
      ],
      now,
    );
  }

  /**
   * Forgets the failed sign-ins counted against an e-mail address (not the IPs'): used when an
   * operator sets a new password, so its owner is not kept out by the lockout the old one caused.
   */
  forgetAccount(email: string, now: Date): Promise<void> {
    return this.throttle.forget([{ name: 'account', value: accountKey(email) }], now);
  }
}
