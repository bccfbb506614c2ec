// The token endpoint's side of its brute-force throttle (the rules:
// src/server/services/throttling/token-throttle.ts): which client a request claims to be, which
// answers count as guesses, and the 429 it gets while blocked.
import type { Request, Response } from 'express';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { ClaimedClient } from '../services/throttling/token-throttle.js';

/** The client the request claims to be, read leniently (nothing is verified here). */
export function claimedClient(req: Request): ClaimedClient {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0) return { id: null, secret: true, ip: req.ip };
    try {
      return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: true, ip: req.ip };
    } catch {
      return { id: null, secret: true, ip: req.ip };
    }
  }
  return { id: typeof body.client_id === 'string' ? body.client_id : null, secret: body.client_secret !== undefined, ip: req.ip };
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
