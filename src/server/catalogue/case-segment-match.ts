// Reads a record's name by the case spelling of a query word (./case-segments.ts explains the
// reading): the run of tokens whose words begin as the spelling says, found by dynamic
// programming over (letter, token) with every cell filled once per name, after a check that
// each piece a word must begin with begins some content word of the name (most names fail it).
import type { InvertedIndex } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import { type InitialsMatcher, initialsMatcherOf } from './initials-match.js';
import { CJK, DIGITS, STOP } from './search-text.js';

/** Where a typed letter stands: it must begin a word, may begin one, or goes on with the word before. */
export const GOES_ON = 0;
export const MAY_BEGIN = 1;
export const BEGINS = 2;
/** At most this many content words are passed over inside a run. */
const MAX_INNER_SKIPS = 2;

/** A word in mixed case: its letters (small) and what each may do. */
export interface CaseSpelling {
  letters: string;
  starts: Uint8Array;
  /** The letters a word must begin with: a capital that begins one and the small letters after it. */
  pieces: string[];
}

/** What a name's tokens [from, to) spell of a reading: the run, content words passed over inside it, letters beyond words' first. */
export interface SegmentRun {
  first: number;
  last: number;
  skips: number;
  evidence: number;
}


/**
 * Reads names by a case spelling: the run of tokens of [from, to) whose words begin as the
 * spelling says, the fewest words passed over and the most letters explained first, or null.
 */
export class SegmentMatcher {
  /** Per (letter, token) of the name being read: the stamp of the read that filled it, the run's last token (−1: none), words passed over, letters explained. */
  private stamps = new Int32Array(256);
  private lasts = new Int32Array(256);
  private skipsOf = new Int32Array(256);
  private evidenceOf = new Int32Array(256);
  private stamp = 0;
  private loose = false;
  /** Its per-term combining-form initials are the ones initials are read with. */
  private readonly initials: InitialsMatcher;
  private spelling!: CaseSpelling;
  private base = 0;
  private width = 0;
  private to = 0;

  constructor(
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
  ) {
    this.initials = initialsMatcherOf(names, index);
  }

  /**
   * `loose`: a small letter after a word may also be the initial of a function word right after
   * it ("IoP": Institute Of Physics), for telling whether the name contradicts the spelling.
   */
  find(spelling: CaseSpelling, from: number, to: number, loose = false): SegmentRun | null {
    if (!loose && !this.mayHold(spelling, from, to)) return null;
    this.loose = loose;
    this.spelling = spelling;
    this.base = from;
    this.to = to;
    this.width = to - from;
    const cells = (spelling.letters.length + 1) * this.width;
    if (this.stamps.length < cells) {
      for (const key of ['stamps', 'lasts', 'skipsOf', 'evidenceOf'] as const) this[key] = new Int32Array(cells * 2);
      this.stamp = 0;
    }
    this.stamp++;
    const first = spelling.letters.charCodeAt(0);
    let best: SegmentRun | null = null;
    for (let p = from; p < to; p++) {
      if (!this.content(p) || this.term(p).charCodeAt(0) !== first) continue;
      const cell = this.from(0, p);
      if (this.lasts[cell]! < 0) continue;
      const run = { first: p, last: this.lasts[cell]!, skips: this.skipsOf[cell]!, evidence: this.evidenceOf[cell]! };
      if (!best || better(run, best)) best = run;
    }
    return best;
  }

  /** Whether every piece a word must begin with begins some content word of the name (most names are ruled out so). */
  private mayHold(spelling: CaseSpelling, from: number, to: number): boolean {
    for (const piece of spelling.pieces) {
      let held = false;
      for (let p = from; p < to && !held; p++) held = this.content(p) && this.term(p).startsWith(piece);
      if (!held) return false;
    }
    return true;
  }

  private content(p: number): boolean {
    return !(this.names.tokenFlags[p]! & STOP);
  }

  private term(p: number): string {
    return this.index.terms[this.names.tokenTerm[p]!]!;
  }

  /** The cell holding the best run whose word at token p begins at letter i. */
  private from(i: number, p: number): number {
    const cell = i * this.width + (p - this.base);
    if (this.stamps[cell] === this.stamp) return cell;
    this.stamps[cell] = this.stamp;
    this.lasts[cell] = -1;
    const { letters, starts } = this.spelling;
    const term = this.term(p);
    if (this.names.tokenFlags[p]! & (CJK | DIGITS) || term.charCodeAt(0) !== letters.charCodeAt(i)) return cell;
    // Loose, a word's combining forms may give a letter each ("ChIP": chromatin ImmunoPrecipitation).
    const combined = this.loose ? this.initials.combined(this.names.tokenTerm[p]!) : null;
    if (combined !== null && letters.startsWith(combined, i) && [...combined].every((_, k) => k === 0 || starts[i + k] !== GOES_ON)) this.goOn(cell, i + combined.length, p, 0);
    for (let n = 1; n <= term.length && i + n <= letters.length; n++) {
      if (n > 1 && (starts[i + n - 1] === BEGINS || term.charCodeAt(n - 1) !== letters.charCodeAt(i + n - 1))) break;
      this.goOn(cell, i + n, p, n - 1);
    }
    return cell;
  }

  /** Offers the cell the runs whose word at token p ends before letter j (`evidence`: its letters beyond its first). */
  private goOn(cell: number, j: number, p: number, evidence: number): void {
    const { letters, starts } = this.spelling;
    if (j === letters.length) this.offer(cell, p, 0, evidence);
    else if (starts[j] !== GOES_ON) this.next(cell, j, p, evidence);
    else if (this.loose && p + 1 < this.to && !this.content(p + 1) && this.term(p + 1).charCodeAt(0) === letters.charCodeAt(j)) {
      // The small letter is the initial of the function word after the word ("IoP").
      if (j + 1 === letters.length) this.offer(cell, p, 0, evidence);
      else if (starts[j + 1] !== GOES_ON) this.next(cell, j + 1, p + 1, evidence);
    }
  }


  /** Offers the cell the runs going on at letter j with a word after token p (`evidence`: letters explained by the word at p beyond its first). */
  private next(cell: number, j: number, p: number, evidence: number): void {
    let skips = 0;
    for (let q = p + 1; q < this.to && skips <= MAX_INNER_SKIPS; q++) {
      // Loose, a function word may give its initial ("CyTOF": cytometry time Of flight).
      if (!this.content(q) && !(this.loose && this.term(q).charCodeAt(0) === this.spelling.letters.charCodeAt(j))) continue;
      const rest = this.from(j, q);
      const total = this.skipsOf[rest]! + skips;
      if (this.lasts[rest]! >= 0 && total <= MAX_INNER_SKIPS) this.offer(cell, this.lasts[rest]!, total, this.evidenceOf[rest]! + evidence);
      if (this.content(q)) skips++;
    }
  }

  /** Keeps the run in the cell if it is better than the one there. */
  private offer(cell: number, last: number, skips: number, evidence: number): void {
    const had = this.lasts[cell]!;
    const wins = had < 0 || skips < this.skipsOf[cell]! || (skips === this.skipsOf[cell]! && (evidence > this.evidenceOf[cell]! || (evidence === this.evidenceOf[cell]! && last < had)));
    if (!wins) return;
    this.lasts[cell] = last;
    this.skipsOf[cell] = skips;
    this.evidenceOf[cell] = evidence;
  }
}

/** Fewer words passed over first, then more letters explained, then the shorter run. */
export function better(a: SegmentRun, b: SegmentRun): boolean {
  if (a.skips !== b.skips) return a.skips < b.skips;
  if (a.evidence !== b.evidence) return a.evidence > b.evidence;
  return a.last - a.first < b.last - b.first;
}

