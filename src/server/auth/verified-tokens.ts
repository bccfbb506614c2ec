// Which account a bearer token belonged to when this process last verified it, so that the next
// request with it can be checked and charged in one round trip (LimitsService.chargeChecked):
// the host needs the account to work out which counters to charge before the database has
// answered. Nothing is decided from this memory: the statement that charges re-checks the token
// (exists, not revoked, its grant not revoked), the account (not disabled) and the fields the
// charge was planned with (plan, paid-until date, company), and charges nothing when any of them
// changed, so revocation, disabling and plan changes take effect on the next request on every
// host. What is used from memory are a token's scopes, audience and expiry, which never change.
import type { Principal } from './principal.js';

/** Tokens remembered per gate; the oldest is forgotten first when full. */
const MAX_ENTRIES = 10_000;

export class VerifiedTokens {
  private readonly byHash = new Map<string, Principal>();

  /** The principal last verified for this token hash, unless the token has expired since. */
  get(tokenHash: string, now: Date): Principal | undefined {
    const principal = this.byHash.get(tokenHash);
    if (principal && Date.parse(principal.expiresAt) <= now.getTime()) {
      this.byHash.delete(tokenHash);
      return undefined;
    }
    return principal;
  }

  set(tokenHash: string, principal: Principal): void {
    if (this.byHash.size >= MAX_ENTRIES && !this.byHash.has(tokenHash)) {
      this.byHash.delete(this.byHash.keys().next().value!);
    }
    this.byHash.set(tokenHash, principal);
  }

  forget(tokenHash: string): void {
    this.byHash.delete(tokenHash);
  }
}
