// Brute-force throttle of the token endpoint (RFC 6749 section 10.10 and RFC 6819 section
// 5.2.3: limit guessing of client secrets, authorization codes and refresh tokens; OWASP
// Authentication Cheat Sheet). The same store-backed mechanism as the web sign-in
// (./attempt-throttle.ts), in its own key space "oauth-token", so the counts survive a restart and
// are shared by every host over one PostgreSQL database. What a request claims is read by the
// endpoint (src/server/oauth/token-throttle.ts).
//
// Counted: answers `invalid_client` and `invalid_grant` (the guesses), per client IP (an IPv6
// client by its /64) and — for confidential clients — per client_id. Public clients (the rcat CLI
// and public MCP hosts) have no per-client key: their client_id is not a credential and is shared by every user of the
// client, so counting it would let anyone lock every user out (the abuse RFC 6819 section
// 5.1.4.2.3 warns about); their codes and refresh tokens are 256-bit random values (RFC 6749
// section 10.10), and the per-IP key slows whoever guesses. A success clears the client key, never
// the IP key. Allowances are generous: a CLI refreshing normally never fails, and failures of many
// users behind one NAT stay far below the per-IP allowance.
import type { AttemptCounterStore, BackoffPolicy } from '../../store/ports/attempt-counters.js';
import type { OAuthClients } from '../oauth/clients.js';
import { AttemptThrottle, type ThrottleAdmission, type ThrottleSubject } from './attempt-throttle.js';
import { throttledNetwork } from './client-address.js';

export interface TokenThrottlePolicy extends BackoffPolicy {
  freeFailuresPerClient: number;
  freeFailuresPerIp: number;
}

export const TOKEN_THROTTLE: TokenThrottlePolicy = {
  freeFailuresPerClient: 20,
  freeFailuresPerIp: 100,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 30 * 60 * 1000,
  maxEntries: 10_000,
};

export const TOKEN_SPACE = 'oauth-token';

/** The client a token request claims to be (nothing verified yet), and where it comes from. */
export interface ClaimedClient {
  id: string | null;
  /** Whether it presents a client secret (Basic credentials or client_secret). */
  secret: boolean;
  ip: string | undefined;
}

export class TokenThrottle {
  private readonly throttle: AttemptThrottle;

  constructor(
    store: AttemptCounterStore,
    private readonly clients: OAuthClients,
    private readonly policy: TokenThrottlePolicy = TOKEN_THROTTLE,
    log?: (line: string) => void,
  ) {
    this.throttle = new AttemptThrottle(store, TOKEN_SPACE, policy, log);
  }

  /**
   * Admits a request before any credential is checked. With `onlyConfidential` (the revocation
   * endpoint, which answers 200 whatever the token, so its only guessable input is a confidential
   * client's secret) requests that present no secret for such a client are not throttled (null).
   */
  async begin(claimed: ClaimedClient, now: Date, options: { onlyConfidential?: boolean } = {}): Promise<ThrottleAdmission | null> {
    if (options.onlyConfidential && !claimed.secret) return null;
    const client = claimed.id ? await this.clients.find(claimed.id) : null;
    const confidential = client !== null && client.clientSecretHash !== null;
    if (options.onlyConfidential && !confidential) return null;
    const subjects: ThrottleSubject[] = [{ name: 'ip', value: throttledNetwork(claimed.ip), freeFailures: this.policy.freeFailuresPerIp }];
    if (confidential) subjects.push({ name: 'client', value: client.clientId, freeFailures: this.policy.freeFailuresPerClient });
    return this.throttle.begin(subjects, now);
  }
}
