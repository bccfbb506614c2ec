// Strict query-string parsing: every parameter known, none repeated (issue 2).
import type { Request } from 'express';
import { invalidRequest } from '../errors.js';

/** Returns the named single-valued parameters; 400 for unknown, repeated or non-string ones. */
export function strictQuery<K extends string>(req: Request, allowed: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  const errors: { parameter: string; message: string }[] = [];
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
