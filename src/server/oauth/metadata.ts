// Discovery documents, served with the MCP SDK's metadataHandler (CORS, GET only):
//  - RFC 8414 authorization server metadata at /.well-known/oauth-authorization-server;
//  - RFC 9728 protected resource metadata for the REST API (resource = base URL) at
//    /.well-known/oauth-protected-resource, and for the MCP endpoint (resource = base/mcp) at
//    /.well-known/oauth-protected-resource/mcp (RFC 9728 section 3.1 path insertion).
// Both resources name this server as their authorization server; 401s point at them
// (src/server/auth/bearer.ts, `resource_metadata`).
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { SCOPES } from '../../shared/scopes.js';
import { TOKEN_AUTH_METHODS } from '../services/oauth/clients.js';
import { oauthResources } from '../services/oauth/resources.js';
import { AUTHORIZE_PATH, REGISTRATION_PATH, REVOCATION_PATH, TOKEN_PATH } from '../paths.js';


export function authorizationServerMetadata(baseUrl: string): OAuthMetadata {
  return {
    // RFC 8414 section 2: the issuer is the base URL (no path), so the metadata URL is well-known.
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}${AUTHORIZE_PATH}`,
    token_endpoint: `${baseUrl}${TOKEN_PATH}`,
    registration_endpoint: `${baseUrl}${REGISTRATION_PATH}`,
    revocation_endpoint: `${baseUrl}${REVOCATION_PATH}`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    // PKCE S256 only (RFC 7636; MCP authorization spec requires S256, RFC 9700 section 2.1.1).
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${baseUrl}/en/guides`,
    // RFC 9207: we add `iss` to authorization responses.
    authorization_response_iss_parameter_supported: true,
  };
}

export function protectedResourceMetadata(baseUrl: string, which: 'rest' | 'mcp'): OAuthProtectedResourceMetadata {
  const resources = oauthResources(baseUrl);
  return {
    resource: which === 'rest' ? resources.rest : resources.mcp,
    authorization_servers: [baseUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: which === 'rest' ? 'rcat catalogue REST API' : 'rcat MCP server',
    resource_documentation: `${baseUrl}/en/guides`,
  };
}
