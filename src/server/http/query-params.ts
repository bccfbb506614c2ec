// Strict query-string parsing for the REST interface (issue 2): every parameter known, none
// repeated, none nested, and the percent-encoding must be UTF-8 (RFC 3986 section 2.5) — a
// malformed query is the client's mistake (400), never silently "repaired" into U+FFFD. The
// same UTF-8 check is Express's query parser for every other route (strictQueryParser).
// Parsing is node:querystring's (what Express's "simple" query parser uses), so the REST
// routes served outside Express (./rest.ts) and the Express routes read a query the same way.
import { parse, type ParsedUrlQuery } from 'node:querystring';
import { malformedPercentEncoding } from '../../shared/unicode.js';
import { invalidRequest } from '../errors.js';

/** 400 when the query's percent-encoding is malformed or not UTF-8 (the one check: src/shared/unicode.ts). */
function refuseMalformed(raw: string): void {
  const errors = malformedPercentEncoding(raw).map((parameter) => ({ parameter, message: 'is not valid UTF-8 percent-encoding' }));
  if (errors.length) throw invalidRequest('The query string must be valid UTF-8 percent-encoding.', errors);
}

/**
 * Express's "query parser" for every other route (pages, the authorization endpoint, OAuth):
 * node:querystring, as Express's "simple" parser, after the same check, so a malformed query is
 * a 400 in the route's own dialect wherever `req.query` is read, never text "repaired" into
 * U+FFFD (node:querystring's fallback for bad escapes).
 */
export function strictQueryParser(raw: string | null | undefined): ParsedUrlQuery {
  if (!raw) return {};
  refuseMalformed(raw);
  return parse(raw);
}

/** The raw query of a request target: after the first "?", without a fragment. */
export function rawQueryOf(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  const hash = url.indexOf('#', q);
  return hash === -1 ? url.slice(q + 1) : url.slice(q + 1, hash);
}

/**
 * The named single-valued parameters of a raw query string; 400 for unknown, repeated, nested
 * or badly encoded ones.
 */
export function strictQueryString<K extends string>(raw: string, allowed: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  if (raw === '') return out;
  refuseMalformed(raw);
  const errors: { parameter: string; message: string }[] = [];
  for (const [key, value] of Object.entries(parse(raw))) {
    if (!(allowed as readonly string[]).includes(key)) {
      errors.push({ parameter: key, message: 'unknown parameter' });
    } else if (typeof value !== 'string') {
      errors.push({ parameter: key, message: 'must be given exactly once' });
    } else {
      out[key as K] = value;
    }
  }
  if (errors.length) throw invalidRequest('The query parameters must be corrected.', errors);
  return out;
}

/** strictQueryString for an Express request (its original URL, before any mount-path rewrite). */
export function strictQuery<K extends string>(req: { originalUrl?: string; url?: string }, allowed: readonly K[]): Partial<Record<K, string>> {
  return strictQueryString(rawQueryOf(req.originalUrl ?? req.url ?? ''), allowed);
}
