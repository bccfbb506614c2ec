// The public paths of every interface, in one place, so a route and what names it (the OpenAPI
// description, the OAuth metadata, another interface's links) cannot name different things.

/** The REST interface (spec section 4), served by src/server/http/. */
export const REST_PATHS = {
  search: '/api/agent/catalog/search',
  record: '/api/agent/catalog/record',
} as const;

export const OPENAPI_PATH = '/api/agent/openapi.json';

/** The remote MCP endpoint (spec 4.3), served by src/server/mcp/. */
export const MCP_PATH = '/mcp';

/** The authorization endpoint and consent page (spec 5.1), a page served by src/server/web/. */
export const AUTHORIZE_PATH = '/en/connect/authorize';

/** The OAuth protocol endpoints (spec 4.4; RFC 7591, RFC 7009), served by src/server/oauth/. */
export const TOKEN_PATH = '/api/agent/oauth/token';
export const REVOCATION_PATH = '/api/agent/oauth/revoke';
export const REGISTRATION_PATH = '/api/agent/oauth/register';
