// Compound words of German, Dutch and the Scandinavian languages, split when a query has one that
// no record has: "Infektionsbiologie" is searched as "Infektions Biologie", so it finds the
// "Institute for Infection Biology" through each part's cognates (./plan-builder.ts). A word the
// index can find in any way (a word, stem, cognate, completion, acronym, or a slip of one) is
// never split: splitting only ever applies where the word as written would find nothing.
import { cognateClass } from './word-classes.js';
import { CAPS, DIGITS, GLUED, type Token } from './search-text.js';
import type { InvertedIndex } from './inverted-index.js';

/** Only words this long are tried, and each part has at least MIN_PART letters. */
const MIN_COMPOUND = 10;
const MIN_PART = 4;

/** The index has the word, or a word of another language with its cognate key. */
function known(index: InvertedIndex, word: string): boolean {
  return index.termId(word) >= 0 || cognateClass(index, word).length > 0;
}

/** A compound's two parts (a linking "s" between them kept on the first), or null. */
export function compoundParts(index: InvertedIndex, word: string): [string, string] | null {
  if (word.length < MIN_COMPOUND || !/^[a-z]+$/.test(word)) return null;
  let best: [string, string] | null = null;
  for (let at = MIN_PART; at <= word.length - MIN_PART; at++) {
    const head = word.slice(0, at);
    const tail = word.slice(at);
    const headKnown = known(index, head) || (head.endsWith('s') && head.length > MIN_PART && known(index, head.slice(0, -1)));
    if (!headKnown || !known(index, tail)) continue;
    // The most even split: "infektions|biologie", not a short head that happens to be a word.
    if (!best || Math.min(head.length, tail.length) > Math.min(best[0].length, best[1].length)) best = [head, tail];
  }
  return best;
}

/**
 * The query's tokens with each compound replaced by its two parts, where the compound as written
 * finds nothing (`findsAlone`: no word, stem, cognate, completion, acronym or slip of one).
 */
export function splitCompounds(index: InvertedIndex, tokens: readonly Token[], findsAlone: (token: Token) => boolean): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    const parts = token.flags & (CAPS | DIGITS) || token.word.length < MIN_COMPOUND || findsAlone(token) ? null : compoundParts(index, token.word);
    if (!parts) out.push(token);
    // The second part is written right after the first: GLUED, as in "thermo-cycler".
    else parts.forEach((part, i) => out.push({ word: part, raw: part, flags: i === 0 ? token.flags : token.flags | GLUED }));
  }
  return out;
}
