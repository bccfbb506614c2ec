// An acronym written with its parent organisation's initials glued on: "IOCAS" (Institute of
// Oceanology, Chinese Academy of Sciences), "SICCAS" (Shanghai Institute of Ceramics, CAS), "CMUP"
// (Centro de Matemática, Universidade do Porto), "CLUNL" (Centro de Linguística, Universidade Nova
// de Lisboa). No name of the record has those letters: its own name spells the first part and a
// parent organisation's initials (the index's context acronyms, ./acronyms.ts of each parent name)
// are the rest. For each word of the query in capitals (or the one word of a query with no small
// letter) that no name has as a word or as its initials, every split into a first part and a
// last part of MIN_PART letters or more whose last part is some parent's initials is looked up:
// the records under that parent (at most MAX_CHECKED read per query) whose own whole name the
// first part spells, by initials or word beginnings of up to four letters (InitialsMatcher.find,
// as ./verified-spellings.ts reads names), are ranked whatever their coverage, and the ranking
// credits the first part's spelling in those records' own names only (`only`: a record under
// another parent whose name spells the first part is not meant).
import { initialsMatcherOf, type InitialsMatcher } from './initials-match.js';
import { ACRONYM, CONTEXT_ACRONYM, type InvertedIndex } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import { ACRONYM_FIELDS, NAME_FIELDS, QUALITY } from './plan-quality.js';
import type { QueryPlan } from './plan-types.js';
import { CAPS, STOP } from './search-text.js';

/** Letters typed: the two parts need two letters each. */
const MIN_LETTERS = 4;
const MAX_LETTERS = 12;
/** Each part is at least this long (one letter is no organisation's initials). */
const MIN_PART = 2;
/** At most this many records' names are read per query (most are passed over at their first letter). */
const MAX_CHECKED = 600;
/** At most this many records found so are ranked. */
const MAX_FORCED = 16;
/** Units beyond this many are not told apart (bit masks). */
const MAX_UNITS = 30;

/**
 * Adds a reading of each such word of the plan as an own name's spelling plus a parent's
 * initials; returns the records found so.
 */
export function readParentSuffixes(plan: QueryPlan, index: InvertedIndex, names: NameTable, shouted: boolean): number[] {
  const forced: number[] = [];
  let checked = 0;
  const single = plan.units.length === 1;
  for (let u = 0; u < plan.units.length && u < MAX_UNITS; u++) {
    const token = plan.units[u]!.token;
    const raw = token.raw;
    if (!(token.flags & CAPS || (shouted && single)) || raw.length < MIN_LETTERS || raw.length > MAX_LETTERS || !/^[a-z0-9]+$/.test(raw)) continue;
    // A name has it as a word or as its initials: that record is meant.
    const own = index.termId(raw);
    if (own >= 0 && index.postings(own, own + 1, NAME_FIELDS | (1 << ACRONYM)) > 0) continue;
    const matcher = initialsMatcherOf(names, index);
    const { starts, docs } = index.fields[CONTEXT_ACRONYM]!;
    for (let k = MIN_PART; k + MIN_PART <= raw.length; k++) {
      const parent = index.termId(raw.slice(k));
      if (parent < 0 || starts[parent + 1]! === starts[parent]!) continue;
      const first = raw.slice(0, k);
      const found: number[] = [];
      for (let j = starts[parent]!; j < starts[parent + 1]! && checked < MAX_CHECKED; j++, checked++) {
        const d = docs[j]!;
        if (spellsOwnName(matcher, names, index, d, first)) found.push(d);
      }
      if (found.length === 0) continue;
      plan.alternatives.push({
        terms: [], from: 0, to: 0, quality: QUALITY.parentSuffixed, units: 1 << u, fields: ACRONYM_FIELDS, acronym: first, syllabic: true, only: new Set(found),
      });
      for (const d of found) if (forced.length < MAX_FORCED) forced.push(d);
    }
  }
  return forced;
}

/** Whether one of record d's own names is spelt by `text` from its first content word to its last. */
function spellsOwnName(matcher: InitialsMatcher, names: NameTable, index: InvertedIndex, d: number, text: string): boolean {
  const c = text.charCodeAt(0);
  for (let n = names.docNames[d]!; n < names.docNames[d + 1]!; n++) {
    const from = names.nameTokens[n]!;
    const to = names.nameTokens[n + 1]!;
    // Most names do not start with the first letter (their first content word, or a function word before it, gives it): passed over at once.
    let starts = false;
    for (let p = from; p < to && !starts; p++) {
      const code = index.terms[names.tokenTerm[p]!]!.charCodeAt(0);
      starts = code === c || code < 97;
      if (!(names.tokenFlags[p]! & STOP)) break;
    }
    if (!starts) continue;
    let last = to - 1;
    while (last > from && names.tokenFlags[last]! & STOP) last--;
    if (last > from && matcher.find(text, from, last + 1, true, false, true) !== null) return true;
  }
  return false;
}
