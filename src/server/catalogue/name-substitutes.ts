// Records named by the query with one of its words read another way (./search-index.ts): a name
// that is the query with one word replaced by one of that word's alternatives — its other
// instrument ending, its stem class, a likely slip's correction — is a candidate however many
// records have the word itself. "spectrometry" finds the record named "spectroscopy" though
// hundreds of names hold "spectrometry" and would fill the best-covered candidates before it;
// the ranking then decides by how well each name fits.
import type { InvertedIndex } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import { QUALITY, type QueryPlan } from './query-plan.js';

/** Queries of at most this many words are read so (a longer name is rarely one word away). */
const MAX_WORDS = 6;
/** At most this many names are looked up per query (a few microseconds each). */
const MAX_LOOKUPS = 96;

/** The records with a name that is the query with one word replaced by one of its word alternatives. */
export function substitutedNames(plan: QueryPlan, index: InvertedIndex, names: NameTable): number[] {
  const units = plan.units;
  if (units.length === 0 || units.length > MAX_WORDS) return [];
  const words = units.map((u) => u.token.word);
  // Only when the units are the whole query (no function word or split compound between them).
  if (words.join('') !== plan.key) return [];
  const out: number[] = [];
  let lookups = 0;
  for (const a of plan.alternatives) {
    if (a.terms === null || a.acronym !== null || a.quality >= QUALITY.word || a.quality < QUALITY.otherForm) continue;
    if ((a.units & (a.units - 1)) !== 0) continue; // one word only
    const u = 31 - Math.clz32(a.units);
    for (const t of a.terms) {
      if (++lookups > MAX_LOOKUPS) return out;
      const key = words.map((w, i) => (i === u ? index.terms[t]! : w)).join('');
      for (const e of names.exactMatches(key)) out.push(e >> 1);
    }
  }
  return out;
}
