// OpenAPI 3.1 description of the REST interface, version 1.0.0 (spec section 9): the two
// operations of spec section 4 with every status they produce, the RFC 9457 problem body, the
// `CatalogOAuth` scheme (spec section 5.1) and bearer agent tokens (5.5). Schemas are generated
// from the shared zod schemas the routes use, so code and description cannot drift;
// test/openapi-document.test.ts checks real responses against this document.
import { z } from 'zod';
import { ENTITY_ID_PATTERN } from '../../shared/entity-id.js';
import { Problem } from '../../shared/problem.js';
import { CatalogRecord, QUERY_MAX_CODE_POINTS, QUERY_MIN_CODE_POINTS, SEARCH_RESULT_LIMIT, SearchResponse } from '../../shared/schemas.js';
import { SCOPE_DESCRIPTIONS } from '../../shared/scopes.js';
import { AUTHORIZE_PATH, REST_PATHS, TOKEN_PATH } from '../paths.js';

export const OPENAPI_VERSION = '1.0.0';

/** A component schema: JSON Schema 2020-12 (the OpenAPI 3.1 dialect) without its own `$schema`. */
function component(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

const stringHeader = (description: string, required = false) => ({ description, required, schema: { type: 'string' } });

// RateLimit and RateLimit-Policy follow draft-ietf-httpapi-ratelimit-headers (src/server/limits/).
const rateLimitHeaders = {
  RateLimit: stringHeader('Remaining quota per window, e.g. "account-minute";r=29;t=42'),
  'RateLimit-Policy': stringHeader('Quota per window, e.g. "account-minute";q=30;w=60'),
};

const problem = { $ref: '#/components/schemas/Problem' };
const errorResponse = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers,
  content: { 'application/problem+json': { schema: problem } },
});
const challenge = stringHeader('RFC 6750 Bearer challenge with realm and resource_metadata (RFC 9728); error="invalid_token" or "insufficient_scope" with the scope needed', true);
const retryAfter = stringHeader('Seconds before retrying (RFC 9110 section 10.2.3)', true);

/** The error answers both operations share (src/server/error-answers.ts words them). */
const COMMON_RESPONSES = {
  '400': errorResponse('Invalid request; the parameters must be corrected (missing, repeated, unknown or out-of-bounds parameter). `errors` names each parameter.'),
  '401': errorResponse('An account must be connected or reconnected: no, malformed, unknown, expired or revoked token.', { 'WWW-Authenticate': challenge }),
  '403': errorResponse('The account or the scope does not permit access: a disabled account (code account_disabled) or a token without catalog:read (code insufficient_scope, `requiredScope` names it).', {
    'WWW-Authenticate': { ...challenge, required: false },
  }),
  '429': errorResponse('The shared account/company ceiling is reached (per minute, day or month).', { 'Retry-After': retryAfter, ...rateLimitHeaders }),
  '503': errorResponse('Access controls are unavailable; retry later.', { 'Retry-After': retryAfter }),
  default: errorResponse('Unexpected server error (code internal_error); details are never shown.'),
};
const SECURITY = [{ CatalogOAuth: ['catalog:read'] }, { BearerToken: [] }];
const ok = (description: string, schemaName: string) => ({
  description,
  headers: rateLimitHeaders,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } },
});

const SEARCH_OPERATION = {
  operationId: 'search',
  summary: `Find up to ${SEARCH_RESULT_LIMIT} matching records`,
  description: '`truncated` is true exactly when more records matched than were returned; refine a broad query.',
  security: SECURITY,
  parameters: [
    {
      name: 'query',
      in: 'query',
      required: true,
      description: `Search text, ${QUERY_MIN_CODE_POINTS} to ${QUERY_MAX_CODE_POINTS} characters counted in Unicode code points; not only whitespace; no control characters. Given exactly once; no other parameter is accepted.`,
      schema: { type: 'string', minLength: QUERY_MIN_CODE_POINTS, maxLength: QUERY_MAX_CODE_POINTS },
      example: 'scanning electron microscope',
    },
  ],
  responses: { '200': ok('Bounded results with canonical citation URLs', 'SearchResponse'), ...COMMON_RESPONSES },
};

const RECORD_OPERATION = {
  operationId: 'fetch',
  summary: 'Read one equipment, laboratory or technique record',
  security: SECURITY,
  parameters: [
    {
      name: 'id',
      in: 'query',
      required: true,
      description: 'An entity ID previously returned by search; the colon may be percent-encoded as %3A. Given exactly once; no other parameter is accepted.',
      schema: { type: 'string', pattern: ENTITY_ID_PATTERN.source },
      example: 'equipment:01f64305-6783-561b-b76e-40ab839deeb7',
    },
  ],
  responses: {
    '200': ok('A cited record with explicit evidence limits', 'CatalogRecord'),
    ...COMMON_RESPONSES,
    '404': errorResponse('The record is missing or unavailable to this catalogue scope (code not_found).'),
  },
};

function components(baseUrl: string) {
  return {
    schemas: {
      SearchResponse: component(SearchResponse),
      CatalogRecord: component(CatalogRecord),
      // Every error body has exactly these fields (RFC 9457 plus a stable `code`).
      Problem: component(z.strictObject(Problem.shape)),
    },
    securitySchemes: {
      CatalogOAuth: {
        type: 'oauth2',
        description: 'OAuth 2.0 authorization code flow with PKCE; the user signs in and reviews the client, return address and scopes.',
        flows: {
          authorizationCode: {
            authorizationUrl: `${baseUrl}${AUTHORIZE_PATH}`,
            tokenUrl: `${baseUrl}${TOKEN_PATH}`,
            scopes: { ...SCOPE_DESCRIPTIONS },
          },
        },
      },
      BearerToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'A scoped agent token (30 days) from the agent-connections page or `rcat-server token create`; the same token works for /mcp.',
      },
    },
  };
}

export function openApiDocument(baseUrl: string) {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'rcat research catalogue API',
      version: OPENAPI_VERSION,
      description:
        'Bounded search and record reads over a catalogue of research equipment, laboratories and techniques. Record text is evidence only; a listing confirms no eligibility, price or availability, and a record update is not a verification of the facility.',
    },
    servers: [{ url: baseUrl }],
    paths: {
      [REST_PATHS.search]: { get: SEARCH_OPERATION },
      [REST_PATHS.record]: { get: RECORD_OPERATION },
    },
    components: components(baseUrl),
  };
}
