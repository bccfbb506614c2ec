// What a query asks for, in the numbers of one index: its units (the words that are not
// function words) and, for each, the alternatives it may match, each with a quality:
//   the word itself 1; joined with its neighbour as written in a name ("micro probe" →
//   microprobe) or a glued group joined ("ESI-QTOF" → esiqtof, "TOF-MS" → tofms) 0.95; an
//   acronym derived from a name (./acronyms.ts) 0.95, or 0.8 when the word is also an ordinary
//   lower-case word; an abbreviation's full words ("Inst" → institute, instituto) 0.85; another
//   word of its English stem class ("microscopy" for "microscope") 0.9; a completion of an
//   unfinished last word or an abbreviation ("spec" → spectrometry, "Biophys" → biophysics)
//   0.6; a near spelling of a word no record has 0.4. So an exact word always outranks its
//   stemmed form, a completion and a typo, and an exact acronym outranks a word that merely
//   starts with its letters.
import { MAX_ACRONYM, MIN_ACRONYM } from './acronyms.js';
import { ACRONYM, ALT, BODY, CONTEXT, CONTEXT_ACRONYM, ENGLISH_TERM, type InvertedIndex, OTHER_TERM, RUN, TITLE } from './inverted-index.js';
import { ABBREVIATIONS, englishStem, otherStem } from './language-rules.js';
import { ABBREVIATED, CAPS, CJK, DIGITS, GLUED, prepareText, STOP, type Token } from './search-text.js';

export const QUALITY = {
  word: 1,
  joined: 0.95,
  acronym: 0.95,
  stem: 0.9,
  abbreviation: 0.85,
  lowerAcronym: 0.8,
  spelledOut: 0.8,
  cognate: 0.75,
  acronymVariant: 0.6,
  completion: 0.6,
  typo: 0.4,
} as const;

/** Field sets walked for each kind of alternative. */
const WORD_FIELDS = (1 << TITLE) | (1 << ALT) | (1 << CONTEXT) | (1 << BODY);
const ACRONYM_FIELDS = (1 << ACRONYM) | (1 << RUN) | (1 << CONTEXT_ACRONYM);
const JOINED_FIELDS = (1 << TITLE) | (1 << ALT) | ACRONYM_FIELDS;
const NAME_WORD_FIELDS = (1 << TITLE) | (1 << ALT);
/** A run of at most this many query words may spell out an acronym. */
const MAX_SPELLED_OUT = 6;
/** A query's units beyond this many are searched for but not told apart (bit masks). */
export const MAX_UNITS = 30;
const TYPO_MIN_LENGTH = 4;
/** Acronyms typed in lower case ("hplc", "maldi") are short. */
const LONGEST_LOWER_CASE_ACRONYM = 5;

export interface Unit {
  token: Token;
  /** How much this unit counts: the rarer its matches, the more (inverse document frequency). */
  weight: number;
}

export interface Alternative {
  /** Terms, either listed or a range [from, to) when `terms` is null. */
  terms: readonly number[] | null;
  from: number;
  to: number;
  quality: number;
  /** The units it stands for (a bit per unit). */
  units: number;
  fields: number;
  /** Matched by initials (checked against names' initials, not their words). */
  acronym: string | null;
}

export interface QueryPlan {
  units: Unit[];
  alternatives: Alternative[];
  key: string;
  totalWeight: number;
}

function lastMayBeCompleted(units: readonly Token[]): boolean {
  const last = units[units.length - 1];
  if (!last || last.flags & DIGITS) return false;
  return last.raw.length >= 3 || (last.raw.length === 2 && units.length > 1);
}

/**
 * The words of an index with the same stem as `word` by `stemOf`, among the words marked `flag`.
 * A bare word (no suffix to remove) does not take a plural in -ies: "spec" is not "species".
 */
function stemClass(index: InvertedIndex, word: string, stemOf: (w: string) => string, flag: number, out: number[]): void {
  const stem = stemOf(word);
  const [from, to] = index.prefixRange(stem);
  for (let t = from; t < to; t++) {
    const term = index.terms[t]!;
    if (!(index.termFlags[t]! & flag) || stemOf(term) !== stem) continue;
    if (word === stem && term.endsWith('ies') && term.length === stem.length + 3) continue;
    out.push(t);
  }
}

class PlanBuilder {
  readonly alternatives: Alternative[] = [];

  constructor(private readonly index: InvertedIndex) {}

  list(terms: readonly number[], quality: number, units: number, fields: number, acronym: string | null = null): void {
    if (terms.length > 0) this.alternatives.push({ terms, from: 0, to: 0, quality, units, fields, acronym });
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
    const stems: number[] = [];
    stemClass(index, token.word, englishStem, ENGLISH_TERM, stems);
    stemClass(index, token.word, otherStem, OTHER_TERM, stems);
    const stemmed = new Set(stems);
    stemmed.delete(own);
    this.list([...stemmed], QUALITY.stem, bit, WORD_FIELDS);
    found ||= stemmed.size > 0;
    const cognates = cognateClass(index, token.word).filter((t) => t !== own && !stemmed.has(t));
    this.list(cognates, QUALITY.cognate, bit, WORD_FIELDS);
    found ||= cognates.length > 0;
    const full = ABBREVIATIONS[token.word];
    if (full) {
      const terms = full.map((w) => index.termId(w)).filter((t) => t >= 0 && this.inFields(t, WORD_FIELDS));
      this.list(terms, QUALITY.abbreviation, bit, WORD_FIELDS);
      found ||= terms.length > 0;
    }
    if (complete || token.flags & ABBREVIATED || (!found && !(token.flags & (CAPS | DIGITS)) && token.word.length >= 3)) {
      const [from, to] = index.prefixRange(token.word);
      if (to - from > (own >= 0 ? 1 : 0)) {
        this.alternatives.push({ terms: null, from, to, quality: QUALITY.completion, units: bit, fields: WORD_FIELDS, acronym: null });
        found = true;
      }
    }
    return found;
  }

  /** A unit read as an acronym: derived acronyms equal to it, or (in capitals) close to it. */
  acronym(raw: string, bits: number, caps: boolean, isWord: boolean): boolean {
    if (raw.length < MIN_ACRONYM || raw.length > MAX_ACRONYM || !/^[a-z0-9]+$/.test(raw)) return false;
    if (this.term(raw, caps || !isWord ? QUALITY.acronym : QUALITY.lowerAcronym, bits, ACRONYM_FIELDS, raw)) return true;
    if (!caps || raw.length < 3) return false;
    const near = [...this.index.termsNear(raw, 1)];
    if (raw.length >= 4) {
      const [from, to] = this.index.prefixRange(raw);
      for (let t = from; t < to && t < from + 64; t++) near.push(t);
    }
    this.list(near, QUALITY.acronymVariant, bits, ACRONYM_FIELDS, raw);
    return near.length > 0;
  }

  /** Near spellings of a word no record has; of an acronym's too when written in capitals. */
  typos(token: Token, bit: number): void {
    const word = token.word;
    if (word.length < TYPO_MIN_LENGTH) return;
    const fields = token.flags & CAPS ? WORD_FIELDS | ACRONYM_FIELDS : WORD_FIELDS;
    const near = this.index.termsNear(word, word.length >= 8 ? 2 : 1).filter((t) => this.inFields(t, fields));
    this.list(near, QUALITY.typo, bit, fields);
  }

  /** Neighbours joined ("micro probe" → microprobe), glued groups joined, the whole query as initials. */
  joined(units: readonly Token[]): void {
    for (let i = 0; i + 1 < units.length && i + 1 < MAX_UNITS; i++) {
      this.term(units[i]!.word + units[i + 1]!.word, QUALITY.joined, (1 << i) | (1 << (i + 1)), JOINED_FIELDS);
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

  /** Runs of words spelling out an acronym a name has as a word ("Universidad Católica" → UC). */
  private spelledOut(units: readonly Token[]): void {
    for (let a = 0; a < units.length && a < MAX_UNITS; a++) {
      let initials = '';
      let bits = 0;
      for (let b = a; b < units.length && b < MAX_UNITS && b - a < MAX_SPELLED_OUT; b++) {
        const u = units[b]!;
        initials += u.flags & DIGITS ? u.raw : u.raw[0];
        bits |= 1 << b;
        if (b > a && !(u.flags & CJK)) this.term(initials, QUALITY.spelledOut, bits, NAME_WORD_FIELDS);
      }
    }
  }

  private group(units: readonly Token[], from: number, to: number): void {
    let raw = '';
    let word = '';
    let bits = 0;
    let caps = true;
    for (let i = from; i < to; i++) {
      raw += units[i]!.raw;
      word += units[i]!.word;
      bits |= 1 << i;
      caps &&= (units[i]!.flags & (CAPS | DIGITS)) !== 0 || units[i]!.raw.length === 1;
    }
    if (!this.term(word, QUALITY.joined, bits, JOINED_FIELDS)) this.acronym(raw, bits, caps, false);
  }
}

/** A word's cognate key: without a plural -s and its final vowels ("biomedicina", "biomedicine" → biomedicin). */
export function cognateKey(word: string): string {
  return word.replace(/s$/, '').replace(/[aeiouy]+$/, '');
}
const MIN_COGNATE = 6;

/**
 * Words of any language with the same cognate key, for a key of at least MIN_COGNATE letters
 * ("Istituto di Biomedicina" finds "Institute for Biomedicine"; "horses" is too short to
 * reach "hors").
 */
function cognateClass(index: InvertedIndex, word: string): number[] {
  const key = cognateKey(word);
  if (key.length < MIN_COGNATE) return [];
  const out: number[] = [];
  const [from, to] = index.prefixRange(key);
  for (let t = from; t < to && t < from + 256; t++) if (index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM) && cognateKey(index.terms[t]!) === key) out.push(t);
  return out;
}

/**
 * A unit's weight: the inverse document frequency of what its alternatives match (postings
 * over all fields; a range's postings are one subtraction of offsets).
 */
function unitWeights(index: InvertedIndex, alternatives: readonly Alternative[], count: number): number[] {
  const n = index.size;
  const frequency = new Array<number>(count).fill(0);
  for (const a of alternatives) {
    let f = 0;
    for (let x = 0; x < index.fields.length; x++) {
      if (!(a.fields & (1 << x))) continue;
      const starts = index.fields[x]!.starts;
      if (a.terms === null) f += starts[a.to]! - starts[a.from]!;
      else for (const t of a.terms) f += starts[t + 1]! - starts[t]!;
    }
    for (let u = 0; u < count && u < MAX_UNITS; u++) if (a.units & (1 << u)) frequency[u] = Math.max(frequency[u]!, f);
  }
  return frequency.map((f) => Math.log(1 + n / (1 + Math.min(f, n))) + 0.1);
}

export function planQuery(text: string, index: InvertedIndex): QueryPlan {
  const prepared = prepareText(text);
  const tokens = prepared.tokens.filter((t) => !(t.flags & STOP));
  const b = new PlanBuilder(index);
  const complete = lastMayBeCompleted(tokens);
  tokens.forEach((token, i) => {
    const bit = i < MAX_UNITS ? 1 << i : 0;
    const isWord = b.words(token, bit, complete && i === tokens.length - 1);
    const caps = (token.flags & CAPS) !== 0;
    // A long lower-case word is a word ("horses"), not the initials of "higher-order Raman …".
    const isAcronym = (caps || token.raw.length <= LONGEST_LOWER_CASE_ACRONYM) && b.acronym(token.raw, bit, caps, isWord);
    if (!isWord && !isAcronym) b.typos(token, bit);
  });
  b.joined(tokens);
  b.alternatives.sort((x, y) => y.quality - x.quality);
  const weights = unitWeights(index, b.alternatives, tokens.length);
  const units = tokens.map((token, i) => ({ token, weight: weights[i]! }));
  return { units, alternatives: b.alternatives, key: prepared.key, totalWeight: weights.reduce((s, w) => s + w, 0) };
}
