// The rule for a search query (2–120 code points, not only whitespace, well-formed Unicode, no
// control characters) as plain checks, without zod: schemas.ts builds the shared SearchQuery
// schema from this list, and the CLI checks a query with it before it sends one (the schema,
// and zod with it, is loaded only to explain a query that fails).
import { isWellFormedText } from './unicode.js';

export const QUERY_MIN_CODE_POINTS = 2;
export const QUERY_MAX_CODE_POINTS = 120;

/** Length in Unicode code points, the unit of the 2–120 rule (spec 4.1, 8.2). */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** Each check of the rule, in the order the schema applies them, with its message. */
export const QUERY_RULES: readonly { check: (q: string) => boolean; message: string }[] = [
  { check: (q) => codePointLength(q) >= QUERY_MIN_CODE_POINTS, message: `must be at least ${QUERY_MIN_CODE_POINTS} characters` },
  { check: (q) => codePointLength(q) <= QUERY_MAX_CODE_POINTS, message: `must be at most ${QUERY_MAX_CODE_POINTS} characters` },
  { check: (q) => q.trim().length > 0, message: 'must not be only whitespace' },
  // Lone surrogates cannot be encoded as UTF-8 and are never a real query.
  { check: (q) => isWellFormedText(q), message: 'must be well-formed Unicode' },
  { check: (q) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(q), message: 'must not contain control characters' },
];

/** Whether a string meets every check of the rule. */
export function isValidQuery(value: unknown): value is string {
  return typeof value === 'string' && QUERY_RULES.every((rule) => rule.check(value));
}
