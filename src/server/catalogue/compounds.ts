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
import { COMBINING_FORMS } from './language-rules.js';
import { CAPS, DIGITS, GLUED, type Token } from './search-text.js';
import { ENGLISH_TERM, type InvertedIndex, OTHER_TERM } from './inverted-index.js';

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

/** The index has the word as a word of names or definitions (not only as a derived acronym: "stri", "sche"). */
function isWord(index: InvertedIndex, word: string): boolean {
  const t = index.termId(word);
  return t >= 0 && (index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) !== 0;
}

/**
 * How well the index knows a part: 2 as a word or by its translations, 1 by a cognate or its
 * inflection stem only, 0 not at all.
 */
function knowledge(index: InvertedIndex, word: string): number {
  if (isWord(index, word)) return 2;
  if (index.remembered(`equivalent:${word}`, () => europeanEquivalentTerms(index, word)).length > 0) return 2;
  if (cognateClass(index, word).length > 0) return 1;
  const stem = inflectionStem(word);
  return stem !== word && (isWord(index, stem) || cognateClass(index, stem).length > 0) ? 1 : 0;
}

/** A German plural in -en of a Latin noun in -um as that noun, where the index has it ("quanten" → quantum), or null. */
function latinSingular(index: InvertedIndex, word: string): string | null {
  return word.endsWith('en') && isWord(index, `${word.slice(0, -2)}um`) ? `${word.slice(0, -2)}um` : null;
}

/**
 * A non-final part as the index knows it: a German plural in -en of a Latin noun in -um as that
 * noun ("quanten" → quantum, "zentren" → zentrum, "museen" → museum), as written ("infektions"
 * stays), or without its link where the index knows that better ("automatisierungs", known only
 * by its inflection stem, is read as "automatisierung", a word with translations).
 */
function head(index: InvertedIndex, word: string, level: (w: string) => number): string | null {
  const singular = latinSingular(index, word);
  if (singular) return singular;
  let best: string | null = null;
  let known = 0;
  for (const w of [word, ...LINKS.filter((l) => word.endsWith(l) && word.length - l.length >= MIN_PART).map((l) => word.slice(0, -l.length))]) {
    const k = level(w);
    if (k > known) [best, known] = [w, k];
  }
  return best;
}

/**
 * Fewer parts first, then parts the index knows better ("quantum|information", not
 * "quanteni|formation", whose head only an inflection stem finds), then the most even split
 * ("infektions|biologie", not a short head that happens to be a word).
 */
function better(a: readonly string[], b: readonly string[] | null, known: (w: string) => number): boolean {
  if (!b) return true;
  if (a.length !== b.length) return a.length < b.length;
  const [ka, kb] = [a, b].map((parts) => parts.reduce((sum, p) => sum + known(p), 0));
  if (ka !== kb) return ka! > kb!;
  return Math.min(...a.map((p) => p.length)) > Math.min(...b.map((p) => p.length));
}

/**
 * A compound's parts (two to MAX_PARTS, all known, or else, unless `allKnown`, two of which one
 * is known), or null.
 */
export function compoundParts(index: InvertedIndex, word: string, allKnown = false): string[] | null {
  if (word.length < MIN_COMPOUND || word.length > MAX_COMPOUND || !/^[a-z]+$/.test(word)) return null;
  const memo = new Map<string, number>();
  const level = (w: string) => memo.get(w) ?? (memo.set(w, knowledge(index, w)), memo.get(w)!);
  const isKnown = (w: string) => level(w) > 0;
  const split = (rest: string, parts: number): string[] | null => {
    let best: string[] | null = null;
    for (let at = MIN_PART; at <= rest.length - MIN_PART; at++) {
      const first = head(index, rest.slice(0, at), level);
      if (first === null) continue;
      const tail = rest.slice(at);
      const tails = isKnown(tail) ? [tail] : parts > 2 ? split(tail, parts - 1) : null;
      if (tails && better([first, ...tails], best, level)) best = [first, ...tails];
    }
    return best;
  };
  return split(word, MAX_PARTS) ?? (allKnown ? null : partly(index, word, isKnown));
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
  const asWritten = (w: string) => isWord(index, w) || europeanEquivalents(w, false).length > 0;
  for (const test of [asWritten, isKnown]) {
    let best: string[] | null = null;
    let longest = 0;
    for (let at = MIN_UNKNOWN; at <= word.length - MIN_UNKNOWN; at++) {
      const [first, tail] = [word.slice(0, at), word.slice(at)];
      if (at >= MIN_KNOWN && at > longest && test(first)) [best, longest] = [[first, tail], at];
      else if (tail.length >= MIN_KNOWN && tail.length > longest && test(tail)) [best, longest] = [[first, tail], tail.length];
    }
    // A head in -en of a Latin noun is read as the noun ("quanten|optik" → quantum).
    if (best) return [latinSingular(index, best[0]!) ?? best[0]!, best[1]!];
  }
  return null;
}

/** A compound of the query split into parts: the whole word is a reading of all of them (./query-plan.ts). */
export interface SplitCompound {
  word: string;
  parts: readonly Token[];
}

/** Learned prefixes that are no part of a compound of words ("inter|nacional", "trans|disciplinaire"). */
const PREFIXES = new Set(['inter', 'intra', 'trans', 'super', 'ultra', 'infra', 'extra', 'multi', 'pluri', 'hyper', 'meso', 'tele']);
/** The last part of a compound of words is this long at least: not an ending ("institut|ions", "molecul|aires"). */
const MIN_HEAD = 6;
/** Endings of French and Spanish words that no Germanic or Hungarian compound has ("therapeu|tiques", "fina|cement"). */
const ROMANCE_ENDING = /(?:iques?|aires?|ales|elles?|ions|ites|ements?|aines?|formes)$/;

/**
 * The parts of a compound the index has as a word, where it is made of words: every part known as
 * a word or by its translations, the last one of MIN_HEAD letters, none before it a learned
 * prefix or a combining form ("neuro|biologie", "agri|cultura", "poly|technique": one learned
 * word, not a compound), nor the word a French or Spanish one by its ending; or null.
 */
function wholeParts(index: InvertedIndex, word: string): string[] | null {
  const parts = ROMANCE_ENDING.test(word) ? null : compoundParts(index, word, true);
  if (!parts || parts[parts.length - 1]!.length < MIN_HEAD) return null;
  const learned = (p: string) => /[oi]$/.test(p) || PREFIXES.has(p) || COMBINING_FORMS.includes(p);
  return parts.every((p, i) => knowledge(index, p) === 2 && (i === parts.length - 1 || !learned(p))) ? parts : null;
}

/**
 * A word no English name has: one the index has only in names in another language, or only as the
 * joined form of two words written with a hyphen ("Diabetes-Forschung"); an English name may say
 * it in two words.
 */
function otherLanguageOnly(index: InvertedIndex, word: string): boolean {
  const t = index.termId(word);
  return t >= 0 && (index.termFlags[t]! & ENGLISH_TERM) === 0;
}

/** Parts not all words of English names: English writes its compounds apart, so "thermalgravimetric" is a slip of one word. */
function notEnglish(index: InvertedIndex, parts: string[] | null): string[] | null {
  const english = (p: string) => {
    const t = index.termId(p);
    return t >= 0 && (index.termFlags[t]! & ENGLISH_TERM) !== 0;
  };
  return parts && !parts.every(english) ? parts : null;
}

/**
 * The query's tokens with each compound replaced by its parts, where the compound as written
 * finds nothing (`findsAlone`: no word, stem, cognate, completion, acronym or slip of one), or is
 * a word no English name has, or one only a slip of another finds ("Werkstoffmechanik", two
 * edits from "werkstofftechnik"), and splits into parts the index all knows ("Diabetesforschung":
 * another record has it, or its "Diabetes-Forschung", the Institute of Diabetes Research has its
 * parts).
 * Each compound split is added to `wholes`.
 */
export function splitCompounds(index: InvertedIndex, tokens: readonly Token[], findsAlone: (token: Token) => boolean | 'slip', wholes: SplitCompound[] = []): Token[] {
  const out: Token[] = [];
  let tries = MAX_SPLIT_PER_QUERY;
  for (const token of tokens) {
    const long = !(token.flags & (CAPS | DIGITS)) && token.word.length >= MIN_COMPOUND && token.word.length <= MAX_COMPOUND;
    let parts: string[] | null = null;
    if (long && tries > 0) {
      const found = findsAlone(token);
      if (!found) parts = tries-- > 0 ? compoundParts(index, token.word) : null;
      else if (otherLanguageOnly(index, token.word)) parts = tries-- > 0 ? wholeParts(index, token.word) : null;
      else if (found === 'slip') parts = tries-- > 0 ? notEnglish(index, wholeParts(index, token.word)) : null;
    }
    if (!parts) {
      out.push(token);
      continue;
    }
    // The second part is written right after the first: GLUED, as in "thermo-cycler".
    const split = parts.map((part, i) => ({ word: part, raw: part, flags: i === 0 ? token.flags : token.flags | GLUED }));
    out.push(...split);
    wholes.push({ word: token.word, parts: split });
  }
  return out;
}
