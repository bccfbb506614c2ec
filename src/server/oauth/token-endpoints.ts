// The token endpoint (spec 4.4: /api/agent/oauth/token; RFC 6749 section 3.2) and the
// revocation endpoint (RFC 7009). Both take form-encoded bodies and authenticate the client
// first (client-auth.ts). Our own handlers rather than the SDK's tokenHandler/revocationHandler:
// those compare plaintext client secrets (we keep hashes), accept one `resource` only (RFC 8707
// allows several, and the rcat CLI sends two), check PKCE outside the atomic redemption, and
// rate-limit per IP in memory (which would throttle every client behind one NAT or proxy).
import express, { type Request, type Response, Router } from 'express';
import { InvalidRequestError, UnsupportedGrantTypeError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AppDeps } from '../deps.js';
import { oauthAnswer } from '../error-answers.js';
import { REVOCATION_PATH, TOKEN_PATH } from '../paths.js';
import { FormParams } from '../services/oauth/form-params.js';
import type { ThrottleAdmission } from '../services/throttling/attempt-throttle.js';
import type { OAuthClientRecord } from '../store/ports/oauth.js';
import { authenticateClient, ClientAuthError } from './client-auth.js';
import { anyOriginCors, noStore, onlyMethods, sendOAuthError } from './oauth-http.js';
import { claimedClient, isGuessFailure, sendThrottled } from './token-throttle.js';

/** What the token and revocation endpoints use of the application's dependencies. */
export type TokenEndpointDeps = Pick<AppDeps, 'services' | 'now' | 'log'>;

const formBody = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

function basicChallenge(error: unknown): Record<string, string> {
  return error instanceof ClientAuthError && error.usedBasic ? { 'WWW-Authenticate': 'Basic realm="rcat"' } : {};
}

/**
 * Settles a throttled attempt (./token-throttle.ts): a success clears the client key and refunds
 * the IP key; a guess that failed stays counted; any other outcome is refunded. Best effort: the
 * answer (perhaps freshly issued tokens) is sent even if the store cannot be updated.
 */
async function settle(attempt: ThrottleAdmission | null, error: unknown, log: (line: string) => void): Promise<void> {
  if (!attempt?.admitted) return;
  try {
    if (error === undefined) await attempt.succeeded(['client']);
    else if (!isGuessFailure(error)) await attempt.notCounted();
  } catch (failure) {
    log(`oauth throttle: could not settle an attempt (${(failure as Error).message})`);
  }
}

/** The grant the request names (RFC 6749 sections 4.1.3 and 6), for an authenticated client. */
function redeem(deps: TokenEndpointDeps, client: OAuthClientRecord, params: FormParams, now: Date): Promise<OAuthTokens> {
  const grants = deps.services.oauthTokens;
  const grantType = params.require('grant_type');
  if (grantType === 'authorization_code') {
    const input = { code: params.require('code'), codeVerifier: params.require('code_verifier'), redirectUri: params.get('redirect_uri'), resources: params.all('resource') };
    return grants.authorizationCode(client, input, now);
  }
  if (grantType === 'refresh_token') {
    if (!client.grantTypes.includes('refresh_token')) throw new UnsupportedGrantTypeError('This client is not registered for the refresh_token grant.');
    return grants.refreshToken(client, { refreshToken: params.require('refresh_token'), scope: params.get('scope'), resources: params.all('resource') }, now);
  }
  throw new UnsupportedGrantTypeError('Supported grant types: authorization_code, refresh_token.');
}

async function tokenEndpoint(deps: TokenEndpointDeps, req: Request, res: Response): Promise<void> {
  let attempt: ThrottleAdmission | null = null;
  try {
    const params = FormParams.of(req);
    const now = deps.now();
    // Before any secret, code or refresh token is looked at: a blocked request checks nothing.
    attempt = await deps.services.tokenThrottle.begin(claimedClient(req), now);
    if (!attempt?.admitted) return sendThrottled(res, attempt?.retryAfterSeconds ?? 1);
    const client = await authenticateClient(req, params, deps.services.oauthClients, now);
    const tokens = await redeem(deps, client, params, now);
    await settle(attempt, undefined, deps.log);
    res.status(200).json(tokens);
  } catch (error) {
    await settle(attempt, error, deps.log);
    sendOAuthError(res, oauthAnswer(error, deps.log), basicChallenge(error));
  }
}

// RFC 7009 section 2.1: revoking a refresh token ends its whole grant; revoking an access
// token ends that token. Unknown tokens, and tokens of other clients, get 200 and nothing
// changes (section 2.2: the client cannot act on the difference; no token probing).
async function revocationEndpoint(deps: TokenEndpointDeps, req: Request, res: Response): Promise<void> {
  let attempt: ThrottleAdmission | null = null;
  try {
    const params = FormParams.of(req);
    const now = deps.now();
    // Only a confidential client's secret can be guessed here (unknown tokens get 200 anyway).
    attempt = await deps.services.tokenThrottle.begin(claimedClient(req), now, { onlyConfidential: true });
    if (attempt && !attempt.admitted) return sendThrottled(res, attempt.retryAfterSeconds);
    const client = await authenticateClient(req, params, deps.services.oauthClients, now);
    await settle(attempt, undefined, deps.log);
    attempt = null; // settled: what follows is not about the client's credentials
    const token = params.get('token');
    if (!token) throw new InvalidRequestError('The "token" parameter is required.');
    params.get('token_type_hint'); // optional; we look the token up by hash whatever its kind
    await deps.services.oauthTokens.revoke(client, token, now);
    res.status(200).json({});
  } catch (error) {
    await settle(attempt, error, deps.log);
    sendOAuthError(res, oauthAnswer(error, deps.log), basicChallenge(error));
  }
}

export function createTokenEndpoints(deps: TokenEndpointDeps): Router {
  const router = Router();
  router.use([TOKEN_PATH, REVOCATION_PATH], anyOriginCors(['POST']), onlyMethods(['POST']), noStore, formBody);
  router.post(TOKEN_PATH, (req, res) => tokenEndpoint(deps, req, res));
  router.post(REVOCATION_PATH, (req, res) => revocationEndpoint(deps, req, res));

  // Body-parser failures (malformed or oversized forms) are the client's mistake: OAuth errors, not 500s.
  router.use([TOKEN_PATH, REVOCATION_PATH], ((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendOAuthError(res, new InvalidRequestError(status === 413 ? 'The request body is too large.' : 'The request body could not be read.'));
      return;
    }
    next(error);
  }) as express.ErrorRequestHandler);

  return router;
}
