// A researcher often types an organisation's name with its parent, its place or a descriptive
// tail ("U.S. Geological Survey Utah Water Science Center", "Vector Institute for Artificial
// Intelligence"), and the record holds the shorter own name. Its look-alikes ("Idaho Water
// Science Center", "Artificial Intelligence Research Institute") match more of the generic
// words but lack the query's most informative one, and hold a word of their own the query
// does not have. So when some organisation has a name wholly inside the query that holds the
// query's rarest unit, an organisation that lacks that unit in every field, and has no name
// wholly inside the query either, keeps MISSING_RAREST of its score (./search-index.ts rank).
import type { NameFit } from './name-match.js';
import { MAX_UNITS, type QueryPlan } from './query-plan.js';

/** The share of its score an organisation without the query's rarest unit keeps (when the rule applies). */
export const MISSING_RAREST = 0.9;
/** Shorter queries are the name itself, not a name with more words around it. */
const MIN_UNITS = 3;
/** A name the query explains wholly (its share of the name's weight, allowing rounding). */
const WHOLE = 0.999;

/** The query's most informative unit (the first of equals), or -1 for a query too short to single one out. */
export function rarestUnit(plan: QueryPlan): number {
  const m = Math.min(plan.units.length, MAX_UNITS);
  if (m < MIN_UNITS) return -1;
  let r = 0;
  for (let u = 1; u < m; u++) if (plan.units[u]!.weight > plan.units[r]!.weight) r = u;
  return r;
}

/** Whether the query explains the whole name. */
export function wholeName(fit: NameFit): boolean {
  return fit.name >= WHOLE;
}
