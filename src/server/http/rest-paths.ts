// The paths of the REST interface (spec section 4), shared by the routes and their OpenAPI
// description so the two cannot name different things.
export const REST_PATHS = {
  search: '/api/agent/catalog/search',
  record: '/api/agent/catalog/record',
} as const;

export const OPENAPI_PATH = '/api/agent/openapi.json';
