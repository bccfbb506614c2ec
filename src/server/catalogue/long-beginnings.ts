// The one word of a query in capitals read as word beginnings of any length, with a word of the
// name left out inside, before or after them: "IBMETRO" (Instituto Boliviano de METROlogia),
// "UEHORTI" (Unité Expérimentale HORTIcole), "MICALIS" (MICrobiologie de l'ALImentation au
// Service de la santé), "NUTRISS" (Centre NUTRItion, Santé et Société), "EVOLSAN" (ÉVOLution
// et SANté orale). The other acronym readings look such names up by the initials a split of the
// word gives (./initials-match.ts: beginnings of at most four letters; ./verified-spellings.ts),
// which a left-out word or a long beginning changes. Here the records come from the word
// beginnings themselves: every stretch of three letters or more of the typed word is looked up as
// the beginning of the index's name words, rarest first, and the records holding such a word
// (at most MAX_CHECKED, no record read twice) are kept when one of their own names spells the
// whole word from one of its first three content words (generic head words left out: "COMPTRASEC",
// Centre de droit COMParé du TRAvail et de la SÉCurité sociale; "AISEC", Fraunhofer Institute
// for Applied and Integrated SECurity) (InitialsMatcher.find with unbounded
// beginnings and one content word left out). Those records are ranked whatever their coverage
// (as ./verified-spellings.ts does); the walk finds them by the rarest word of the spelling run
// as a guess (below FAIR_QUALITY: its other holders do not spell the word), and the ranking
// credits the reading only in names that spell it.
import { type InitialsMatcher, initialsMatcherOf } from './initials-match.js';
import { ACRONYM, ALT, type InvertedIndex, TITLE } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import { ACRONYM_FIELDS, NAME_FIELDS, QUALITY } from './plan-quality.js';
import type { QueryPlan } from './plan-types.js';
import { CAPS, STOP, type Token } from './search-text.js';

/** Letters typed: fewer fit too many names loosely; more are no acronym. */
const MIN_LETTERS = 5;
const MAX_LETTERS = 12;
/** Stretches of the typed word looked up as word beginnings are at least this long. */
const MIN_STRETCH = 3;
/** A stretch that begins more name words than this says too little to be read. */
const MAX_POSTINGS = 4000;
/** At most this many records' names are read per query (a microsecond or two each). */
const MAX_CHECKED = 160;
/** At most this many records found so are ranked. */
const MAX_FORCED = 16;

/** The spelling starts at one of the name's first this many content words. */
const LATEST_START = 3;

/** The walk finds the records by the rarest word of the run at this quality, a guess its other holders get too (below FAIR_QUALITY). */
const GUESS = 0.3;


interface Stretch {
  from: number;
  to: number;
  postings: number;
}

/**
 * Reads the plan's one unit so when it is a word in capitals (or the word of a query with no
 * small letter) that no name has as its initials; adds the readings to the plan and returns the
 * records whose names spell it.
 */
export function readLongBeginnings(plan: QueryPlan, index: InvertedIndex, names: NameTable, shouted: boolean): number[] {
  if (plan.units.length !== 1) return [];
  const token: Token = plan.units[0]!.token;
  const raw = token.raw;
  if (!(token.flags & CAPS || shouted) || raw.length < MIN_LETTERS || raw.length > MAX_LETTERS || !/^[a-z]+$/.test(raw)) return [];
  // A name has it as a word or as its initials: that record is meant.
  const own = index.termId(raw);
  if (own >= 0 && index.postings(own, own + 1, NAME_FIELDS | (1 << ACRONYM)) > 0) return [];
  const matcher = initialsMatcherOf(names, index);
  const stretches: Stretch[] = [];
  for (let length = raw.length; length >= MIN_STRETCH; length--) {
    for (let i = 0; i + length <= raw.length; i++) {
      const [from, to] = index.prefixRange(raw.slice(i, i + length));
      const postings = index.postings(from, to, NAME_FIELDS);
      if (postings > 0 && postings <= MAX_POSTINGS) stretches.push({ from, to, postings });
    }
  }
  stretches.sort((a, b) => a.postings - b.postings);
  const checked = new Set<number>();
  const forced: number[] = [];
  const found = new Set<number>();
  for (const s of stretches) {
    for (const f of [TITLE, ALT]) {
      const { starts, docs } = index.fields[f]!;
      for (let j = starts[s.from]!; j < starts[s.to]!; j++) {
        const d = docs[j]!;
        if (checked.has(d)) continue;
        if (checked.size >= MAX_CHECKED || forced.length >= MAX_FORCED) return finish(plan, forced, found);
        checked.add(d);
        const rarest = spelt(matcher, names, index, d, raw);
        if (rarest < 0) continue;
        forced.push(d);
        found.add(rarest);
      }
    }
  }
  return finish(plan, forced, found);
}

function finish(plan: QueryPlan, forced: number[], found: Set<number>): number[] {
  if (forced.length === 0) return forced;
  const bit = 1;
  const acronym = plan.units[0]!.token.raw;
  plan.alternatives.push(
    { terms: [...found], from: 0, to: 0, quality: GUESS, units: bit, fields: NAME_FIELDS, acronym: null, syllabic: false },
    { terms: [], from: 0, to: 0, quality: QUALITY.longBeginnings, units: bit, fields: ACRONYM_FIELDS, acronym, syllabic: true, long: true },
    { terms: [], from: 0, to: 0, quality: QUALITY.longSkipped, units: bit, fields: ACRONYM_FIELDS, acronym, syllabic: true, skip: true, long: true },
  );
  return forced;
}

/**
 * The rarest word of the run by which one of record d's own names spells `text` in word
 * beginnings of any length (two content words or more, from one of its first LATEST_START content words,
 * one content word inside left out), or −1.
 */
function spelt(matcher: InitialsMatcher, names: NameTable, index: InvertedIndex, d: number, text: string): number {
  for (let n = names.docNames[d]!; n < names.docNames[d + 1]!; n++) {
    const from = names.nameTokens[n]!;
    const to = names.nameTokens[n + 1]!;
    let latest = from;
    for (let content = 0; latest < to; latest++) if (!(names.tokenFlags[latest]! & STOP) && ++content === LATEST_START) break;
    const run = matcher.find(text, from, to, true, true, false, Infinity);
    if (run === null || run[0] > latest) continue;
    let rarest = -1;
    let words = 0;
    for (let p = run[0]; p <= run[1]; p++) {
      if (names.tokenFlags[p]! & STOP) continue;
      words++;
      const t = names.tokenTerm[p]!;
      if (rarest < 0 || index.postings(t, t + 1, NAME_FIELDS) < index.postings(rarest, rarest + 1, NAME_FIELDS)) rarest = t;
    }
    if (words >= 2) return rarest;
  }
  return -1;
}
