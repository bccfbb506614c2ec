// fast-check arbitraries for hostile input shared by the fuzz tests (issue 8): arbitrary and
// binary strings, astral characters, lone surrogates, RTL overrides, control characters,
// percent-encodings, oversized values.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';

/** Code points outside the surrogate block (U+D800–U+DFFF), which a UTF-16 string cannot hold alone. */
const NON_SURROGATES = 0x110000 - 0x800;

/**
 * One code point of any plane, surrogates excepted: fast-check's `unit: 'binary'`, the same values
 * from the same seed (its `fc.nat` over the same 1,112,064 choices, mapped the same way). Built
 * here because fast-check's own builds a map of all 1.1 million code points the first time a
 * string arbitrary of that unit is made (to shrink without context), about 2–4 s of CPU in every
 * test worker that imports a fuzz file; this one computes the reverse of its mapping instead.
 */
export const anyCodePoint: fc.Arbitrary<string> = fc.nat({ max: NON_SURROGATES - 1 }).map(
  (n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800),
  (value) => {
    if (typeof value !== 'string') throw new TypeError('not a string');
    const cp = value.codePointAt(0);
    if (cp === undefined || value.length !== (cp > 0xffff ? 2 : 1) || (cp >= 0xd800 && cp <= 0xdfff)) throw new TypeError('not one code point');
    return cp < 0xd800 ? cp : cp - 0x800;
  },
);

/** fc.string({ unit: 'binary', maxLength }) without its start-up cost (see anyCodePoint). */
export function anyString(maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: anyCodePoint, maxLength });
}

export const hostileText = fc.oneof(
  anyString(200),
  fc.string({ unit: 'grapheme', maxLength: 130 }),
  fc.constantFrom(
    '',
    '\uD800',
    'a\uDC00b',
    '\u202Eabc\u202C',
    '\u0000\u0001\u001b[31m',
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '😀'.repeat(121),
    ' '.repeat(5),
    'x'.repeat(5000),
    '../../etc/passwd',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'javascript:alert(1)',
    '//evil.example/',
  ),
);

/** Any JSON value, including deep nesting and odd keys. */
export const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
  fc.constantFrom(null, [], {}, '__proto__', { __proto__: { polluted: true } }, { constructor: { prototype: { x: 1 } } }),
);

/** encodeURIComponent that does not throw on lone surrogates (sends them as U+FFFD, like a browser). */
export function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.toWellFormed());
  }
}

/**
 * state.json of a data dir for before/after comparisons, without the fields that legitimately
 * move on every use (a token's last use, a session's last sight and idle expiry).
 */
export function guardedState(dataDir: string): string {
  const state = JSON.parse(readFileSync(path.join(dataDir, 'state.json'), 'utf8'));
  // Bookkeeping, not data: last-use times, and the brute-force throttles' failed-attempt counters
  // (a refused sign-in or token request is counted there on purpose, docs/web.md).
  return JSON.stringify(state, (key, value) => (/^(lastUsedAt|lastSeenAt|idleExpiresAt|attemptCounters)$/.test(key) ? undefined : value), 1);
}

/** A compact description of a response for assertion messages. */
export function describeResponse(status: number, body: string): string {
  return `${status} ${body.slice(0, 300)}`;
}

/** fast-check runs: as given in `npm test`, ten times as many in `npm run test:stress`. */
export function runs(n: number): number {
  return process.env.RCAT_STRESS === '1' ? n * 10 : n;
}
