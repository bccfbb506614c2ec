// How each query unit may match (./query-plan.ts): the alternatives a unit stands for, with
// their qualities, found in the index (stems, cognates, abbreviations, completions, typos,
// acronyms and their variants, joined neighbours, spelled-out initials).
import { AcronymReadings, type ReadingSink } from './acronym-readings.js';
import { ENGLISH_TERM, type InvertedIndex, OTHER_TERM } from './inverted-index.js';
import { europeanEquivalentTerms } from './european-words.js';
import { ABBREVIATIONS, englishStem, otherStem } from './language-rules.js';
import { ABBREVIATED, CAPS, CJK, DIGITS, GLUED, type Token } from './search-text.js';
import { likelyCorrections } from './slips.js';
import { loanSpellings } from './loan-spellings.js';
import { cognateClass, stemClass } from './word-classes.js';
import { adjectivesOf, combinedSpellings, instrumentForms } from './word-forms.js';
import { derivedWords } from './derivations.js';
import { adjectiveNouns, nounTranslations } from './adjective-nouns.js';
import { readInLatin } from './script-readings.js';
import { chainedForms, softenedAdjective } from './translation-chains.js';
import { ACRONYM_FIELDS, JOINED_FIELDS, NAME_FIELDS, QUALITY, WORD_FIELDS } from './plan-quality.js';
import type { Alternative, Verify } from './plan-types.js';

export { ACRONYM_FIELDS, QUALITY, WORD_FIELDS };
export type { Alternative, QueryPlan, Unit } from './plan-types.js';
/** A run of at most this many query words may spell out an acronym. */
const MAX_SPELLED_OUT = 6;
/** A query's units beyond this many are searched for but not told apart (bit masks). */
export const MAX_UNITS = 30;
const TYPO_MIN_LENGTH = 4;
const ALL_FIELDS = WORD_FIELDS | ACRONYM_FIELDS;
/**
 * The costly readings one query may try, shared by every builder of its plan (./query-plan.ts), so
 * that a long run of unknown words (120 characters of kana or Hangul read in Latin letters, digit
 * groups) costs a bounded number of them: near spellings of at most TYPO_WORDS words (a few
 * hundred look-ups each), at two edits for at most TWO_EDIT_SCANS (a scan of the words of similar
 * length each). A name has fewer words than that.
 */
const TYPO_WORDS = 12;
const TWO_EDIT_SCANS = 3;
export type ReadingBudget = { typoWords: number; twoEditScans: number };
export const readingBudget = (): ReadingBudget => ({ typoWords: TYPO_WORDS, twoEditScans: TWO_EDIT_SCANS });
/** The stem classes of at most this many near spellings of a word are added to them. */
const MAX_CORRECTIONS = 8;
/** Acronyms typed in lower case ("hplc", "maldi") are short. */
export const LONGEST_LOWER_CASE_ACRONYM = 5;

export class PlanBuilder implements ReadingSink {
  readonly alternatives: Alternative[] = [];
  /** The query's words in Indian scripts and Hebrew as written, with the marks folding drops (./brahmic-script.ts). */
  written: ReadonlyMap<string, string> = new Map();
  /** Units that are abbreviations: each weighs what its own word and its full words do together. */
  abbreviations = 0;
  /** Units with generic equivalents (EQUIVALENTS): each weighs at most what the commonest of them does. */
  equivalents = 0;

  private readonly readings: AcronymReadings;

  /** `shouted`: the query has no small letter, so capitals say nothing of its words. */
  constructor(
    readonly index: InvertedIndex,
    shouted = false,
    private readonly budget = readingBudget(),
  ) {
    this.readings = new AcronymReadings(index, this, shouted);
  }

  list(terms: readonly number[], quality: number, units: number, fields: number, acronym: string | null = null, syllabic = false, skip = false, verify: Verify = false): void {
    if (terms.length > 0) this.alternatives.push({ terms, from: 0, to: 0, quality, units, fields, acronym, syllabic, skip, verify });
  }

  initialsOnly(acronym: string, quality: number, units: number): void {
    this.alternatives.push({ terms: [], from: 0, to: 0, quality, units, fields: ACRONYM_FIELDS, acronym, syllabic: false });
  }

  /** The term `word` if some document has it in one of `fields`; true when one has. */
  term(word: string, quality: number, units: number, fields: number, acronym: string | null = null): boolean {
    const t = this.index.termId(word);
    if (t < 0 || !this.inFields(t, fields)) return false;
    this.list([t], quality, units, fields, acronym);
    return true;
  }

  private inFields(t: number, fields: number): boolean {
    for (let f = 0; f < this.index.fields.length; f++) if (fields & (1 << f) && this.index.frequency(f, t) > 0) return true;
    return false;
  }

  /** A unit's own word, its stem class, its abbreviation's words, a completion; true when any exists. */
  words(token: Token, bit: number, complete: boolean): boolean {
    const index = this.index;
    const own = index.termId(token.word);
    let found = this.term(token.word, QUALITY.word, bit, WORD_FIELDS);
    // Its other instrument endings (./word-forms.ts): one of the same kind before the stem class's other kind.
    const forms = instrumentForms(index, token.word);
    const stemmed = new Set(this.stemsOf(token.word));
    stemmed.delete(own);
    for (const t of forms.switched) stemmed.delete(t);
    this.list([...stemmed], QUALITY.stem, bit, WORD_FIELDS);
    const cognates = index.remembered(`cognate:${token.word}`, () => cognateClass(index, token.word)).filter((t) => t !== own && !stemmed.has(t));
    this.cognates(token.word, cognates, bit);
    const fresh = (t: number) => !stemmed.has(t) && !cognates.includes(t);
    this.list([...forms.spelling, ...forms.alike].filter(fresh), QUALITY.stem, bit, WORD_FIELDS);
    this.list(forms.switched.filter(fresh), QUALITY.switchedForm, bit, WORD_FIELDS);
    // A word found only by a far ending may still be a slip.
    this.list(forms.other.filter(fresh), QUALITY.otherForm, bit, WORD_FIELDS);
    found ||= stemmed.size > 0 || forms.spelling.length + forms.alike.length + forms.switched.length > 0;
    found ||= cognates.length > 0;
    // The word as another language spells it ("photosynthesis" → fotosíntesis, ./loan-spellings.ts).
    const loans = index.remembered(`loan:${token.word}`, () => loansOf(index, token.word)).filter((t) => fresh(t) && t !== own);
    this.list(loans, QUALITY.cognate, bit, WORD_FIELDS);
    found ||= loans.length > 0;
    // Its root with another derivational ending (./derivations.ts): "reflectivity" → reflectometry.
    const ending = [...forms.spelling, ...forms.alike, ...forms.switched, ...forms.other];
    const derived = index.remembered(`derived:${token.word}`, () => derivedWords(index, token.word));
    this.list(derived.filter((t) => fresh(t) && !ending.includes(t) && !loans.includes(t)), QUALITY.derived, bit, NAME_FIELDS);
    const full = ABBREVIATIONS[token.word];
    const generic = full ? [] : index.remembered(`equivalent:${token.word}`, () => europeanEquivalentTerms(index, token.word));
    if (full || generic.length > 0) {
      const terms = (full ? full.map((w) => index.termId(w)) : generic).filter((t) => t >= 0 && this.inFields(t, WORD_FIELDS));
      this.list(terms, QUALITY.abbreviation, bit, WORD_FIELDS);
      if (terms.length > 0 && full) this.abbreviations |= bit;
      else if (terms.length > 0) this.equivalents |= bit;
      found ||= terms.length > 0;
    }
    // An adjective no table lists reaches its noun's translations (./adjective-nouns.ts): developmental → desarrollo.
    const nouns = full || generic.length > 0 || adjectiveNouns(token.word).length === 0 ? [] : index.remembered(`noun:${token.word}`, () => nounTranslations(index, token.word));
    const known = new Set([own, ...stemmed, ...cognates, ...loans, ...derived, ...ending, ...generic]);
    this.list(nouns.filter((t) => !known.has(t)), QUALITY.cognate * (QUALITY.stem / QUALITY.word), bit, WORD_FIELDS);
    found ||= nouns.length > 0;
    // A translation's or cognate's other discipline form (./translation-chains.ts): antropologiju → anthropological.
    this.list(chainedForms(index, generic, known), QUALITY.abbreviation * (QUALITY.stem / QUALITY.word), bit, WORD_FIELDS);
    for (const t of generic) known.add(t);
    this.list(chainedForms(index, [...cognates, ...loans], known), QUALITY.cognate * (QUALITY.stem / QUALITY.word), bit, WORD_FIELDS);
    found = readInLatin(this, token, bit, QUALITY.abbreviation) || found;
    if (complete || token.flags & ABBREVIATED || (!found && !(token.flags & (CAPS | DIGITS)) && token.word.length >= 3)) {
      const [from, to] = index.prefixRange(token.word);
      // Completions some record has as a word (the vocabulary also holds derived acronyms).
      if (to - from > (own >= 0 ? 1 : 0) && index.postings(from, to, WORD_FIELDS) > (own >= 0 ? index.postings(own, own + 1, WORD_FIELDS) : 0)) {
        this.alternatives.push({ terms: null, from, to, quality: QUALITY.completion, units: bit, fields: WORD_FIELDS, acronym: null, syllabic: false });
        found = true;
      }
    }
    return found;
  }

  /** A unit read as an acronym (./acronym-readings.ts); true when it finds something. */
  acronym(raw: string, bits: number, caps: boolean, isWord: boolean, alone = false, only = false): boolean {
    return this.readings.read(raw, bits, caps, isWord, alone, only);
  }

  /** A word in mixed case read by its capitals ("CHiMaD" as chmd); true when it finds something. */
  capitals(letters: string, bits: number): boolean {
    return this.readings.capitals(letters, bits, QUALITY.capitals);
  }

  /**
   * A word's cognates. One written with k ("mikroscope") puts the word spelt with c (microscope)
   * before its other cognates, as a word typed right comes before its stem class; any other
   * word's cognates all count alike.
   */
  private cognates(word: string, cognates: readonly number[], bit: number): void {
    if (!word.includes('k')) return this.list(cognates, QUALITY.cognate, bit, WORD_FIELDS);
    const spelt = new Set([word.replace(/k/g, 'c'), word[0] + word.slice(1).replace(/k/g, 'c')].map((w) => this.index.termId(w)));
    const exact = cognates.filter((t) => spelt.has(t));
    const rest = exact.length > 0 ? QUALITY.cognate * (QUALITY.stem / QUALITY.word) : QUALITY.cognate;
    this.list(exact, QUALITY.cognate, bit, WORD_FIELDS);
    this.list(cognates.filter((t) => !spelt.has(t)), rest, bit, WORD_FIELDS);
  }

  /** Near spellings of a word (one swap of neighbours counts as one edit); of an acronym's too when written in capitals. */
  typos(token: Token, bit: number, short = false, likelyOnly = false): boolean {
    const word = token.word;
    if (word.length < (token.flags & CAPS || short ? 3 : TYPO_MIN_LENGTH) || this.budget.typoWords-- <= 0) return false;
    const fields = token.flags & CAPS ? WORD_FIELDS | ACRONYM_FIELDS : WORD_FIELDS;
    // Most slips are one edit; two are tried on a long word only when one finds nothing (and
    // not for a word some record has, read only through likely corrections).
    let near = this.index.termsNear(word, 1);
    if (near.length === 0 && !likelyOnly && word.length >= 8 && this.budget.twoEditScans-- > 0) near = this.index.termsNear(word, 2);
    near = near.filter((t) => this.inFields(t, fields));
    // A slip of a common word is likelier than a rare word typed right ("NRM" for NMR).
    const [likely, rest] = likelyCorrections(this.index, word, near, ALL_FIELDS);
    const unlikely = likelyOnly ? [] : rest;
    this.list(likely, QUALITY.likelyTypo, bit, fields);
    this.list(unlikely, QUALITY.typo, bit, fields);
    // A correction's stem class counts as a stem of the word typed right: below the correction
    // itself, as "microscopy" ranks below "microscope" when "microscope" is typed.
    const stemShare = QUALITY.stem / QUALITY.word;
    this.list(this.stemsBeyond(likely, near), QUALITY.likelyTypo * stemShare, bit, fields);
    this.list(this.stemsBeyond(unlikely, near), QUALITY.typo * stemShare, bit, fields);
    return true;
  }

  /** The words of the index in `word`'s stem classes (English and other languages), remembered. */
  private stemsOf(word: string): readonly number[] {
    return this.index.remembered(`stem:${word}`, () => {
      const found: number[] = [];
      stemClass(this.index, word, englishStem, ENGLISH_TERM, found);
      stemClass(this.index, word, otherStem, OTHER_TERM, found);
      return found;
    });
  }

  /** The stem classes of near spellings ("mikroscope" → microscope → microscopy), minus `except`. */
  private stemsBeyond(near: readonly number[], except: readonly number[]): number[] {
    const out = new Set<number>();
    for (const t of near.slice(0, MAX_CORRECTIONS)) for (const s of this.stemsOf(this.index.terms[t]!)) out.add(s);
    for (const t of except) out.delete(t);
    return [...out];
  }

  /** Neighbours joined ("micro probe" → microprobe), glued groups joined, the whole query as initials. */
  joined(units: readonly Token[]): void {
    for (let i = 0; i + 1 < units.length && i + 1 < MAX_UNITS; i++) {
      const bits = (1 << i) | (1 << (i + 1));
      this.term(units[i]!.word + units[i + 1]!.word, QUALITY.joined, bits, JOINED_FIELDS);
      for (const w of combinedSpellings(units[i]!.word, units[i + 1]!.word)) this.term(w, QUALITY.combined, bits, JOINED_FIELDS);
      // A combining form joined to the next word ("thermo-cycler", "thermocycler") is its adjective.
      if (units[i + 1]!.flags & GLUED) this.list(adjectivesOf(this.index, units[i]!.word), QUALITY.cognate, 1 << i, WORD_FIELDS);
    }
    let start = 0;
    for (let i = 1; i <= units.length; i++) {
      if (i < units.length && units[i]!.flags & GLUED) continue;
      if (i - start > 2 && i <= MAX_UNITS) this.group(units, start, i);
      start = i;
    }
    const short = units.every((u) => u.raw.length <= 6);
    if (units.length >= 2 && units.length <= MAX_UNITS && short) this.group(units, 0, units.length);
    this.spelledOut(units);
  }

  /**
   * Runs of words spelling out an acronym a name has as a word ("Universidad Católica" → UC).
   * Only runs of three words or more, of whole words: not acronyms, digits or other scripts.
   */
  private spelledOut(units: readonly Token[]): void {
    for (let a = 0; a < units.length && a < MAX_UNITS; a++) {
      let initials = '';
      let bits = 0;
      for (let b = a; b < units.length && b < MAX_UNITS && b - a < MAX_SPELLED_OUT; b++) {
        const u = units[b]!;
        if (u.flags & (CAPS | DIGITS | CJK) || u.raw.length < 3) break;
        initials += u.raw[0];
        bits |= 1 << b;
        if (b - a >= 2 && this.term(initials, QUALITY.spelledOut, bits, NAME_FIELDS)) this.alternatives.at(-1)!.spelled = true;
      }
    }
  }

  private group(units: readonly Token[], from: number, to: number): void {
    let raw = '';
    let word = '';
    let bits = 0;
    let caps = true;
    let capital = false;
    for (let i = from; i < to; i++) {
      raw += units[i]!.raw;
      word += units[i]!.word;
      bits |= 1 << i;
      caps &&= (units[i]!.flags & (CAPS | DIGITS)) !== 0 || units[i]!.raw.length === 1;
      capital ||= (units[i]!.flags & CAPS) !== 0;
    }
    if (!this.term(word, QUALITY.joined, bits, JOINED_FIELDS)) this.acronym(raw, bits, caps, false);
    // Letters in capitals with a digit that some name has as written may still be letters the
    // digit repeats ("CI3": Centre for Infection, Immunity and Inflammation, where a name has
    // "CERNA i3"); not in small letters ("m3" is a unit, not M·M·M).
    else if (caps && capital && /[a-z][0-9]|[0-9][a-z]/.test(raw)) this.readings.repeats(raw, bits, caps);
  }
}

/** A word's loan spellings, and those of its -ogical form when it is a South Slavic -oški adjective (./translation-chains.ts). */
function loansOf(index: InvertedIndex, word: string): number[] {
  const softened = softenedAdjective(word);
  if (softened === null) return loanSpellings(index, word);
  const own = index.termId(softened);
  return [...new Set([...loanSpellings(index, word), ...(own >= 0 ? [own] : []), ...loanSpellings(index, softened)])];
}
