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
import { NAME_FIELDS } from './plan-quality.js';
import { ALT, type InvertedIndex, TITLE } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import type { Alternative, QueryPlan } from './query-plan.js';
import { STOP } from './search-text.js';
import { BEGINS, better, type CaseSpelling, GOES_ON, MAY_BEGIN, SegmentMatcher, type SegmentRun } from './case-segment-match.js';

export type { CaseSpelling } from './case-segment-match.js';

/** How a reading counts: word beginnings a name was checked to spell, as verified spellings do. */
export const CASE_SEGMENTS_QUALITY = 0.82;
/** Each content word of the name the reading passes over, inside the run or before or after it, counts this much more … */
const PASSED_OVER_SHARE = 0.9;
/** … down to this: a run of initials inside an organisation's name (./name-match.ts). */
const LEAST_SHARE = 0.65;
const MIN_EVIDENCE = 2;
/**
 * The capitals read as initials ("cths") count this much in a name whose words do not begin as the
 * small letters say, not even with a small letter as the initial of a function word after its
 * word ("IoP": Institute of Physics): CeTHiS is not the Centre de Thermique et d'Hydraulique des Sols.
 */
export const CONTRADICTED_SHARE = 0.8;
/** The least letters of the piece the records are found by, and the most postings it may have in names. */
const MIN_PIECE = 3;
const MAX_POSTINGS = 4000;
/** Two shorter pieces are read together when each has at most this many postings in names. */
const MAX_PAIR_POSTINGS = 30000;
/** At most this many records' names are read per word, and this many found so are ranked. */
const MAX_CHECKED = 400;
const MAX_FORCED = 24;
const MAX_LETTERS = 16;



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
export function caseSpelling(typed: string): CaseSpelling | null {
  // A small s after capitals is a plural ("HOTs", "CNTs"), not a word's beginning.
  const word = /[A-Z]s$/.test(typed) ? typed.slice(0, -1) : typed;
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
  const letters = word.toLowerCase();
  return { letters, starts, pieces: pieces(letters, starts) };
}

/** The pieces a word of the name must begin with: a capital and the small letters after it. */
function pieces(letters: string, starts: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < letters.length; i++) {
    if (starts[i] !== BEGINS) continue;
    let j = i + 1;
    while (j < letters.length && starts[j] === GOES_ON) j++;
    out.push(letters.slice(i, j));
  }
  return out;
}

/** The share of the reading's quality a run earns in the name of tokens [from, to). */
export function caseShare(run: SegmentRun, names: NameTable, from: number, to: number): number {
  let passed = run.skips;
  for (let p = from; p < to; p++) if ((p < run.first || p > run.last) && !(names.tokenFlags[p]! & STOP)) passed++;
  return Math.max(LEAST_SHARE, PASSED_OVER_SHARE ** passed);
}

/** The capitals of a case spelling: its initials when small letters are passed over ("CeTHiS" → cths). */
export function capitalsOf(spelling: CaseSpelling): string {
  let out = '';
  for (let i = 0; i < spelling.letters.length; i++) if (spelling.starts[i] !== GOES_ON) out += spelling.letters[i];
  return out;
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

/** A piece a word must begin with, and the terms that begin so. */
interface Piece {
  from: number;
  to: number;
  letters: number;
  postings: number;
}

/** Per index, a stamp per record for the records holding a word of the first of two pieces. */
const STAMPS = new WeakMap<InvertedIndex, { stamps: Int32Array; epoch: number }>();

/** Calls `each` with the records whose names hold a word starting with the piece, until it returns false. */
function holders(index: InvertedIndex, piece: Piece, each: (d: number) => boolean): void {
  for (let t = piece.from; t < piece.to; t++) {
    for (const f of [TITLE, ALT]) {
      const { starts, docs } = index.fields[f]!;
      for (let j = starts[t]!; j < starts[t + 1]!; j++) if (!each(docs[j]!)) return;
    }
  }
}

/** Up to `most` records whose names hold a word starting with the piece, or with each of two pieces. */
function candidates(index: InvertedIndex, most: number, a: Piece, b?: Piece): number[] {
  const out: number[] = [];
  let marks = STAMPS.get(index);
  if (!marks) STAMPS.set(index, (marks = { stamps: new Int32Array(index.size), epoch: 0 }));
  const { stamps } = marks;
  // mark: holds a word of the first piece; mark + 1: taken already.
  const mark = (marks.epoch += 2);
  if (b) holders(index, a, (d) => ((stamps[d] = mark), true));
  holders(index, b ?? a, (d) => {
    if (stamps[d] === mark + 1 || (b && stamps[d] !== mark)) return true;
    stamps[d] = mark + 1;
    out.push(d);
    return out.length < most;
  });
  return out;
}

/**
 * Records with a name the spelling reads: those holding a word that begins with the rarest piece
 * of MIN_PIECE letters or more, or, when there is none rare enough, with each of the two rarest
 * pieces of two letters or more ("CeTHiS": ce…, hi…).
 */
function spellingRecords(spelling: CaseSpelling, index: InvertedIndex, names: NameTable): number[] {
  const ranked: Piece[] = [];
  for (const piece of spelling.pieces) {
    if (piece.length < 2) continue;
    const [from, to] = index.prefixRange(piece);
    const postings = index.postings(from, to, NAME_FIELDS);
    if (postings === 0) return [];
    ranked.push({ from, to, letters: piece.length, postings });
  }
  ranked.sort((a, b) => a.postings - b.postings);
  const long = ranked.find((p) => p.letters >= MIN_PIECE && p.postings <= MAX_POSTINGS);
  const records = long ? candidates(index, MAX_CHECKED, long) : ranked.length >= 2 && ranked[1]!.postings <= MAX_PAIR_POSTINGS ? candidates(index, MAX_CHECKED, ranked[0]!, ranked[1]!) : [];
  const matcher = segmentMatcherOf(names, index);
  const found: { d: number; run: SegmentRun }[] = [];
  for (const d of records) {
    let best: SegmentRun | null = null;
    for (let n = names.docNames[d]!; n < names.docNames[d + 1]!; n++) {
      const run = matcher.find(spelling, names.nameTokens[n]!, names.nameTokens[n + 1]!);
      if (convincing(run) && (!best || better(run, best))) best = run;
    }
    if (best) found.push({ d, run: best });
  }
  found.sort((a, b) => (better(a.run, b.run) ? -1 : better(b.run, a.run) ? 1 : 0));
  return found.slice(0, MAX_FORCED).map((x) => x.d);
}
