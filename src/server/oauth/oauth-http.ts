// HTTP plumbing shared by the token, revocation and registration endpoints: OAuth JSON error
// bodies (RFC 6749 section 5.2), CORS for browser-based MCP clients. Strict form parameters:
// src/server/services/oauth/form-params.ts.
import type { NextFunction, Request, Response } from 'express';
import { OAuthError, ServerError, TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { AppError } from '../errors.js';

/** Statuses per RFC 6749 section 5.2: 400 in general, 401 for invalid_client. */
export function statusFor(error: OAuthError): number {
  if (error instanceof ServerError) return 500;
  if (error instanceof TemporarilyUnavailableError) return 503;
  if (error.errorCode === 'invalid_client') return 401;
  if (error.errorCode === 'method_not_allowed') return 405;
  return 400;
}

/** Turns anything thrown by our OAuth code into an OAuth error (store outages → 503, never a stack). */
export function toOAuthError(error: unknown, log: (line: string) => void): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof AppError && error.status === 503) return new TemporarilyUnavailableError('The authorization server is temporarily unavailable; retry later.');
  log(`oauth internal error: ${(error as Error)?.stack ?? String(error)}`);
  return new ServerError('Something went wrong on our side.');
}

export function sendOAuthError(res: Response, error: OAuthError, headers: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (error instanceof TemporarilyUnavailableError) res.setHeader('Retry-After', '5');
  res.status(statusFor(error)).json(error.toResponseObject());
}

/** Token-style endpoints are called by native and browser-based clients: any origin, no cookies. */
export function anyOriginCors(methods: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', [...methods, 'OPTIONS'].join(', '));
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, MCP-Protocol-Version');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

export function onlyMethods(methods: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (methods.includes(req.method)) return next();
    res.setHeader('Allow', methods.join(', '));
    res.status(405).json({ error: 'invalid_request', error_description: `${req.method} is not allowed here; use ${methods.join(' or ')}.` });
  };
}

/** RFC 6749 section 5.1: token responses must not be cached. */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  next();
}
