// The most a candidate can score (./search-index.ts ranks candidates best bound first and stops at
// the first whose bound cannot beat the last of the list), from the posting-list walk alone
// (./match-collector.ts). The ranking aligns names with the query (./name-match.ts), so the bound
// must count each unit at least as well as any name or context name of the record can hold it:
//   - a unit the walk found in a name counts fully, in the context PLACE_CREDIT, in the body
//     TEXT_CREDIT (./coverage.ts), and, when no alternative of STRONG_QUALITY found it, at that
//     quality (a weaker alternative is below it: a verified spelling 0.82, a reading of another
//     script 0.81), not at the coverage's WEAK_CREDIT;
//   - a unit with initials checked in every candidate's names (`names`), or in the names of the
//     records a check found to spell them (`found`, ./parent-suffixes.ts), counts fully;
//   - a unit with a reading the walk looks up only in names (joined words, spelled-out
//     initials) counts PLACE_CREDIT when the record has a context name the ranking reads
//     (`context`), since the ranking aligns every reading with context names too;
//   - a record the walk did not reach (an exact name, a substituted one) counts every unit.
import { NAME_FIELDS } from './plan-quality.js';
import { PLACE_CREDIT, TEXT_CREDIT } from './coverage.js';
import { CONTEXT } from './inverted-index.js';
import { type MatchCollector, NAMES, PLACE, STRONG_QUALITY, TEXT } from './match-collector.js';
import { ACRONYM_FIELDS, MAX_UNITS, type QueryPlan } from './query-plan.js';


/** Units the ranking may find where the walk did not look. */
export interface RankingOnly {
  /** Units with acronym readings checked in every candidate's names (./name-match.ts). */
  names: number;
  /** Per record, the units of readings credited only in that record's names (`only`, ./parent-suffixes.ts). */
  found: Map<number, number>;
  /** Units with readings looked up in names only, which the ranking also reads in context names. */
  context: number;
}

export function rankingOnly(plan: QueryPlan): RankingOnly {
  let names = 0;
  let context = 0;
  const found = new Map<number, number>();
  for (const a of plan.alternatives) {
    if ((a.acronym !== null && !a.syllabic && a.fields === ACRONYM_FIELDS) || a.segments) names |= a.units;
    if (a.only) for (const d of a.only) found.set(d, (found.get(d) ?? 0) | a.units);
    if (a.fields & NAME_FIELDS && !(a.fields & (1 << CONTEXT))) context |= a.units;
  }
  return { names, context, found };
}

/** The most of the query's weight record `d` can cover in the ranking (a share of plan.totalWeight when divided by it). */
export function boundCovered(collector: MatchCollector, d: number, plan: QueryPlan, only: RankingOnly): number {
  let covered = 0;
  const m = Math.min(plan.units.length, MAX_UNITS);
  if (!collector.walked(d)) {
    for (let u = 0; u < m; u++) covered += plan.units[u]!.weight;
    return covered;
  }
  const inNames = collector.units(d, NAMES);
  const inPlace = collector.units(d, PLACE);
  const inText = collector.units(d, TEXT);
  const read = only.names | (only.found.get(d) ?? 0);
  const strong = collector.strongUnits(d) | read;
  const context = inPlace !== 0 ? only.context : 0;
  for (let u = 0; u < m; u++) {
    const bit = 1 << u;
    const credit = (inNames | read) & bit ? 1 : (inPlace | context) & bit ? PLACE_CREDIT : inText & bit ? TEXT_CREDIT : 0;
    covered += plan.units[u]!.weight * credit * (strong & bit ? 1 : STRONG_QUALITY);
  }
  return covered;
}
