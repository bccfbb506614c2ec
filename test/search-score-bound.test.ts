// The ranking's bound and the walk's state (src/server/catalogue/score-bound.ts,
// src/server/catalogue/match-collector.ts): candidates are ranked best bound first and the
// ranking stops at the first whose bound cannot beat the last of the list, so a bound below a
// record's score would drop it; and the walk's per-record state is stamped with the walk it
// belongs to, so a record the walk did not reach (an exact name) is never scored with what an
// earlier search found in it.
import { describe, expect, it } from 'vitest';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const tech = (label: string, synonyms: string[] = [], definition?: string): Spec => ({ kind: 'technique', label, synonyms, ...(definition ? { definition } : {}) });

const RECORDS: Spec[] = [
  tech('Micro Probe', [], 'Zeta potential of a surface measured with a fine tip.'),
  tech('microprobe analysis'),
  tech('electron microprobe'),
  tech('zeta potential measurement'),
  ...Array.from({ length: 30 }, (_, i) => tech(`surface method ${i}`, [], 'A zeta method.')),
];

describe('the first answers', () => {
  it('are the same whatever the limit: a unit the walk found weakly but a name spells by its initials still bounds in full', () => {
    // The walk finds "MICA" in the assay's names only by a letter variant; the ranking reads it
    // as the initials of "Multiplexed Indexed ChIP-seq Assay", so the assay scores above the
    // capacitor, which has the word: a bound at the variant's credit would stop before it.
    const { index } = searchOver([
      { kind: 'technique', label: 'multiplexed indexed T7 ChIP-seq assay' },
      { kind: 'equipment', label: 'mica capacitor bank' },
      { kind: 'technique', label: 'chromatin immunoprecipitation' },
    ]);
    const all = index.search('MICA', 20).hits.map((h) => h.entry.label);
    expect(all.slice(0, 2)).toEqual(['multiplexed indexed T7 ChIP-seq assay', 'mica capacitor bank']);
    expect(index.search('MICA', 1).hits.map((h) => h.entry.label)).toEqual(all.slice(0, 1));
  });
});

describe("a search's scores", () => {
  it('do not depend on the search before it', () => {
    const fresh = searchOver(RECORDS).index.search('microprobe').hits.map((h) => [h.entry.label, h.score]);
    const { index } = searchOver(RECORDS);
    index.search('zeta');
    const after = index.search('microprobe').hits.map((h) => [h.entry.label, h.score]);
    expect(fresh[0]![0]).toBe('Micro Probe');
    expect(after).toEqual(fresh);
  });
});
