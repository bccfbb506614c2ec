// The OAuth 2.0 authorization server's protocol endpoints (issue 4; MCP authorization spec
// 2025-11-25): discovery metadata, dynamic client registration, the token and revocation
// endpoints. The authorization endpoint is a page (consent), served with the other pages by
// src/server/web/routes/authorize.ts. Which parts come from the MCP SDK and why the others are ours:
// docs/ARCHITECTURE.md ("OAuth authorization server") and docs/oauth.md.
import express, { Router } from 'express';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { InvalidClientMetadataError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AppDeps } from '../deps.js';
import { REGISTRATION_PATH } from '../paths.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { sendOAuthError } from './oauth-http.js';
import { createTokenEndpoints } from './token-endpoints.js';

/** What the OAuth endpoints use of the application's dependencies. */
export type OAuthDeps = Pick<AppDeps, 'config' | 'services' | 'now' | 'log'>;

export function createOAuthRouter(deps: OAuthDeps): Router {
  const router = Router();
  const base = deps.config.baseUrl;
  const clients = deps.services.oauthClients;

  router.use('/.well-known/oauth-authorization-server', metadataHandler(authorizationServerMetadata(base)));
  router.use('/.well-known/oauth-protected-resource/mcp', metadataHandler(protectedResourceMetadata(base, 'mcp')));
  router.use('/.well-known/oauth-protected-resource', metadataHandler(protectedResourceMetadata(base, 'rest')));

  // RFC 7591 via the SDK handler; our store adds the policy checks and hashes secrets.
  // Secrets do not expire (0): MCP hosts rarely re-register. The per-IP limit bounds state growth
  // from this unauthenticated write (300 a minute per IP) without getting in the way of real hosts.
  router.use(
    REGISTRATION_PATH,
    clientRegistrationHandler({
      clientsStore: clients,
      clientSecretExpirySeconds: 0,
      // `validate: false`: the proxy setting is ours (--trust-proxy), not a misconfiguration to warn about.
      rateLimit: { windowMs: 60_000, max: 300, validate: false },
    }),
  );
  router.use(REGISTRATION_PATH, ((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendOAuthError(res, new InvalidClientMetadataError(status === 413 ? 'The registration request is too large.' : 'The registration request must be a JSON object (RFC 7591).'));
      return;
    }
    next(error);
  }) as express.ErrorRequestHandler);

  router.use(createTokenEndpoints(deps));
  return router;
}
