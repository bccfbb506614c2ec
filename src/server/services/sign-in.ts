// Web sign-in by e-mail and password (issue 4): one generic failure (no account enumeration), the
// same scrypt work whether or not the account exists, and repeated failures slowed by the
// store-backed throttle (./throttling/sign-in-throttle.ts) before any password is checked.
import { randomBytes } from 'node:crypto';
import type { Account, Store } from '../store/ports/index.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SignInThrottle } from './throttling/sign-in-throttle.js';

export type SignInOutcome =
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'refused' }
  | { kind: 'signed-in'; account: Account };

export class SignInService {
  private readonly throttle: SignInThrottle;
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly store: Pick<Store, 'accounts' | 'attemptCounters'>,
    private readonly now: () => Date,
    log?: (line: string) => void,
  ) {
    this.throttle = new SignInThrottle(store.attemptCounters, undefined, log);
  }

  /** Used when no account matches, so a miss costs the same scrypt work as a wrong password. */
  private hashForMiss(): Promise<string> {
    return (this.dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  }

  /**
   * Checks one sign-in. The attempt counts as a failure from the moment it is admitted; a
   * success clears the address's count. An outage (the store cannot be read) is thrown and the
   * attempt is not counted: it was no guess.
   */
  async attempt(input: { email: string; password: string; ip: string }): Promise<SignInOutcome> {
    const attempt = await this.throttle.begin({ account: input.email, ip: input.ip }, this.now());
    if (!attempt.admitted) return { kind: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
    let account: Account | null;
    try {
      const found = await this.store.accounts.getByEmail(input.email);
      const passwordOk = await verifyPassword(input.password, found?.passwordHash ?? (await this.hashForMiss()));
      account = found && passwordOk && !found.disabled && found.passwordHash ? found : null;
    } catch (error) {
      await attempt.notCounted().catch(() => {});
      throw error;
    }
    if (!account) return { kind: 'refused' };
    await attempt.succeeded(['account']);
    return { kind: 'signed-in', account };
  }
}
