// The typo pass's bounded edit distance (src/server/catalogue/inverted-index.ts) answers exactly
// as the textbook Levenshtein table does, for every bound: its one-edit scan and its diagonal
// band are shortcuts, not approximations (the golden ranking check relies on it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistanceWithin } from '../src/server/catalogue/inverted-index.js';

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

// Small alphabets make near strings (and so every branch of the shortcuts) likely.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '\u{1F52C}'), maxLength: 12 });

describe('editDistanceWithin', () => {
  it('agrees with the full Levenshtein table for bounds 0 to 3', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(editDistanceWithin(a, b, max)).toBe(levenshtein(a, b) <= max);
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees on a word and its one-letter edits', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 15 }), fc.nat(), fc.constantFrom('delete', 'insert', 'replace', 'swap'), (w, at, edit) => {
        const i = at % w.length;
        const edited =
          edit === 'delete' ? w.slice(0, i) + w.slice(i + 1)
          : edit === 'insert' ? `${w.slice(0, i)}x${w.slice(i)}`
          : edit === 'replace' ? `${w.slice(0, i)}x${w.slice(i + 1)}`
          : w.slice(0, i) + w.slice(i + 1, i + 2) + w.slice(i, i + 1) + w.slice(i + 2);
        for (const max of [0, 1, 2]) expect(editDistanceWithin(w, edited, max)).toBe(levenshtein(w, edited) <= max);
      }),
      { numRuns: 5_000 },
    );
  });
});
