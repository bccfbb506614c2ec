// The wire shapes of the interface spec (section 2), shared by server, CLI and tests.
// Every object is strict: the spec says "No other fields are allowed".
import { z } from 'zod';
import { codePointLength, QUERY_MAX_CODE_POINTS, QUERY_MIN_CODE_POINTS, QUERY_RULES } from './query-rule.js';
import { ENTITY_ID_PATTERN, ENTITY_TYPES } from './entity-id.js';
import { SEARCH_RESULT_LIMIT } from './limits.js';

export { SEARCH_RESULT_LIMIT };

export { QUERY_MIN_CODE_POINTS, QUERY_MAX_CODE_POINTS, codePointLength };

export const EntityId = z.string().regex(ENTITY_ID_PATTERN, 'must be an entity ID such as technique:<uuid>');

/** One rule for the search query, used by REST, MCP and the CLI (its checks: query-rule.ts). */
export const SearchQuery = QUERY_RULES.reduce((schema, rule) => schema.refine(rule.check, { message: rule.message }), z.string());

export const SearchResultItem = z.strictObject({
  id: EntityId,
  title: z.string(),
  url: z.url(),
});
export type SearchResultItem = z.infer<typeof SearchResultItem>;

export const SearchResponse = z.strictObject({
  results: z.array(SearchResultItem).max(SEARCH_RESULT_LIMIT),
  truncated: z.boolean(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * A string or null. Written so that its JSON Schema is `anyOf: [{type: string}, {type: null}]`
 * rather than `type: ["string", "null"]`: both accept the same values, but strict schema
 * checkers (the MCP Inspector's `--strict`, single-type dialects such as Gemini's function
 * declarations) warn about or refuse type arrays. zod keeps the two branches apart when the
 * string branch carries its own description.
 */
export function nullableText(description: string) {
  return z.string().meta({ description }).nullable();
}

export const RecordMetadata = z.strictObject({
  entityType: z.enum(ENTITY_TYPES),
  updatedAt: nullableText('Record update date from the source (YYYY-MM-DD), or null when the source gives none; not a verification'),
  verifiedAt: z.null(),
  sourceUrls: z.array(z.url()),
  availability: z.literal('unknown'),
  limitations: z.array(z.string()),
});
export type RecordMetadata = z.infer<typeof RecordMetadata>;

export const CatalogRecord = z.strictObject({
  id: EntityId,
  title: z.string(),
  url: z.url(),
  text: z.string(),
  metadata: RecordMetadata,
});
export type CatalogRecord = z.infer<typeof CatalogRecord>;
