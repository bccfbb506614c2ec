// How well one record's names match a query (the second stage of ./search-index.ts, run on a
// few hundred candidates). Each name is aligned with the query's units: a unit is found at a
// token by one of its alternatives (./query-plan.ts), by the initials of a run of tokens
// ("NMR" at "nuclear magnetic resonance"), or by tokens that written together spell it
// ("LCPDA" at "LC-PDA"). From the alignment:
//   query coverage  the units' weights times the quality they were found with;
//   name coverage   how much of the name (its tokens' weights) the query explains, so the plain
//                   concept ("confocal microscopy") comes before its variants ("confocal Raman
//                   microscopy") and a name that is the query comes before one that contains it;
//   order           units found in the order typed, next to each other, from the name's start.
import type { InvertedIndex } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import type { QueryPlan } from './query-plan.js';
import { ACRONYM_FIELDS, QUALITY, WORD_FIELDS } from './query-plan.js';
import { InitialsMatcher, secondContent } from './initials-match.js';
import type { SegmentMatcher } from './case-segment-match.js';
import { type CaseSpelling, capitalsOf, caseShare, CONTRADICTED_SHARE, convincing, segmentMatcherOf } from './case-segments.js';
import { STOP } from './search-text.js';
import { spellsItself, unreadUnits } from './spelled-out.js';
import { TermMarks } from './term-marks.js';

interface SpellingCheck {
  text: string;
  units: number;
  quality: number;
  /** Word beginnings of several letters count, not only initials. */
  syllabic: boolean;
  /** A content word inside the run may give nothing. */
  skip: boolean;
  /** Word beginnings of any length (./long-beginnings.ts). */
  long: boolean;
  /** The capitals of a word in mixed case: read where the name's words do not begin as the word's small letters say, they count less (./case-segments.ts). */
  cased?: CaseSpelling;
  /**
   * Read only in a record the walk found the units in (./match-collector.ts): a variant
   * spelling, word beginnings, or words run together, which would otherwise be tried on
   * every name of every candidate.
   */
  gated: boolean;
  /** Read only in these records' own names (./parent-suffixes.ts), whatever the walk found. */
  only?: ReadonlySet<number>;
}

/** A name's alignment with the query. */
export interface NameFit {
  /** Σ unit weight × quality, over the query's total weight. */
  query: number;
  /** Share of the name's weight the query explains. */
  name: number;
  /** 0…1: share of the units found after the one before them. */
  order: number;
  /** Whether the first unit found is at the name's first word. */
  start: boolean;
}

const NO_FIT: NameFit = Object.freeze({ query: 0, name: 0, order: 0, start: false });

/** An organisation's initials are of its whole name: a run inside it ("PCR" in "Paris Cardiovascular Research Center") counts this much. */
const ORGANISATION_RUN = 0.65;
/** A run of initials that is not the whole name ("NMR" in "NMR spectrometer"), in other records. */
const PARTIAL_RUN = 0.95;
/** Spelled-out initials in a record whose own names spell them otherwise (./spelled-out.ts) count this much of their quality. */
const CONTRADICTED = 0.5;
/**
 * Spelled-out initials that nothing else of the record's names corroborates ("Project for Dryland
 * Agriculture" read as PDA in a photodiode array's "PDA", when the rest of the query is in none of
 * its names) count this much of their quality: in a longer query, a run of words whose initials
 * happen to be some record's acronym is weak evidence on its own.
 */
const UNCORROBORATED = 0.5;

export class NameMatcher {
  private readonly marks: TermMarks;
  private acronyms: SpellingCheck[] = [];
  private joins: SpellingCheck[] = [];
  /** Words in mixed case read by where their capitals begin words (./case-segments.ts). */
  private cased: { spelling: CaseSpelling; units: number; quality: number }[] = [];
  private plan: QueryPlan | null = null;
  /** Best quality and position of each unit in the name being aligned. */
  best = new Float64Array(32);
  private at = new Int32Array(32);
  private covered = new Uint8Array(64);
  private readonly initials: InitialsMatcher;
  private readonly segments: SegmentMatcher;
  /** Whether the name being aligned matched anything. */
  private taken = false;
  /** The record whose own names' unread units `unread` holds (./spelled-out.ts). */
  private unreadOf = -1;
  private unread = 0;
  /** The record whose own names' units found as words (not spelled-out initials) `plainUnits` holds. */
  private plainOf = -1;
  private plainUnits = 0;
  /** The spelled-out initials found in the name being aligned, as triples: units, quality, token. */
  private spelledHits: number[] = [];

  constructor(
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
    /** Weight of each term as a word of a name (its inverse document frequency in names). */
    private readonly termWeight: Float32Array,
  ) {
    this.marks = new TermMarks(index.termCount);
    this.initials = new InitialsMatcher(names, index);
    this.segments = segmentMatcherOf(names, index);
  }

  prepare(plan: QueryPlan): void {
    this.plan = plan;
    this.unreadOf = -1;
    this.plainOf = -1;
    this.marks.reset();
    this.acronyms = [];
    this.joins = [];
    this.cased = [];
    if (this.best.length < plan.units.length) {
      this.best = new Float64Array(plan.units.length);
      this.at = new Int32Array(plan.units.length);
    }
    for (const a of plan.alternatives) {
      // Initials are read off names (./acronyms.ts derived them); a word of the same
      // alternative (a variant that is a published acronym) is matched as a word too.
      if (a.segments) this.cased.push({ spelling: a.segments, units: a.units, quality: a.quality });
      if (a.acronym !== null) this.acronyms.push({ text: a.acronym, units: a.units, quality: a.quality, syllabic: a.syllabic, skip: a.skip === true, long: a.long === true, gated: a.syllabic || a.fields !== ACRONYM_FIELDS, only: a.only });
      if (!(a.fields & WORD_FIELDS)) continue;
      const spelled = a.spelled === true;
      if (a.terms === null) for (let t = a.from; t < a.to; t++) this.marks.mark(t, a.units, a.quality, spelled);
      else for (const t of a.terms) this.marks.mark(t, a.units, a.quality, spelled);
    }
    for (const c of this.cased) for (const a of this.acronyms) if (a.units & c.units && a.text === capitalsOf(c.spelling)) a.cased = c.spelling;
    plan.units.forEach((u, i) => {
      if (u.token.word.length >= 3 && i < 30) this.joins.push({ text: u.token.word, units: 1 << i, quality: QUALITY.joined, syllabic: false, skip: false, long: false, gated: true });
    });
  }

  /**
   * Aligns name `n` (a record's or a context name) with the prepared query; fills `best`.
   * `organisation`: the name is an organisation's (initials of part of it count less);
   * `found`: the units the walk found in this record's names (or context); `own`: the record
   * whose own name `n` is (−1 for a context name), which spelled-out initials its names spell do not credit.
   */
  fit(n: number, organisation: boolean, found: number, own = -1): NameFit {
    const plan = this.plan!;
    const m = plan.units.length;
    this.best.fill(0, 0, m);
    this.at.fill(-1, 0, m);
    const from = this.names.nameTokens[n]!;
    const to = this.names.nameTokens[n + 1]!;
    if (this.covered.length < to - from) this.covered = new Uint8Array(2 * (to - from));
    this.covered.fill(0, 0, to - from);
    let total = 0;
    this.taken = false;
    const all = m >= 31 ? -1 : (1 << m) - 1;
    let plain = 0;
    const spelledHits = this.spelledHits;
    spelledHits.length = 0;
    for (let p = from; p < to; p++) {
      if (this.names.tokenFlags[p]! & STOP) continue;
      const t = this.names.tokenTerm[p]!;
      total += this.termWeight[t]!;
      for (let s = this.marks.first(t); s >= 0; s = this.marks.next[s]!) {
        const contradicted = this.marks.spelled[s] && own >= 0 && (this.marks.units[s]! & this.unreadIn(own)) !== 0 && spellsItself(this.index, t, own);
        const quality = this.marks.quality[s]! * (contradicted ? CONTRADICTED : 1);
        if (this.marks.spelled[s]) spelledHits.push(this.marks.units[s]!, quality, p);
        else {
          plain |= this.marks.units[s]!;
          this.take(this.marks.units[s]!, quality, p, p, from);
        }
      }
    }
    // Spelled-out initials count fully where the record's names hold another unit of the query
    // as a word, or another of its spelled-out initials at another token (UNCORROBORATED).
    // (A record's own names include this one; a context name, own −1, has only itself.)
    const plainUnits = spelledHits.length > 0 && own >= 0 ? this.plainIn(own) : plain;
    for (let i = 0; i < spelledHits.length; i += 3) {
      const units = spelledHits[i]!;
      const others = all & ~units;
      let corroborating = plainUnits;
      for (let j = 0; j < spelledHits.length; j += 3) if (spelledHits[j + 2] !== spelledHits[i + 2]) corroborating |= spelledHits[j]!;
      const alone = others !== 0 && (corroborating & others) === 0;
      this.take(units, spelledHits[i + 1]! * (alone ? UNCORROBORATED : 1), spelledHits[i + 2]!, spelledHits[i + 2]!, from);
    }
    for (const c of this.acronyms) if ((c.only ? c.only.has(own) : !c.gated || c.units & found) && this.wanted(c)) this.findInitials(c, from, to, organisation);
    for (const c of this.joins) if (c.units & found && this.wanted(c)) this.findJoined(c, from, to);
    for (const c of this.cased) if (this.wanted(c)) this.findCased(c, from, to);
    if (!this.taken) return NO_FIT;
    return this.summary(m, from, to, total);
  }

  /** The units record `d`'s own names hold as words, not as spelled-out initials, kept for the record being ranked. */
  private plainIn(d: number): number {
    if (this.plainOf === d) return this.plainUnits;
    let units = 0;
    const { names } = this;
    for (let p = names.nameTokens[names.docNames[d]!]!; p < names.nameTokens[names.docNames[d + 1]!]!; p++) {
      if (names.tokenFlags[p]! & STOP) continue;
      for (let s = this.marks.first(names.tokenTerm[p]!); s >= 0; s = this.marks.next[s]!) if (!this.marks.spelled[s]) units |= this.marks.units[s]!;
    }
    [this.plainOf, this.plainUnits] = [d, units];
    return units;
  }

  /** The units record `d`'s own names do not read (./spelled-out.ts), kept for the record being ranked. */
  private unreadIn(d: number): number {
    if (this.unreadOf !== d) [this.unreadOf, this.unread] = [d, unreadUnits(this.names, this.index, this.marks, this.plan!.units, d)];
    return this.unread;
  }

  private wanted(c: { units: number; quality: number }): boolean {
    for (let u = 0; u < this.plan!.units.length && u < 30; u++) if (c.units & (1 << u) && this.best[u]! < c.quality) return true;
    return false;
  }

  private take(units: number, quality: number, first: number, last: number, from: number): void {
    this.taken = true;
    for (let u = 0; u < this.plan!.units.length && u < 30; u++) {
      if (units & (1 << u) && quality > this.best[u]!) {
        this.best[u] = quality;
        this.at[u] = first;
      }
    }
    for (let p = first; p <= last; p++) this.covered[p - from] = 1;
  }

  /** The text spelled by the initials of a run of tokens (./initials-match.ts). */
  private findInitials(c: SpellingCheck, from: number, to: number, organisation: boolean): void {
    const longest = c.long ? Infinity : undefined;
    let run = this.initials.find(c.text, from, to, c.syllabic, c.skip, false, longest);
    if (run === null) return;
    let first = from;
    while (first < to && this.names.tokenFlags[first]! & STOP) first++;
    let last = to - 1;
    while (last > first && this.names.tokenFlags[last]! & STOP) last--;
    let whole = run[0] <= first && run[1] === last;
    // Word beginnings may spell a run and also the whole name ("IMAR": I·MAR of "Institute of MARine", I·MA·R of the whole).
    if (!whole && c.syllabic && last > first) {
      const all = this.initials.find(c.text, from, last + 1, true, c.skip, true, longest);
      if (all !== null) [run, whole] = [all, true];
    }
    // Word beginnings of a name with its head word left out count as the whole name's ("PROMES":
    // Laboratoire PROcédés, Matériaux et Energie Solaire; ./verified-spellings.ts).
    if (!whole && c.syllabic && !c.long && !c.skip && run[1] === last && run[0] > first) whole = run[0] === secondContent(this.names, first, last);
    const contradicted = c.cased !== undefined && this.segments.find(c.cased, from, to, true) === null;
    this.take(c.units, c.quality * (whole ? 1 : organisation ? ORGANISATION_RUN : PARTIAL_RUN) * (contradicted ? CONTRADICTED_SHARE : 1), run[0], run[1], from);
  }

  /** Words beginning where a word in mixed case has its capitals (./case-segments.ts). */
  private findCased(c: { spelling: CaseSpelling; units: number; quality: number }, from: number, to: number): void {
    const run = this.segments.find(c.spelling, from, to);
    if (convincing(run)) this.take(c.units, c.quality * caseShare(run, this.names, from, to), run.first, run.last, from);
  }

  /** Consecutive tokens that written together are the text ("lc" "pda" for lcpda). */
  private findJoined(c: SpellingCheck, from: number, to: number): void {
    for (let p = from; p < to; p++) {
      let i = 0;
      for (let q = p; q < to; q++) {
        const term = this.index.terms[this.names.tokenTerm[q]!]!;
        if (!c.text.startsWith(term, i)) break;
        i += term.length;
        if (i === c.text.length) {
          if (q > p) return this.take(c.units, c.quality, p, q, from);
          break;
        }
      }
    }
  }

  private summary(m: number, from: number, to: number, total: number): NameFit {
    const plan = this.plan!;
    let query = 0;
    for (let u = 0; u < m; u++) query += plan.units[u]!.weight * this.best[u]!;
    let explained = 0;
    for (let p = from; p < to; p++) if (this.covered[p - from] && !(this.names.tokenFlags[p]! & STOP)) explained += this.termWeight[this.names.tokenTerm[p]!]!;
    let found = 0;
    let inOrder = 0;
    let previous = -1;
    let firstAt = -1;
    for (let u = 0; u < m; u++) {
      const at = this.at[u]!;
      if (at < 0) continue;
      if (firstAt < 0) firstAt = at;
      if (found > 0 && at > previous) inOrder++;
      previous = at;
      found++;
    }
    let firstContent = from;
    while (firstContent < to && this.names.tokenFlags[firstContent]! & STOP) firstContent++;
    return {
      query: query / plan.totalWeight,
      name: total > 0 ? Math.min(1, explained / total) : 0,
      order: found > 1 ? inOrder / (found - 1) : 1,
      start: found > 0 && firstAt === firstContent,
    };
  }
}
