// Strict query-string parsing for the REST interface (issue 2): every parameter known, none
// repeated, none nested, and the percent-encoding must be UTF-8 (RFC 3986 section 2.5) — a
// malformed query is the client's mistake (400), never silently "repaired" into U+FFFD.
import type { Request } from 'express';
import { invalidRequest } from '../errors.js';

function rawQueryOf(req: Request): string {
  const url = req.originalUrl ?? req.url;
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
}

/** Returns the names of parameters whose percent-encoding is not valid UTF-8. */
function badlyEncoded(raw: string): string[] {
  const bad: string[] = [];
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      let shown = name;
      try {
        shown = decodeURIComponent(name);
      } catch {
        shown = '(undecodable name)';
      }
      bad.push(shown);
    }
  }
  return bad;
}

/** Returns the named single-valued parameters; 400 for unknown, repeated, nested or badly encoded ones. */
export function strictQuery<K extends string>(req: Request, allowed: readonly K[]): Partial<Record<K, string>> {
  const errors: { parameter: string; message: string }[] = [];
  for (const parameter of badlyEncoded(rawQueryOf(req))) {
    errors.push({ parameter, message: 'is not valid UTF-8 percent-encoding' });
  }
  if (errors.length) throw invalidRequest('The query string must be valid UTF-8 percent-encoding.', errors);
  const out: Partial<Record<K, string>> = {};
  for (const [key, value] of Object.entries(req.query)) {
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
