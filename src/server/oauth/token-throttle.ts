// Brute-force throttle of the token endpoint (RFC 6749 section 10.10 and RFC 6819 section
// 5.2.3: limit guessing of client secrets, authorization codes and refresh tokens; OWASP
// Authentication Cheat Sheet). The same store-backed mechanism as the web sign-in
// (src/server/services/throttling/attempt-throttle.ts), in its own key space "oauth-token", so the counts survive a
// restart and are shared by every host over one PostgreSQL database.
//
// Counted: answers `invalid_client` and `invalid_grant` (the guesses), per client IP (an IPv6
// client by its /64) and — for confidential clients — per client_id. Public clients (the rcat CLI and public MCP hosts) have
// no per-client key: their client_id is not a credential and is shared by every user of the
// client, so counting it would let anyone lock every user out (the abuse RFC 6819 section
// 5.1.4.2.3 warns about); their codes and refresh tokens are 256-bit random values (RFC 6749
// section 10.10), and the per-IP key slows whoever guesses. A success clears the client key, never
// the IP key. Allowances are generous: a CLI refreshing normally never fails, and failures of many
// users behind one NAT stay far below the per-IP allowance.
import type { Request, Response } from 'express';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { AttemptThrottle, type ThrottleAdmission, type ThrottleSubject } from '../services/throttling/attempt-throttle.js';
import { throttledNetwork } from '../services/throttling/client-address.js';
import type { AttemptCounterStore, BackoffPolicy } from '../store/ports/attempt-counters.js';
import type { OAuthClients } from '../services/oauth/clients.js';

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

/** The client the request claims to be, read leniently (nothing is verified here). */
function claimedClient(req: Request): { id: string | null; secret: boolean } {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0) return { id: null, secret: true };
    try {
      return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: true };
    } catch {
      return { id: null, secret: true };
    }
  }
  return { id: typeof body.client_id === 'string' ? body.client_id : null, secret: body.client_secret !== undefined };
}

/** The answers that are guesses: a wrong client credential, or a wrong/spent code or refresh token. */
export function isGuessFailure(error: unknown): boolean {
  return error instanceof OAuthError && (error.errorCode === 'invalid_client' || error.errorCode === 'invalid_grant');
}

/**
 * 429 with Retry-After and an RFC 6749 section 5.2 error body. `slow_down` is the registered
 * token-endpoint error for "back off" (RFC 8628 section 3.5, IANA OAuth Extensions Error
 * Registry); invalid_client/invalid_grant would make clients discard good credentials.
 */
export function sendThrottled(res: Response, retryAfterSeconds: number): void {
  res.setHeader('Retry-After', String(retryAfterSeconds));
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After'); // browser-based clients may read it
  res.status(429).json({
    error: 'slow_down',
    error_description: `Too many failed token requests from this client or address. Retry after ${retryAfterSeconds} second(s).`,
  });
}

export class TokenEndpointThrottle {
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
  async begin(req: Request, now: Date, options: { onlyConfidential?: boolean } = {}): Promise<ThrottleAdmission | null> {
    const claimed = claimedClient(req);
    if (options.onlyConfidential && !claimed.secret) return null;
    const client = claimed.id ? await this.clients.find(claimed.id) : null;
    const confidential = client !== null && client.clientSecretHash !== null;
    if (options.onlyConfidential && !confidential) return null;
    const subjects: ThrottleSubject[] = [{ name: 'ip', value: throttledNetwork(req.ip), freeFailures: this.policy.freeFailuresPerIp }];
    if (confidential) subjects.push({ name: 'client', value: client.clientId, freeFailures: this.policy.freeFailuresPerClient });
    return this.throttle.begin(subjects, now);
  }
}
