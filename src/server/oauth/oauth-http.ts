// HTTP plumbing shared by the token, revocation and registration endpoints: OAuth JSON error
// bodies (RFC 6749 section 5.2; which error and status: src/server/error-answers.ts) and CORS for
// browser-based MCP clients. Strict form parameters: src/server/services/oauth/form-params.ts.
import type { NextFunction, Request, Response } from 'express';
import { type OAuthError, TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { oauthStatus } from '../error-answers.js';

export function sendOAuthError(res: Response, error: OAuthError, headers: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (error instanceof TemporarilyUnavailableError) res.setHeader('Retry-After', '5');
  res.status(oauthStatus(error)).json(error.toResponseObject());
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
