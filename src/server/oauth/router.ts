// The OAuth 2.0 authorization server's protocol endpoints (issue 4; MCP authorization spec
// 2025-11-25): discovery metadata, dynamic client registration, the token and revocation
// endpoints. The authorization endpoint is a page (consent), served with the other pages by
// src/server/web/routes/authorize.ts. Which parts come from the MCP SDK and why the others are ours:
// docs/ARCHITECTURE.md ("OAuth authorization server") and docs/oauth.md.
import { Router } from 'express';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import type { AppDeps } from '../deps.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { createRegistrationEndpoint } from './registration-endpoint.js';
import { createTokenEndpoints } from './token-endpoints.js';

/** What the OAuth endpoints use of the application's dependencies. */
export type OAuthDeps = Pick<AppDeps, 'config' | 'services' | 'now' | 'log'>;

export function createOAuthRouter(deps: OAuthDeps): Router {
  const router = Router();
  const base = deps.config.baseUrl;

  router.use('/.well-known/oauth-authorization-server', metadataHandler(authorizationServerMetadata(base)));
  router.use('/.well-known/oauth-protected-resource/mcp', metadataHandler(protectedResourceMetadata(base, 'mcp')));
  router.use('/.well-known/oauth-protected-resource', metadataHandler(protectedResourceMetadata(base, 'rest')));

  router.use(createRegistrationEndpoint(deps));
  router.use(createTokenEndpoints(deps));
  return router;
}
