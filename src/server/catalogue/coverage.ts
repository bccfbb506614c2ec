// A record's coverage after the posting-list walk (./match-collector.ts), and the key by which
// the best-covered matches become the candidates that are ranked name by name (./search-index.ts).
//   coverage  the weight of the units the record has: in a name fully, in its context
//             PLACE_CREDIT, in its body TEXT_CREDIT; a unit found only by an alternative below
//             STRONG_QUALITY (./match-collector.ts) (a cognate, a completion, a near spelling) WEAK_CREDIT of that.
//             It decides which records match (0.3 of the query's weight, ./search-index.ts MATCH_SHARE).
//   key       the same, except that a unit found only by a guess (a near spelling, bare word
//             beginnings, a content word left out: quality FAIR_QUALITY or less) counts
//             GUESS_CREDIT when the query has a better reading of it that some record holds.
//             So for "CNR IFC" the record holding "IFC" is a candidate before the many that
//             hold "CNR" and, for "IFC", only a near spelling ("ICF", "IC"); a unit that only
//             guesses find ("MADIREL", read by its word beginnings) loses nothing.
import { FAIR_QUALITY, FAIR_UNITS, type MatchCollector, NAMES, PLACE, STRONG_UNITS, TEXT } from './match-collector.js';
import { MAX_UNITS, type QueryPlan } from './query-plan.js';

export const PLACE_CREDIT = 0.85;
export const TEXT_CREDIT = 0.5;
/** A unit found only by a completion, a typo or a lower-case acronym counts this much of it. */
export const WEAK_CREDIT = 0.8;
/** In the candidates' key, a unit found only by a guess when a better reading finds it elsewhere. */
const GUESS_CREDIT = 0.5;
// Alternatives of FAIR_QUALITY or less are guesses (./plan-quality.ts: word beginnings 0.55, a
// content word left out 0.5, a near spelling 0.4).

/** The units of the plan that an alternative better than a guess may find in the index. */
export function surelyFound(plan: QueryPlan): number {
  let units = 0;
  for (const a of plan.alternatives) if (a.quality > FAIR_QUALITY && (a.terms === null || a.terms.length > 0)) units |= a.units;
  return units;
}

/** Fills `coverage[d]` and `key[d]` of every document the walk touched; returns the best coverage. */
export function walkCoverage(collector: MatchCollector, plan: QueryPlan, touched: number, coverage: Float64Array, key: Float64Array): number {
  const units = plan.units;
  const m = Math.min(units.length, MAX_UNITS);
  const surely = surelyFound(plan);
  let best = 0;
  for (let i = 0; i < touched; i++) {
    const d = collector.touched[i]!;
    const inNames = collector.reachedUnits(d, NAMES);
    const inPlace = collector.reachedUnits(d, PLACE);
    const inText = collector.reachedUnits(d, TEXT);
    const strong = collector.reachedUnits(d, STRONG_UNITS);
    const guessed = surely & ~collector.reachedUnits(d, FAIR_UNITS);
    let c = 0;
    let k = 0;
    for (let u = 0; u < m; u++) {
      const bit = 1 << u;
      const credit = (inNames & bit ? 1 : inPlace & bit ? PLACE_CREDIT : inText & bit ? TEXT_CREDIT : 0) * units[u]!.weight;
      c += credit * (strong & bit ? 1 : WEAK_CREDIT);
      k += credit * (strong & bit ? 1 : guessed & bit ? GUESS_CREDIT : WEAK_CREDIT);
    }
    coverage[d] = c;
    key[d] = k;
    if (c > best) best = c;
  }
  return best;
}
