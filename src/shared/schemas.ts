// The wire shapes of the interface spec (section 2), shared by server, CLI and tests.
// Every object is strict: the spec says "No other fields are allowed".
import { z } from 'zod';
import { isWellFormedText } from './unicode.js';
import { ENTITY_ID_PATTERN, ENTITY_TYPES } from './entity-id.js';
import { SEARCH_RESULT_LIMIT } from './limits.js';

export { SEARCH_RESULT_LIMIT };

export const QUERY_MIN_CODE_POINTS = 2;
export const QUERY_MAX_CODE_POINTS = 120;

/** Length in Unicode code points, the unit of the 2–120 rule (spec 4.1, 8.2). */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export const EntityId = z.string().regex(ENTITY_ID_PATTERN, 'must be an entity ID such as technique:<uuid>');

/** One rule for the search query, used by REST, MCP and the CLI. */
export const SearchQuery = z
  .string()
  .refine((q) => codePointLength(q) >= QUERY_MIN_CODE_POINTS, {
    message: `must be at least ${QUERY_MIN_CODE_POINTS} characters`,
  })
  .refine((q) => codePointLength(q) <= QUERY_MAX_CODE_POINTS, {
    message: `must be at most ${QUERY_MAX_CODE_POINTS} characters`,
  })
  .refine((q) => q.trim().length > 0, { message: 'must not be only whitespace' })
  // Lone surrogates cannot be encoded as UTF-8 and are never a real query.
  .refine((q) => isWellFormedText(q), { message: 'must be well-formed Unicode' })
  .refine((q) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(q), {
    message: 'must not contain control characters',
  });

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
