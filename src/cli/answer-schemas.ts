// The shared zod schemas of the REST answers the CLI reads, in one chunk loaded on first use
// (./answer-shapes.ts reads the common answers without them).
export { CatalogRecord, SearchQuery, SearchResponse } from '../shared/schemas.js';
export { UsageReport } from '../shared/usage.js';
export { WhoAmI } from '../shared/whoami.js';
