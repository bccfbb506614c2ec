// POST {base}/api/agent/oauth/register: dynamic client registration (RFC 7591) for MCP hosts.
// Ours rather than the MCP SDK's clientRegistrationHandler, because that one parses the body
// leniently (bytes that are not UTF-8 become U+FFFD), keeps its rate limit in memory per process,
// and cannot bound what a registration leaves in the store. The rules of a registration:
// src/server/services/oauth/client-registration.ts.
import { type Request, type Response, Router } from 'express';
import { InvalidClientMetadataError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AppDeps } from '../deps.js';
import { REGISTRATION_PATH } from '../paths.js';
import { RegistrationRefused } from '../services/oauth/client-registration.js';
import { readRequestBody } from '../util/request-body.js';
import { oauthAnswer } from '../error-answers.js';
import { anyOriginCors, noStore, onlyMethods, sendOAuthError } from './oauth-http.js';

/** A registration is a few hundred bytes; the stored record is bounded to 4 KiB anyway. */
export const MAX_REGISTRATION_BYTES = 16 * 1024;

const NOT_JSON = 'The registration request must be a JSON object (RFC 7591), sent as application/json in UTF-8.';

async function readRegistration(req: Request): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new InvalidClientMetadataError(NOT_JSON);
  const body = await readRequestBody(req, MAX_REGISTRATION_BYTES);
  if (!body.ok) throw new InvalidClientMetadataError(body.reason === 'too_large' ? `The registration request is too large (at most ${MAX_REGISTRATION_BYTES} bytes).` : NOT_JSON);
  try {
    return JSON.parse(body.text);
  } catch {
    throw new InvalidClientMetadataError(NOT_JSON);
  }
}

async function register(deps: Pick<AppDeps, 'services' | 'log'>, req: Request, res: Response): Promise<void> {
  try {
    const registered = await deps.services.clientRegistrations.register(await readRegistration(req), req.ip);
    res.status(201).json(registered);
  } catch (error) {
    if (error instanceof RegistrationRefused) {
      // RFC 6585 section 4: 429 with Retry-After (RFC 7591 defines no error for this).
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      res.status(429).json(error.toResponseObject());
      return;
    }
    sendOAuthError(res, oauthAnswer(error, deps.log));
  }
}

export function createRegistrationEndpoint(deps: Pick<AppDeps, 'services' | 'log'>): Router {
  const router = Router();
  router.use(REGISTRATION_PATH, anyOriginCors(['POST']), onlyMethods(['POST']), noStore);
  router.post(REGISTRATION_PATH, (req, res) => register(deps, req, res));
  return router;
}
