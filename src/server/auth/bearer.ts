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

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/;

export function wwwAuthenticate(resourceMetadataUrl: string, params: Record<string, string> = {}): string {
  const parts = [`realm="rcat"`, `resource_metadata="${resourceMetadataUrl}"`];
  for (const [k, v] of Object.entries(params)) parts.push(`${k}="${v.replace(/["\\]/g, '')}"`);
  return `Bearer ${parts.join(', ')}`;
}

/** Resolves the caller from the Authorization header; 401 with WWW-Authenticate when it cannot. */
export async function authenticate(req: Pick<IncomingMessage, 'headers'>, options: BearerOptions): Promise<Principal> {
  const principal = await verifyBearer(bearerToken(req, options), options);
  noteAccount(req, principal.account.id); // for the access log (src/server/ops/)
  return principal;
}

const challengeOf = (options: BearerOptions, params: Record<string, string> = {}) => ({
  'WWW-Authenticate': wwwAuthenticate(options.resourceMetadataUrl, params),
});

/** The bearer token of the Authorization header (RFC 6750 section 2.1); 401 when there is none. */
export function bearerToken(req: Pick<IncomingMessage, 'headers'>, options: BearerOptions): string {
  const header = req.headers.authorization;
  const challenge = (params: Record<string, string> = {}) => challengeOf(options, params);
  if (!header) {
    throw new AppError(401, 'unauthorized', 'Unauthorized', {
      detail: 'A bearer token is required: connect an account (OAuth) or send an agent token in the Authorization header.',
      headers: challenge(),
    });
  }
  const match = BEARER.exec(header);
  if (!match?.[1]) {
    throw new AppError(401, 'unauthorized', 'Unauthorized', {
      detail: 'The Authorization header must be "Bearer <token>".',
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
