// Reads an acronym off a name's tokens (./name-match.ts): the run of tokens whose initials
// spell it. A token gives its first letter (a number its digits), or the initials of its
// combining forms ("infrared" → ir); with word beginnings allowed, up to MAX_BEGINNING
// letters ("NA" of "NAturelles" in LERNA); a function word, a single letter and the later part
// of a hyphenated word may give nothing. The search remembers which (letter, token) positions
// cannot finish, so a name of many optional tokens costs letters × tokens, not a power of it.
// syllabicInitials finds the candidates for word beginnings: the derived acronyms a split of
// the query word into beginnings may be.
import { ACRONYM, type InvertedIndex, RUN } from './inverted-index.js';
import { givesX, numberWordLetter } from './conventional-letters.js';
import { combinedInitials } from './language-rules.js';
import type { NameTable } from './name-table.js';
import { CJK, DIGITS, GLUED, STOP } from './search-text.js';

/** Word beginnings read by a syllabic acronym are at most this long ("NA" of "NAturelles"). */
const MAX_BEGINNING = 4;
const LETTERS = 26;
const X = 120;
const X_ANYWHERE = 1;
const X_FIRST = 2;

export class InitialsMatcher {
  private readonly combinedByTerm = new Map<number, string | null>();
  /** Per term, the letters it gives by convention (./conventional-letters.ts): see conventional(). */
  private readonly conventionalByTerm = new Map<number, number>();
  private failed = new Uint8Array(256);
  private width = 0;
  private from = 0;
  private to = 0;
  private text = '';
  private syllabic = false;
  /** Longest word beginning read (MAX_BEGINNING, or unbounded for ./long-beginnings.ts). */
  private longest = MAX_BEGINNING;
  /** The run must end at the last token (`to` − 1). */
  private whole = false;
  /** Cells of the search per state: with a content word still allowed to be left out, and without. */
  private layer = 0;

  constructor(
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
  ) {}

  /**
   * The first run of tokens [from, to) spelling `text` by initials, as [first, last] token,
   * or null. Runs may start with function words ("Los Alamos National Laboratory" → LANL); with
   * `skip`, one content word inside the run may give nothing (./skipped-initials.ts); word
   * beginnings are at most `longest` letters.
   */
  find(text: string, from: number, to: number, syllabic: boolean, skip = false, whole = false, longest = MAX_BEGINNING): [number, number] | null {
    if (syllabic ? !this.mayStart(text, from, to) : !this.mayHold(text, from, to)) return null;
    this.text = text;
    this.from = from;
    this.to = to;
    this.syllabic = syllabic;
    this.longest = longest;
    this.whole = whole;
    this.width = to - from + 1;
    this.layer = (text.length + 1) * this.width;
    const cells = this.layer * (skip ? 2 : 1);
    if (this.failed.length < cells) this.failed = new Uint8Array(cells * 2);
    this.failed.fill(0, 0, cells);
    for (let p = from; p < to; p++) {
      if (this.names.tokenFlags[p]! & CJK) continue;
      const end = this.spell(0, p, skip ? 1 : 0);
      if (end >= 0) return [p, end];
      // A whole name's run starts at its first content word (function words before it may give letters).
      if (whole && !(this.names.tokenFlags[p]! & STOP)) break;
    }
    return null;
  }

  /** Whether some token of the name may give the first letter of `text` (word beginnings are read). */
  private mayStart(text: string, from: number, to: number): boolean {
    const first = text.charCodeAt(0);
    if (first === X || first < 97) return true;
    for (let p = from; p < to; p++) {
      if (this.names.tokenFlags[p]! & DIGITS || this.index.terms[this.names.tokenTerm[p]!]!.charCodeAt(0) === first) return true;
    }
    return false;
  }

  /** Whether every letter of `text` is an initial some token of the name can give. */
  private mayHold(text: string, from: number, to: number): boolean {
    let held = 0;
    for (let p = from; p < to; p++) {
      const t = this.names.tokenTerm[p]!;
      const term = this.index.terms[t]!;
      if (this.names.tokenFlags[p]! & DIGITS) {
        held |= 1 << LETTERS;
        continue;
      }
      held |= letterBit(term.charCodeAt(0));
      const conventional = this.conventional(t, term);
      if (conventional & X_ANYWHERE) held |= letterBit(X);
      if (conventional >> 2) held |= letterBit(conventional >> 2);
      const c = this.combined(t);
      if (c !== null) for (let i = 1; i < c.length; i++) held |= letterBit(c.charCodeAt(i));
    }
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const bit = code >= 48 && code <= 57 ? 1 << LETTERS : letterBit(code);
      if (!(held & bit)) return false;
    }
    return true;
  }

  /** Last token of a run from token p spelling text[i…] (`skips`: content words that may still give nothing), or −1. */
  private spell(i: number, p: number, skips: number): number {
    if (p >= this.to) return -1;
    const cell = skips * this.layer + i * this.width + (p - this.from);
    if (this.failed[cell]) return -1;
    const flags = this.names.tokenFlags[p]!;
    if (flags & CJK) return -1;
    const t = this.names.tokenTerm[p]!;
    const term = this.index.terms[t]!;
    const text = this.text;
    if (this.syllabic && !(flags & (DIGITS | STOP))) {
      // The longest beginning of the word the text goes on with, then each shorter one.
      const most = Math.min(this.longest, term.length, text.length - i);
      let n = 0;
      while (n < most && term.charCodeAt(n) === text.charCodeAt(i + n)) n++;
      for (; n > 1; n--) {
        const end = this.next(i + n, p, skips);
        if (end >= 0) return end;
      }
    }
    const digits = (flags & DIGITS) !== 0;
    if (digits ? text.startsWith(term, i) : text.charCodeAt(i) === term.charCodeAt(0)) {
      const j = i + (digits ? term.length : 1);
      const end = this.next(j, p, skips);
      if (end >= 0) return end;
    }
    // X for a word of ex-, cross- or trans-, a number word's initial (./conventional-letters.ts:
    // "SAX", strong anion-exchange; "DFWM", degenerate four-wave mixing).
    const conventional = digits ? 0 : this.conventional(t, term);
    const code = text.charCodeAt(i);
    if (conventional !== 0 && ((code === X && conventional & (i === 0 ? X_FIRST : X_ANYWHERE)) || code === conventional >> 2)) {
      const end = this.next(i + 1, p, skips);
      if (end >= 0) return end;
    }
    const combined = digits ? null : this.combined(t);
    if (combined !== null && text.startsWith(combined, i)) {
      const j = i + combined.length;
      const end = this.next(j, p, skips);
      if (end >= 0) return end;
    }
    const optional = flags & STOP || (flags & GLUED && p > 0 && !(this.names.tokenFlags[p - 1]! & STOP)) || (term.length === 1 && !(flags & DIGITS));
    let end = optional && i > 0 ? this.spell(i, p + 1, skips) : -1;
    // A content word left out inside the run, never before its first letter.
    if (end < 0 && skips > 0 && i > 0 && !optional) end = this.spell(i, p + 1, skips - 1);
    if (end < 0) this.failed[cell] = 1;
    return end;
  }

  /** The run's last token when text[…j) ends at token p, else the last token of a run spelling text[j…] from p + 1, or −1. */
  private next(j: number, p: number, skips: number): number {
    if (j < this.text.length) return this.spell(j, p + 1, skips);
    return !this.whole || p === this.to - 1 ? p : -1;
  }

  /**
   * The letters a term gives by convention, remembered per term: X_ANYWHERE, X_FIRST, and a
   * number word's initial (its code, shifted by 2). Only terms starting with e, c, t or a digit can.
   */
  private conventional(t: number, term: string): number {
    const c0 = term.charCodeAt(0);
    if (c0 !== 101 && c0 !== 99 && c0 !== 116 && !(c0 >= 48 && c0 <= 57)) return 0;
    let v = this.conventionalByTerm.get(t);
    if (v === undefined) {
      const spelt = numberWordLetter(term);
      v = (givesX(term) ? X_ANYWHERE : 0) | (givesX(term, true) ? X_FIRST : 0) | (spelt === undefined ? 0 : spelt.charCodeAt(0) << 2);
      if (this.conventionalByTerm.size < 100_000) this.conventionalByTerm.set(t, v);
    }
    return v;
  }

  /** A term's initials split at combining forms, remembered per term (also read by ./case-segment-match.ts). */
  combined(t: number): string | null {
    let c = this.combinedByTerm.get(t);
    if (c === undefined) {
      c = combinedInitials(this.index.terms[t]!);
      if (this.combinedByTerm.size < 100_000) this.combinedByTerm.set(t, c);
    }
    return c;
  }
}

const SHARED = new WeakMap<NameTable, InitialsMatcher>();

/** The matcher the plan's checks of one name table share (./verified-spellings.ts, ./long-beginnings.ts, ./case-segment-match.ts); the ranking keeps its own. */
export function initialsMatcherOf(names: NameTable, index: InvertedIndex): InitialsMatcher {
  let m = SHARED.get(names);
  if (!m) SHARED.set(names, (m = new InitialsMatcher(names, index)));
  return m;
}

/**
 * Derived acronyms (./acronyms.ts) of names whose initials, or (with `runs`) those of the words
 * that start or end them, are those of a split of `raw` into word beginnings of up to
 * MAX_BEGINNING letters, at least `fewest` of them, of at most `rarest` records (`onlyRuns`: only those of runs) ("lerna" → l·e·r·na → lern; "sebio" → s·e·bio → seb, Stress
 * Environnementaux et BIOsurveillance des Milieux Aquatiques). The ranking then checks the
 * beginnings in the names (InitialsMatcher.find), a run below a whole name.
 */
export function syllabicInitials(index: InvertedIndex, raw: string, runs: boolean, fewest = 3, rarest = Infinity, onlyRuns = false): number[] {
  const out = new Set<number>();
  const split = (i: number, initials: string): void => {
    if (i === raw.length) {
      const t = initials.length >= fewest && initials.length < raw.length ? index.termId(initials) : -1;
      const names = t < 0 ? 0 : (onlyRuns ? 0 : index.frequency(ACRONYM, t)) + (runs ? index.frequency(RUN, t) : 0);
      if (names > 0 && names <= rarest) out.add(t);
      return;
    }
    for (let n = 1; n <= MAX_BEGINNING && i + n <= raw.length; n++) split(i + n, initials + raw[i]);
  };
  split(0, '');
  return [...out];
}

function letterBit(code: number): number {
  return code >= 97 && code <= 122 ? 1 << (code - 97) : 1 << (LETTERS + 1);
}

/** The name's second content word after its first, `first`, or `last` when there is none before it. */
export function secondContent(names: NameTable, first: number, last: number): number {
  let second = first + 1;
  while (second < last && names.tokenFlags[second]! & STOP) second++;
  return second;
}
