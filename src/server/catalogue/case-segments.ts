// A word written in mixed case read by where its capitals put word starts ("SeaSim": National
// SEA SIMulator; "CultNat": Center for Documentation of CULTural and NATural Heritage; "DynAMic":
// DYNamique des Génomes et Adaptation MICrobienne). A capital after a small letter, and a capital
// followed by small letters, begins a word of the name; the small letters after it go on with that
// word's beginning, however long ("West", "Grid"); each capital of a run of them may begin a word
// or go on with the one before ("VIH"). So the case says where the words of the name begin, which
// plain initials ("ss" for SeaSim, ./acronym-readings.ts mixedCaseCapitals) leave open, and the
// beginnings may be as long as typed (word beginnings read by ./initials-match.ts are at most four
// letters, at any split).
//
// The reading needs a name whose words, in order, begin so: function words between them are
// passed over, and up to MAX_INNER_SKIPS content words; words before and after make it a run of
// the name, not the whole (counted as a run of initials is, ./name-match.ts). At least
// MIN_EVIDENCE letters must go on with a word beyond its first letter, so a word of single
// capitals and one-letter pieces ("IMaB") is left to initials. The records to rank are found by
// the longest piece a word must begin with: the names of the records holding words that start so
// (a bounded number) are read, and those a name spells are ranked whatever their coverage, as
// ./verified-spellings.ts does with the spellings it checks.
import { ALT, type InvertedIndex, TITLE } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import type { Alternative, QueryPlan } from './query-plan.js';
import { CJK, DIGITS, STOP } from './search-text.js';

/** How a reading counts: word beginnings a name was checked to spell, as verified spellings do. */
export const CASE_SEGMENTS_QUALITY = 0.82;
/** Each content word passed over inside the run counts this much more. */
export const INNER_SKIP_SHARE = 0.9;
const MAX_INNER_SKIPS = 2;
const MIN_EVIDENCE = 2;
/** The least letters of the piece the records are found by, and the most postings it may have in names. */
const MIN_PIECE = 3;
const MAX_POSTINGS = 4000;
/** At most this many records' names are read per word, and this many found so are ranked. */
const MAX_CHECKED = 400;
const MAX_FORCED = 24;
const MAX_LETTERS = 16;

/** Where a typed letter stands: it must begin a word, may begin one, or goes on with the word before. */
const GOES_ON = 0;
const MAY_BEGIN = 1;
const BEGINS = 2;

/** A word in mixed case: its letters (small) and what each may do. */
export interface CaseSpelling {
  letters: string;
  starts: Uint8Array;
}

/** What a name's tokens [from, to) spell of a reading: the run, content words passed over inside it, letters beyond words' first. */
export interface SegmentRun {
  first: number;
  last: number;
  skips: number;
  evidence: number;
}

/** The words of `text` written in mixed case, by the word folded as the query's tokens have it. */
export function caseSpellings(text: string): Map<string, CaseSpelling> {
  const out = new Map<string, CaseSpelling>();
  const plain = text.normalize('NFD').replace(/\p{M}+/gu, '');
  for (const word of plain.match(/[A-Za-z]+/g) ?? []) {
    const spelling = caseSpelling(word);
    if (spelling) out.set(word.toLowerCase(), spelling);
  }
  return out;
}

const isCapital = (c: number): boolean => c >= 65 && c <= 90;

/** The spelling of one word, or null when its case says nothing more than where it begins. */
export function caseSpelling(word: string): CaseSpelling | null {
  const n = word.length;
  if (n < 3 || n > MAX_LETTERS || !/[a-z]/.test(word) || !/[A-Z]/.test(word.slice(1))) return null;
  const starts = new Uint8Array(n);
  let inner = false;
  for (let i = 0; i < n; i++) {
    const c = word.charCodeAt(i);
    if (i === 0) starts[i] = BEGINS;
    else if (!isCapital(c)) starts[i] = GOES_ON;
    else if (!isCapital(word.charCodeAt(i - 1)) || (i + 1 < n && !isCapital(word.charCodeAt(i + 1)))) starts[i] = BEGINS;
    else starts[i] = MAY_BEGIN;
    if (i > 0 && starts[i] === BEGINS) inner = true;
  }
  // A small letter first and then capitals ("iTHEMS", "qPCR") is a prefix or an initial, not a word's beginning.
  if (!inner || !isCapital(word.charCodeAt(0))) return null;
  return { letters: word.toLowerCase(), starts };
}

/** The pieces a word of the name must begin with: a capital and the small letters after it. */
function pieces(s: CaseSpelling): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.letters.length; i++) {
    if (s.starts[i] !== BEGINS) continue;
    let j = i + 1;
    while (j < s.letters.length && s.starts[j] === GOES_ON) j++;
    out.push(s.letters.slice(i, j));
  }
  return out;
}

/**
 * Reads names by a case spelling: the run of tokens of [from, to) whose words begin as the
 * spelling says, the fewest words passed over and the most letters explained first, or null.
 */
export class SegmentMatcher {
  private memo = new Map<number, SegmentRun | null>();
  private spelling!: CaseSpelling;
  private base = 0;
  private to = 0;

  constructor(
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
  ) {}

  find(spelling: CaseSpelling, from: number, to: number): SegmentRun | null {
    this.spelling = spelling;
    this.base = from;
    this.to = to;
    this.memo.clear();
    const first = spelling.letters.charCodeAt(0);
    let best: SegmentRun | null = null;
    for (let p = from; p < to; p++) {
      if (!this.content(p) || this.term(p).charCodeAt(0) !== first) continue;
      const run = this.from(0, p);
      if (run && (!best || better(run, best))) best = run;
    }
    return best;
  }

  private content(p: number): boolean {
    return !(this.names.tokenFlags[p]! & STOP);
  }

  private term(p: number): string {
    return this.index.terms[this.names.tokenTerm[p]!]!;
  }

  /** The best run whose word at token p begins at letter i. */
  private from(i: number, p: number): SegmentRun | null {
    const key = i * 65536 + (p - this.base);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const { letters, starts } = this.spelling;
    const term = this.term(p);
    const flags = this.names.tokenFlags[p]!;
    let best: SegmentRun | null = null;
    if (!(flags & (CJK | DIGITS)) && term.charCodeAt(0) === letters.charCodeAt(i)) {
      for (let n = 1; n <= term.length && i + n <= letters.length; n++) {
        if (n > 1 && (starts[i + n - 1] === BEGINS || term.charCodeAt(n - 1) !== letters.charCodeAt(i + n - 1))) break;
        const j = i + n;
        let run: SegmentRun | null = null;
        if (j === letters.length) run = { first: p, last: p, skips: 0, evidence: n - 1 };
        else if (starts[j] !== GOES_ON) run = this.next(j, p, n - 1);
        if (run && (!best || better(run, best))) best = run;
      }
    }
    this.memo.set(key, best);
    return best;
  }

  /** The best run going on at letter j with a word after token p (`evidence`: letters explained so far beyond words' first). */
  private next(j: number, p: number, evidence: number): SegmentRun | null {
    let best: SegmentRun | null = null;
    let skips = 0;
    for (let q = p + 1; q < this.to && skips <= MAX_INNER_SKIPS; q++) {
      if (!this.content(q)) continue;
      const rest = this.from(j, q);
      if (rest) {
        const run = { first: p, last: rest.last, skips: rest.skips + skips, evidence: rest.evidence + evidence };
        if (run.skips <= MAX_INNER_SKIPS && (!best || better(run, best))) best = run;
      }
      skips++;
    }
    return best;
  }
}

/** Fewer words passed over first, then more letters explained, then the shorter run. */
function better(a: SegmentRun, b: SegmentRun): boolean {
  if (a.skips !== b.skips) return a.skips < b.skips;
  if (a.evidence !== b.evidence) return a.evidence > b.evidence;
  return a.last - a.first < b.last - b.first;
}

/** Whether a run is read at all: enough letters go on with words beyond their first. */
export const convincing = (run: SegmentRun | null): run is SegmentRun => run !== null && run.evidence >= MIN_EVIDENCE;

const MATCHERS = new WeakMap<NameTable, SegmentMatcher>();

export function segmentMatcherOf(names: NameTable, index: InvertedIndex): SegmentMatcher {
  let m = MATCHERS.get(names);
  if (!m) MATCHERS.set(names, (m = new SegmentMatcher(names, index)));
  return m;
}

/**
 * Adds a reading by case to the plan for each unit written in mixed case, and returns the
 * records whose names spell one (found through the longest piece a word must begin with).
 */
export function caseSegmentReadings(text: string, plan: QueryPlan, index: InvertedIndex, names: NameTable): number[] {
  const spellings = caseSpellings(text);
  if (spellings.size === 0) return [];
  const forced: number[] = [];
  plan.units.forEach((unit, u) => {
    const spelling = u < 30 ? spellings.get(unit.token.raw) : undefined;
    if (!spelling) return;
    const reading: Alternative = { terms: [], from: 0, to: 0, quality: CASE_SEGMENTS_QUALITY, units: 1 << u, fields: 0, acronym: null, syllabic: false, segments: spelling };
    const at = plan.alternatives.findIndex((a) => a.quality < reading.quality);
    plan.alternatives.splice(at < 0 ? plan.alternatives.length : at, 0, reading);
    forced.push(...spellingRecords(spelling, index, names));
  });
  return forced;
}

/** Records with a name the spelling reads, through the rarest long piece a word must begin with. */
function spellingRecords(spelling: CaseSpelling, index: InvertedIndex, names: NameTable): number[] {
  let range: [number, number] | null = null;
  let fewest = MAX_POSTINGS + 1;
  for (const piece of pieces(spelling)) {
    if (piece.length < MIN_PIECE) continue;
    const [from, to] = index.prefixRange(piece);
    const n = index.postings(from, to, (1 << TITLE) | (1 << ALT));
    if (n > 0 && n < fewest) [range, fewest] = [[from, to], n];
  }
  if (!range) return [];
  const matcher = segmentMatcherOf(names, index);
  const seen = new Set<number>();
  const found: { d: number; run: SegmentRun }[] = [];
  for (let t = range[0]; t < range[1] && seen.size < MAX_CHECKED; t++) {
    for (const f of [TITLE, ALT]) {
      const { starts, docs } = index.fields[f]!;
      for (let j = starts[t]!; j < starts[t + 1]! && seen.size < MAX_CHECKED; j++) {
        const d = docs[j]!;
        if (seen.has(d)) continue;
        seen.add(d);
        let best: SegmentRun | null = null;
        for (let n = names.docNames[d]!; n < names.docNames[d + 1]!; n++) {
          const run = matcher.find(spelling, names.nameTokens[n]!, names.nameTokens[n + 1]!);
          if (convincing(run) && (!best || better(run, best))) best = run;
        }
        if (best) found.push({ d, run: best });
      }
    }
  }
  found.sort((a, b) => (better(a.run, b.run) ? -1 : better(b.run, a.run) ? 1 : 0));
  return found.slice(0, MAX_FORCED).map((x) => x.d);
}
