// Bearer authentication for the REST API and /mcp (never for pages: see src/server/web/).
// RFC 6750 for the header and WWW-Authenticate; RFC 9728 for `resource_metadata`.
import type { IncomingMessage } from 'node:http';
import type { Scope } from '../../shared/scopes.js';
import { AppError } from '../errors.js';
import { noteAccount } from '../ops/request-facts.js';
import type { BearerVerifier, Principal } from './principal.js';

export interface BearerOptions {
  verifiers: BearerVerifier[];
  /** The protected resource this router serves (RFC 8707 audience), e.g. `${base}/mcp`. */
  resource: string;
  /** URL of the RFC 9728 protected-resource metadata for this resource. */
  resourceMetadataUrl: string;
  now?: () => Date;
}

// RFC 6750 section 2.1: `Bearer` 1*SP b64token. The scheme name is case-insensitive
// (RFC 9110 section 11.1), so `bearer` and `BEARER` are the same scheme.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** A request as far as authentication reads it: its headers, and its target for the query rule. */
export type AuthenticatedRequest = Pick<IncomingMessage, 'headers'> & { url?: string; originalUrl?: string };

/** Whether the query string of a request target carries a parameter named `access_token`. */
function hasQueryToken(target: string | undefined): boolean {
  if (!target) return false;
  const q = target.indexOf('?');
  if (q === -1) return false;
  const hash = target.indexOf('#', q);
  const query = hash === -1 ? target.slice(q + 1) : target.slice(q + 1, hash);
  if (!query.includes('access_token') && !query.includes('%')) return false; // the common case: nothing to decode
  return new URLSearchParams(query).has('access_token');
}

/**
 * 400 invalid_request for a token in the query string (RFC 6750 section 2.3, a URI query
 * parameter): this server accepts bearer tokens only in the Authorization header, because a URL
 * ends up in logs, browser history and Referer headers (RFC 6750 section 5.3; RFC 9700 section
 * 4.3.2). The one check for the REST API and /mcp alike, before anything else is looked at.
 */
function refuseQueryToken(req: AuthenticatedRequest, challenge: (params: Record<string, string>) => Record<string, string>): void {
  if (!hasQueryToken(req.originalUrl ?? req.url)) return;
  const detail = 'Send the bearer token in the Authorization header, never in the URL (the access_token query parameter is not accepted).';
  throw new AppError(400, 'invalid_request', 'Invalid request', { detail, headers: challenge({ error: 'invalid_request', error_description: detail }) });
}

export function wwwAuthenticate(resourceMetadataUrl: string, params: Record<string, string> = {}): string {
  const parts = [`realm="rcat"`, `resource_metadata="${resourceMetadataUrl}"`];
  for (const [k, v] of Object.entries(params)) parts.push(`${k}="${v.replace(/["\\]/g, '')}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * Resolves the caller from the Authorization header; 401 with WWW-Authenticate when it cannot,
 * 400 when the request carries a token in its query string.
 */
export async function authenticate(req: AuthenticatedRequest, options: BearerOptions): Promise<Principal> {
  const principal = await verifyBearer(bearerToken(req, options), options);
  noteAccount(req, principal.account.id); // for the access log (src/server/ops/)
  return principal;
}

const challengeOf = (options: BearerOptions, params: Record<string, string> = {}) => ({
  'WWW-Authenticate': wwwAuthenticate(options.resourceMetadataUrl, params),
});

/**
 * The bearer token of the Authorization header (RFC 6750 section 2.1); 401 when there is none,
 * 400 when the request carries one in its query string.
 */
export function bearerToken(req: AuthenticatedRequest, options: BearerOptions): string {
  const challenge = (params: Record<string, string> = {}) => challengeOf(options, params);
  refuseQueryToken(req, challenge);
  const header = req.headers.authorization;
  if (!header) {
    throw new AppError(401, 'unauthorized', 'Unauthorized', {
      detail: 'A bearer token is required: connect an account (OAuth) or send an agent token in the Authorization header.',
      headers: challenge(),
    });
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    throw new AppError(401, 'unauthorized', 'Unauthorized', {
      detail: 'The Authorization header must be "Bearer <token>" (the scheme in any case).',
      headers: challenge({ error: 'invalid_request' }),
    });
  }
  return match[1];
}

/** The caller a bearer token names, verified against the store; 401/403 when there is none. */
export async function verifyBearer(token: string, options: BearerOptions): Promise<Principal> {
  const challenge = (params: Record<string, string> = {}) => challengeOf(options, params);
  const context = { resource: options.resource, now: options.now?.() ?? new Date() };
  try {
    for (const verifier of options.verifiers) {
      const principal = await verifier.verify(token, context);
      if (principal) return principal;
    }
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      throw new AppError(401, error.code, error.message, {
        ...error.options,
        headers: challenge({ error: 'invalid_token', error_description: error.options.detail ?? 'invalid token' }),
      });
    }
    throw error;
  }
  throw new AppError(401, 'unauthorized', 'Unauthorized', {
    detail: 'The token is not recognised.',
    headers: challenge({ error: 'invalid_token', error_description: 'The token is not recognised.' }),
  });
}

/** 403 naming the scope needed (RFC 6750 section 3.1 `insufficient_scope`). */
export function requireScope(principal: Principal, scope: Scope, resourceMetadataUrl: string): void {
  if (principal.scopes.includes(scope)) return;
  throw new AppError(403, 'insufficient_scope', 'Forbidden', {
    detail: `This token lacks the scope "${scope}".`,
    requiredScope: scope,
    headers: { 'WWW-Authenticate': wwwAuthenticate(resourceMetadataUrl, { error: 'insufficient_scope', scope }) },
  });
}
