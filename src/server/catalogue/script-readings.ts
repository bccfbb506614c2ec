// A query word in another alphabet (Cyrillic, Greek, Armenian, Georgian) also read in Latin
// letters (./transliterate.ts), each reading through the plan builder's usual alternatives
// (the word, its stem class, cognates, generic-word equivalents), counted below the word as
// typed: a record whose name is written in that alphabet still comes first. A generic word
// of another alphabet (./script-words.ts, Devanagari and Arabic script too) also matches the
// English words it means and their equivalents, weighed like an EQUIVALENTS word.
import { NAME_FIELDS } from './plan-quality.js';
import { isArabicScript, loanwordTerms } from './arabic-script.js';
import { consonantTerms, spelledLetters } from './brahmic-script.js';
import { ALT, BODY, CONTEXT, TITLE } from './inverted-index.js';
import { canonicalSpelling, EQUIVALENTS } from './language-rules.js';
import type { PlanBuilder } from './plan-builder.js';
import { scriptWordMeaning } from './script-words.js';
import { ABBREVIATED, CAPS, CJK, DIGITS, type Token } from './search-text.js';
import { otherRomanisations } from './romanisations.js';
import { latinLetters, latinReadings } from './transliterate.js';

/** How much an alternative found through a Latin reading counts of what it would for a word typed in Latin. */
export const TRANSLITERATED = 0.9;
/** A reading no index word has or begins is read by its longest beginning of at least this many letters. */
const MIN_BEGINNING = 5;
/** Quality of such a beginning, as a completion's. */
const BEGINNING = 0.6;
const LATIN = /^[a-z0-9]*$/;
const WORD_FIELDS = (1 << TITLE) | (1 << ALT) | (1 << CONTEXT) | (1 << BODY);

/**
 * Adds the alternatives of `token`'s Latin readings and generic meaning to `b`, the meaning at
 * `equivalent` (an EQUIVALENTS word's quality); true when any was found.
 */
export function readInLatin(b: PlanBuilder, token: Token, bit: number, equivalent: number): boolean {
  if (token.flags & CJK) return false;
  if (LATIN.test(token.word)) return romanised(b, token.word, bit);
  const readings = latinReadings(token.word);
  let found = meaning(b, scriptWordMeaning(token.word, null), bit, equivalent);
  if (readings.length === 0) found = spelledAcronym(b, token.word, bit) || found;
  // A word also found by meaning is read by its consonants too when they say much (a table
  // word with an ending: "ടെക്നോളജിക്കൽ" technological, not only technology).
  if (readings.length === 0) return found ? loanword(b, token.word, bit, SPECIFIC_SKELETON) || found : loanword(b, token.word, bit);
  const start = b.alternatives.length;
  // A reading that happens to be an abbreviation ("med") is not weighed as one typed.
  const abbreviations = b.abbreviations;
  for (const r of readings) {
    const word = canonicalSpelling(r.word);
    found = b.words({ word, raw: word, flags: token.flags & ABBREVIATED }, bit, r.beginning) || found;
  }
  if (!found) found = longestBeginning(b, readings.map((r) => canonicalSpelling(r.word)), bit);
  b.abbreviations = abbreviations;
  for (let i = start; i < b.alternatives.length; i++) b.alternatives[i]!.quality *= TRANSLITERATED;
  // Generic words' meanings count as equivalents do, not scaled: a translation, not a spelling.
  return meaning(b, scriptWordMeaning(token.word, readings[0]!.word), bit, equivalent) || found;
}

/** The English words `english` and their equivalents, as a generic word's (EQUIVALENTS). */
function meaning(b: PlanBuilder, english: readonly string[] | undefined, bit: number, quality: number): boolean {
  if (!english) return false;
  const words = new Set(english.flatMap((w) => [w, ...(EQUIVALENTS[w] ?? [])]));
  const terms = [...words].map((w) => b.index.termId(w)).filter((t) => t >= 0);
  b.list(terms, quality, bit, WORD_FIELDS);
  if (terms.length > 0) b.equivalents |= bit;
  return terms.length > 0;
}

/** An acronym written as the names of its Latin letters ("सीएसआईआर" CSIR), read as one, below those typed. */
function spelledAcronym(b: PlanBuilder, word: string, bit: number): boolean {
  const written = b.written.get(word);
  const letters = written ? spelledLetters(written) : null;
  if (!letters) return false;
  const start = b.alternatives.length;
  const found = b.acronym(letters, bit, true, true);
  for (let i = start; i < b.alternatives.length; i++) b.alternatives[i]!.quality *= TRANSLITERATED;
  return found;
}

/** A word this short is not read in another romanisation. */
const MIN_ROMANISED = 4;

/** A Latin word no record has in another romanisation of Japanese the index has ("kobayashi" → kobayasi). */
function romanised(b: PlanBuilder, word: string, bit: number): boolean {
  if (word.length < MIN_ROMANISED || b.index.termId(word) >= 0 || !ROMAJI.test(word)) return false;
  let found = false;
  for (const w of otherRomanisations(word)) found = b.term(w, TRANSLITERATED, bit, WORD_FIELDS) || found;
  return found;
}
/** Letters Japanese romanised (Hepburn, Kunrei) is written in. */
const ROMAJI = /^[abdefghijkmnoprstuwyz]+$/;

/** How much a word found by an Arabic-script loanword's consonants (./arabic-script.ts) counts. */
const LOANWORD = 0.8;
/** A skeleton of this many consonants is looked up for a word found by meaning too (./brahmic-script.ts). */
const SPECIFIC_SKELETON = 5;

/** The index's words an Arabic-script, Indian-script or Hebrew word spells by its consonants (a European loanword, a name). */
function loanword(b: PlanBuilder, word: string, bit: number, minSkeleton = 0): boolean {
  if (minSkeleton > 0 && isArabicScript(word)) return false;
  const terms = isArabicScript(word) ? loanwordTerms(b.index, word) : consonantTerms(b.index, word, b.written.get(word) ?? word, minSkeleton);
  b.list(terms, LOANWORD, bit, WORD_FIELDS);
  return terms.length > 0;
}

const VOWEL = /[aeiouy]/;

/**
 * The longest beginning of a reading that begins index words, as a completion, for a language
 * whose endings are not known here: at least MIN_BEGINNING letters, ending in a consonant
 * before a vowel, where a root meets an ending ("modelavorman" → model…, not modela…).
 */
function longestBeginning(b: PlanBuilder, words: readonly string[], bit: number): boolean {
  let best: [number, number] | null = null;
  let length = 0;
  for (const w of words) {
    for (let n = w.length - 1; n >= MIN_BEGINNING && n > length; n--) {
      if (VOWEL.test(w[n - 1]!) || !VOWEL.test(w[n]!)) continue;
      const [from, to] = b.index.prefixRange(w.slice(0, n));
      if (to > from) {
        best = [from, to];
        length = n;
        break;
      }
    }
  }
  if (!best) return false;
  b.alternatives.push({ terms: null, from: best[0], to: best[1], quality: BEGINNING, units: bit, fields: WORD_FIELDS, acronym: null, syllabic: false });
  return true;
}

/** A run of at most this many query words may spell out an acronym (as ./plan-builder.ts). */
const MAX_SPELLED_OUT = 6;
/**
 * Runs of at least this many words: the Latin initials of a name in another language match
 * only its own transliterated acronym, and three letters would meet unrelated ones
 * ("Ֆիզիկայի Մոդելավորման Ինստիտուտ" is not FMI, the Friedrich Miescher Institute).
 */
const MIN_SPELLED_OUT = 4;

/**
 * Acronyms of other alphabets in Latin letters: a word in capitals ("ВНИИМК" → VNIIMK) and
 * runs of four words or more of a query in another alphabet spelling out a name's acronym
 * by their Latin initials ("Научно-Исследовательский и Конструкторский Институт Монтажной
 * Технологии" → NIKIMT), below those read as typed.
 */
export function acronymsInLatin(b: PlanBuilder, units: readonly Token[], maxUnits: number, spelledOut: number): void {
  const latin = units.map((u) => (u.flags & DIGITS || LATIN.test(u.raw) ? null : latinLetters(u.raw)));
  if (latin.every((l) => l === null)) return;
  const start = b.alternatives.length;
  latin.forEach((l, i) => {
    if (l && units[i]!.flags & CAPS && i < maxUnits) b.acronym(l, 1 << i, true, true);
  });
  for (let a = 0; a < units.length && a < maxUnits; a++) {
    let initials = '';
    let bits = 0;
    for (let i = a; i < units.length && i < maxUnits && i - a < MAX_SPELLED_OUT; i++) {
      const l = latin[i];
      if (!l || units[i]!.flags & CAPS || units[i]!.raw.length < 3) break;
      initials += l[0];
      bits |= 1 << i;
      if (i - a >= MIN_SPELLED_OUT - 1 && b.term(initials, spelledOut, bits, NAME_FIELDS)) Object.assign(b.alternatives.at(-1)!, { spelled: true, undivided: true });
    }
  }
  for (let i = start; i < b.alternatives.length; i++) b.alternatives[i]!.quality *= TRANSLITERATED;
}
