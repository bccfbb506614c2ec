// OpenAPI 3.1 description of the REST interface, version 1.0.0 (spec section 9).
// Schemas are generated from the shared zod schemas, so code and description cannot drift.
import { z } from 'zod';
import { CatalogRecord, QUERY_MAX_CODE_POINTS, QUERY_MIN_CODE_POINTS, SearchResponse } from '../../shared/schemas.js';
import { Problem } from '../../shared/problem.js';
import { ENTITY_ID_PATTERN } from '../../shared/entity-id.js';

export function openApiDocument(baseUrl: string) {
  const problem = { $ref: '#/components/schemas/Problem' };
  const errorResponse = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
    description,
    headers: extraHeaders,
    content: { 'application/problem+json': { schema: problem } },
  });
  const retryAfter = { 'Retry-After': { description: 'Seconds before retrying', schema: { type: 'string' } } };
  const common = {
    '400': errorResponse('Invalid request; the parameters must be corrected'),
    '401': errorResponse('An account must be connected or reconnected', {
      'WWW-Authenticate': { description: 'Bearer challenge with resource_metadata', schema: { type: 'string' } },
    }),
    '403': errorResponse('The account or the scope does not permit access'),
    '429': errorResponse('The shared account/company ceiling is reached', retryAfter),
    '503': errorResponse('Access controls are unavailable; retry later', retryAfter),
  };
  const security = [{ CatalogOAuth: ['catalog:read'] }, { BearerToken: [] }];
  return {
    openapi: '3.1.0',
    info: { title: 'rcat research catalogue API', version: '1.0.0' },
    servers: [{ url: baseUrl }],
    paths: {
      '/api/agent/catalog/search': {
        get: {
          operationId: 'search',
          summary: 'Find up to 20 matching records',
          security,
          parameters: [
            {
              name: 'query',
              in: 'query',
              required: true,
              description: `Search text, ${QUERY_MIN_CODE_POINTS} to ${QUERY_MAX_CODE_POINTS} characters (Unicode code points).`,
              schema: { type: 'string', minLength: QUERY_MIN_CODE_POINTS, maxLength: QUERY_MAX_CODE_POINTS },
            },
          ],
          responses: {
            '200': {
              description: 'Bounded results with canonical citation URLs',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SearchResponse' } } },
            },
            ...common,
          },
        },
      },
      '/api/agent/catalog/record': {
        get: {
          operationId: 'fetch',
          summary: 'Read one equipment, laboratory or technique record',
          security,
          parameters: [
            {
              name: 'id',
              in: 'query',
              required: true,
              description: 'An entity ID previously returned by search (the colon may be percent-encoded as %3A).',
              schema: { type: 'string', pattern: ENTITY_ID_PATTERN.source },
            },
          ],
          responses: {
            '200': {
              description: 'A cited record with explicit evidence limits',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/CatalogRecord' } } },
            },
            ...common,
            '404': errorResponse('The record is missing or unavailable to this catalogue scope'),
          },
        },
      },
    },
    components: {
      schemas: {
        SearchResponse: z.toJSONSchema(SearchResponse, { target: 'draft-2020-12' }),
        CatalogRecord: z.toJSONSchema(CatalogRecord, { target: 'draft-2020-12' }),
        Problem: z.toJSONSchema(Problem, { target: 'draft-2020-12' }),
      },
      securitySchemes: {
        CatalogOAuth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/en/connect/authorize`,
              tokenUrl: `${baseUrl}/api/agent/oauth/token`,
              scopes: {
                'catalog:read': 'Bounded catalogue search and record reads',
                'projects:read': 'Listing permitted project destinations',
                'shortlist:write': 'Saving catalogue items to permitted collections',
              },
            },
          },
        },
        BearerToken: { type: 'http', scheme: 'bearer', description: '30-day scoped agent token from the agent-connections page' },
      },
    },
  };
}
