// Readings of an acronym that fit many names loosely, kept only where a name spells it
// (./search-index.ts, before the walk). Word beginnings of a short acronym ("IMAR": Institute
// of MARine Research; "INIA": INstituto de Investigaciones Agropecuarias) are the initials of
// many records' names ("imr", "iia"), and the candidates the walk keeps are the best covered
// few: all of those records cover the query alike, so the one whose words begin so may not be
// among them. Each derived acronym such a reading lists (`verify` alternatives, rarest first)
// is looked up in the names of the records holding it (InitialsMatcher.find, as the ranking
// reads them, ./initials-match.ts), within a bounded number of records; an acronym no record
// spells as a whole name is dropped from the plan, and the records that spell it are ranked
// whatever their coverage (forced in, as ./name-substitutes.ts does for names one word away).
// The walk reads the terms kept as it does a guess (FAIR_QUALITY: their many other holders do
// not spell the reading and must not crowd out the candidates other readings find); the ranking
// reads the spelling in the candidates' names at the reading's own quality. A reading of letters
// that are another name's initials (verify 'spelt', ./acronym-readings.ts) is not walked at all:
// only the records that spell it are ranked, since the terms' holders do not stand for it.
import { type InitialsMatcher, initialsMatcherOf, secondContent } from './initials-match.js';
import { ACRONYM, type InvertedIndex, RUN } from './inverted-index.js';
import { FAIR_QUALITY } from './match-collector.js';
import type { NameTable } from './name-table.js';
import type { Alternative, QueryPlan } from './query-plan.js';
import { STOP } from './search-text.js';

/** At most this many records' names are read per query (a microsecond or two each). */
const MAX_CHECKED = 128;
/** At most this many records found so are forced among the ranked candidates. */
const MAX_FORCED = 24;

/**
 * Checks the plan's `verify` alternatives in place: each keeps the terms some record's whole
 * name spells (an alternative left with none is removed). Returns the records found so.
 */
export function verifySpellings(plan: QueryPlan, index: InvertedIndex, names: NameTable): number[] {
  if (!plan.alternatives.some((a) => a.verify)) return [];
  const matcher = initialsMatcherOf(names, index);
  const forced = new Set<number>();
  const budget = { checked: 0 };
  const found = new Map<Alternative, Spelt>();
  // Whole names first: the names with a head word left out get what reading is left.
  for (const head of [false, true]) {
    for (const a of plan.alternatives) {
      if (a.verify && a.terms !== null && a.acronym !== null && (a.verify === 'head') === head) found.set(a, spelt(a, a.terms, a.acronym, matcher, names, index, forced, budget));
    }
  }
  const kept: Alternative[] = [];
  for (const a of plan.alternatives) {
    const spelling = found.get(a);
    if (spelling === undefined) kept.push(a);
    // The walk finds the terms' holders as it does a guess (most of them do not spell the
    // reading) and the ranking credits the reading only in the names that spell it; the terms of
    // letters that are another name's initials, or of the initials of words that end names (most
    // hold them within a longer name), are not walked, and only the records that spell it are
    // credited (the walk found them by no unit: forced in).
    else if (spelling.terms.length > 0) {
      if (a.verify === true) kept.push({ ...a, terms: spelling.terms, quality: FAIR_QUALITY, acronym: null });
      kept.push({ ...a, terms: [], verify: false, only: a.verify === true ? undefined : spelling.docs });
    }
  }
  plan.alternatives = kept;
  return [...forced];
}

interface Spelt {
  terms: number[];
  docs: Set<number>;
}

/** The terms of alternative `a` some record holding them spells, and those records (added to `forced`). */
function spelt(a: Alternative, of: readonly number[], text: string, matcher: InitialsMatcher, names: NameTable, index: InvertedIndex, forced: Set<number>, budget: { checked: number }): Spelt {
  // A name with its head word left out is spelt by the initials of the words that end it (./acronyms.ts: runs).
  const head = a.verify === 'head';
  const { starts, docs } = index.fields[head ? RUN : ACRONYM]!;
  const terms = [...of].sort((x, y) => starts[x + 1]! - starts[x]! - (starts[y + 1]! - starts[y]!));
  const out: Spelt = { terms: [], docs: new Set() };
  for (const t of terms) {
    let found = false;
    for (let j = starts[t]!; j < starts[t + 1]! && budget.checked < MAX_CHECKED; j++) {
      const d = docs[j]!;
      budget.checked++;
      if (!spellsWholeName(matcher, names, index, d, text, a.syllabic, a.skip === true, head)) continue;
      found = true;
      out.docs.add(d);
      if (forced.size < MAX_FORCED) forced.add(d);
    }
    if (found) out.terms.push(t);
  }
  return out;
}

/** Whether one of record d's own names is spelt by `text` from its first content word (with `head`, its second) to its last. */
function spellsWholeName(matcher: InitialsMatcher, names: NameTable, index: InvertedIndex, d: number, text: string, syllabic: boolean, skip: boolean, head = false): boolean {
  for (let n = names.docNames[d]!; n < names.docNames[d + 1]!; n++) {
    let from = names.nameTokens[n]!;
    const to = names.nameTokens[n + 1]!;
    let first = from;
    while (first < to && names.tokenFlags[first]! & STOP) first++;
    let last = to - 1;
    while (last > first && names.tokenFlags[last]! & STOP) last--;
    if (head) from = first = secondContent(names, first, last);
    if (last <= first || !mayStart(names, index, from, first, text)) continue;
    // Only a name that needs the reading: one its plain initials spell is read so without it.
    if (matcher.find(text, from, last + 1, syllabic, skip, true) !== null) return matcher.find(text, from, last + 1, false, false, true) === null;
  }
  return false;
}

/** Whether the name's first content word, or a function word before it, starts with the text's first letter (x and digits aside: conventional letters). */
function mayStart(names: NameTable, index: InvertedIndex, from: number, first: number, text: string): boolean {
  const c = text.charCodeAt(0);
  if (c === 120 || c < 97) return true;
  for (let p = from; p <= first; p++) {
    const term = index.terms[names.tokenTerm[p]!]!;
    if (term.charCodeAt(0) === c || term.charCodeAt(0) < 97) return true;
  }
  return false;
}
