// Compound words of German, Dutch, the Nordic languages, Hungarian and Finnish, split when a query
// has one that no record has: "Infektionsbiologie" is searched as "Infektions Biologie", so it
// finds the "Institute for Infection Biology" through each part's cognates (./plan-builder.ts);
// "Agrarlandschaftsforschung" as three parts, "forskningsinstitutt" as two. A part may carry a
// linking element ("s", "es", "n", "en", "e") between it and the next. A word the index can find
// in any way (a word, stem, cognate, translation, completion, acronym, or a slip of one) is
// never split: splitting only ever applies where the word as written would find nothing.
import { europeanEquivalents, europeanEquivalentTerms } from './european-words.js';
import { inflectionStem } from './inflections.js';
import { cognateClass } from './word-classes.js';
import { CAPS, DIGITS, GLUED, type Token } from './search-text.js';
import type { InvertedIndex } from './inverted-index.js';

/** Only words this long are tried, and each part has at least MIN_PART letters. */
const MIN_COMPOUND = 10;
/** Nor longer ones: three parts of a real compound fit ("Agrarlandschaftsforschung" has 25 letters), and the splits tried grow with the square of the length (a 120-letter run of kana read in Latin letters took 150 ms, a 40-letter one several). */
const MAX_COMPOUND = 36;
/** At most this many long words of one query are tried (a name has a compound or two; a run of unknown words would each cost a split). */
const MAX_SPLIT_PER_QUERY = 3;
const MIN_PART = 4;
/** A compound is split into at most this many parts. */
const MAX_PARTS = 3;
/** Linking elements that may end a part that is not the last, longest first. */
const LINKS = ['es', 'en', 's', 'n', 'e'] as const;

/** The index has the word, a cognate of it, a translation of it, or its inflection stem. */
function known(index: InvertedIndex, word: string): boolean {
  if (index.termId(word) >= 0 || cognateClass(index, word).length > 0) return true;
  if (index.remembered(`equivalent:${word}`, () => europeanEquivalentTerms(index, word)).length > 0) return true;
  const stem = inflectionStem(word);
  return stem !== word && (index.termId(stem) >= 0 || cognateClass(index, stem).length > 0);
}

/** A non-final part as the index knows it: as written ("infektions" stays), or without its link. */
function head(word: string, isKnown: (w: string) => boolean): string | null {
  if (isKnown(word)) return word;
  for (const link of LINKS) {
    if (word.endsWith(link) && word.length - link.length >= MIN_PART && isKnown(word.slice(0, -link.length))) return word.slice(0, -link.length);
  }
  return null;
}

/** Fewer parts first, then the most even split: "infektions|biologie", not a short head that happens to be a word. */
function better(a: readonly string[], b: readonly string[] | null): boolean {
  if (!b) return true;
  if (a.length !== b.length) return a.length < b.length;
  return Math.min(...a.map((p) => p.length)) > Math.min(...b.map((p) => p.length));
}

/** A compound's parts (two to MAX_PARTS, all known, or else two of which one is known), or null. */
export function compoundParts(index: InvertedIndex, word: string): string[] | null {
  if (word.length < MIN_COMPOUND || word.length > MAX_COMPOUND || !/^[a-z]+$/.test(word)) return null;
  const memo = new Map<string, boolean>();
  const isKnown = (w: string) => memo.get(w) ?? (memo.set(w, known(index, w)), memo.get(w)!);
  const split = (rest: string, parts: number): string[] | null => {
    let best: string[] | null = null;
    for (let at = MIN_PART; at <= rest.length - MIN_PART; at++) {
      const first = head(rest.slice(0, at), isKnown);
      if (first === null) continue;
      const tail = rest.slice(at);
      const tails = isKnown(tail) ? [tail] : parts > 2 ? split(tail, parts - 1) : null;
      if (tails && better([first, ...tails], best)) best = [first, ...tails];
    }
    return best;
  };
  return split(word, MAX_PARTS) ?? partly(index, word, isKnown);
}

/** A part of this length at least may be left unknown, one of two, beside a known one of MIN_KNOWN. */
const MIN_UNKNOWN = 5;
const MIN_KNOWN = 6;

/**
 * Two parts of which only one is known ("környezet|biztonsági": the environment is found, the
 * security is a word no record has), the known one as long as possible. It is looked for first
 * among words the index or the generic words have as written ("umwelt|entscheidungen", not
 * "umwelten|tscheidungen"), then as for any part. The unknown part stays a word of the query:
 * it may still give an initial ("EKBI").
 */
function partly(index: InvertedIndex, word: string, isKnown: (w: string) => boolean): string[] | null {
  const asWritten = (w: string) => index.termId(w) >= 0 || europeanEquivalents(w, false).length > 0;
  for (const test of [asWritten, isKnown]) {
    let best: string[] | null = null;
    let longest = 0;
    for (let at = MIN_UNKNOWN; at <= word.length - MIN_UNKNOWN; at++) {
      const [first, tail] = [word.slice(0, at), word.slice(at)];
      if (at >= MIN_KNOWN && at > longest && test(first)) [best, longest] = [[first, tail], at];
      else if (tail.length >= MIN_KNOWN && tail.length > longest && test(tail)) [best, longest] = [[first, tail], tail.length];
    }
    if (best) return best;
  }
  return null;
}

/**
 * The query's tokens with each compound replaced by its parts, where the compound as written
 * finds nothing (`findsAlone`: no word, stem, cognate, completion, acronym or slip of one).
 */
export function splitCompounds(index: InvertedIndex, tokens: readonly Token[], findsAlone: (token: Token) => boolean): Token[] {
  const out: Token[] = [];
  let tries = MAX_SPLIT_PER_QUERY;
  for (const token of tokens) {
    const long = !(token.flags & (CAPS | DIGITS)) && token.word.length >= MIN_COMPOUND && token.word.length <= MAX_COMPOUND;
    const parts = !long || tries <= 0 || findsAlone(token) || tries-- <= 0 ? null : compoundParts(index, token.word);
    if (!parts) out.push(token);
    // The second part is written right after the first: GLUED, as in "thermo-cycler".
    else parts.forEach((part, i) => out.push({ word: part, raw: part, flags: i === 0 ? token.flags : token.flags | GLUED }));
  }
  return out;
}
