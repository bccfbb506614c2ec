// The proper names of a query's English reading (./cjk-reading.ts: a place below a country, a
// family name, a word read letter by letter — 경남 gyeongnam, イバラキ ibaraki, 武汉 wuhan) tell
// records apart; its generic words (research institute, experiment station, prefecture) are
// what every such record shares and what English names write in several ways (試験場:
// experiment station, research institute, research laboratory). So in the reading's plan a
// name the index has as a word weighs NAME_EMPHASIS times its own weight: a record in the place
// typed outranks one elsewhere that has more of the generic words.
import { MAX_UNITS, QUALITY, type QueryPlan } from './query-plan.js';

export const NAME_EMPHASIS = 2;

/** The plan with the units that are one of `names` (and a word some record has) weighing more. */
export function withNamesEmphasised(plan: QueryPlan, names: readonly string[]): QueryPlan {
  if (names.length === 0) return plan;
  const words = new Set(names.flatMap((n) => n.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean));
  let found = 0;
  for (const a of plan.alternatives) if (a.quality >= QUALITY.stem && (a.units & (a.units - 1)) === 0) found |= a.units;
  let changed = false;
  const units = plan.units.map((unit, u) => {
    if (u >= MAX_UNITS || !(found & (1 << u)) || !words.has(unit.token.word)) return unit;
    changed = true;
    return { ...unit, weight: unit.weight * NAME_EMPHASIS };
  });
  if (!changed) return plan;
  return { ...plan, units, totalWeight: units.reduce((s, x) => s + x.weight, 0) };
}
