// Slips of the keyboard that the plan builder (./plan-builder.ts) reads through: which near
// spellings of a word or an acronym are likely corrections, by how much more used they are
// than what was typed (test/search-slips.test.ts).
import { oneSwapApart } from './edit-distance.js';
import { ENGLISH_TERM, type InvertedIndex } from './inverted-index.js';
import { DIGITS, type Token } from './search-text.js';

/** A near spelling this many times more used than the word typed is a likely correction. */
export const LIKELY_TYPO = 10;
/** An acronym's letter variants are told apart by use from this length ("qPRC" for qPCR); shorter ones are too often other acronyms. */
export const MIN_SLIP_ACRONYM = 4;

/** A word in at most this many records' fields may be a misspelling of another. */
const RARE_WORD = 3;
/** A slip of a short word is often another word ("mas" for mass). */
export const SHORT_WORD = 5;

/** A short word few records have in `fields`, which may be a misspelling of a common one ("MADI"). */
export function rareWord(index: InvertedIndex, token: Token, fields: number): boolean {
  const t = index.termId(token.word);
  if (t < 0 || token.word.length < 3 || token.word.length > SHORT_WORD + 1 || token.flags & DIGITS) return false;
  return index.postings(t, t + 1, fields) <= RARE_WORD;
}

/** A word of at least this many letters may be a misspelling that some record's text shares. */
const LONG_WORD = 8;

/**
 * A long word few records have in `fields`: typed right it names something rare, but it may
 * also be a misspelling some record's text shares ("flourescence"), read through only to a near
 * spelling LIKELY_TYPO times as used. Shorter words are too often a word part or a real word
 * one letter from a common one ("electro", electron).
 */
export function rareLongWord(index: InvertedIndex, token: Token, fields: number): boolean {
  const t = index.termId(token.word);
  if (t < 0 || token.word.length < LONG_WORD || token.flags & DIGITS) return false;
  return index.postings(t, t + 1, fields) <= RARE_WORD;
}

/**
 * A short word of English names, which among other words may also be a slip of a much commoner
 * one ("mas spectrometer"); a word only other languages' names have ("loi", "sou") is not read
 * as a slip of an English one.
 */
export function englishShortWord(index: InvertedIndex, token: Token): boolean {
  const t = index.termId(token.word);
  return t >= 0 && token.word.length >= 3 && token.word.length <= SHORT_WORD && (index.termFlags[t]! & ENGLISH_TERM) !== 0;
}

/**
 * Near spellings split into the likely corrections of `typed` (each at least LIKELY_TYPO times
 * as used as the spelling typed, counted over `fields`) and the rest. A slip of a common word is
 * likelier than a rare word typed right ("NRM" for NMR, "qPRC" for qPCR).
 */
export function likelyCorrections(index: InvertedIndex, typed: string, near: readonly number[], fields: number): [likely: number[], rest: number[]] {
  const own = index.termId(typed);
  const uses = own < 0 ? 0 : index.postings(own, own + 1, fields);
  const likely: number[] = [];
  const rest: number[] = [];
  for (const t of near) (index.postings(t, t + 1, fields) >= LIKELY_TYPO * (uses + 1) ? likely : rest).push(t);
  return [likely, rest];
}

/**
 * The letter variants of an acronym typed (MIN_SLIP_ACRONYM letters or more) that are likely
 * slips: two neighbours swapped, every letter typed kept ("qPRC" for qPCR, "HLPC" for HPLC), or
 * a variant much more used than what was typed. A letter replaced makes another acronym as
 * often as a slip, so those stay plain variants.
 */
export function likelyVariants(index: InvertedIndex, raw: string, variants: readonly number[]): Set<number> {
  if (raw.length < MIN_SLIP_ACRONYM) return new Set();
  return new Set(variants.filter((t) => oneSwapApart(raw, index.terms[t]!)));
}
