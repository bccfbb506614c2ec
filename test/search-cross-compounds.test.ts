// A compound word of German, Dutch or the Nordic languages in a record's name, found from a query
// that writes its parts apart in English (./src/server/catalogue/cross-compounds.ts): "Coal
// Research" → Kohlenforschung, "Stone Conservation" → Steinkonservierung, "Natural … Institute" →
// Naturinstitut. Through SearchIndex over a small catalogue with look-alike records, and the
// plan's readings themselves.
import { describe, expect, it, vi } from 'vitest';
import { crossCompounds } from '../src/server/catalogue/cross-compounds.js';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, country = 'Germany') => ({ kind: 'laboratory' as const, label, country });
const RECORDS = [
  lab('Max-Planck-Institut für Kohlenforschung'),
  lab('Max Planck Institute for Polymer Research'),
  lab('Max Planck Institute for Solid State Research'),
  lab('Max Planck Institute for Chemistry'),
  lab('Institut für Steinkonservierung'),
  lab('Institute for Complex Systems'),
  lab('Institute for Social Change'),
  lab('Naturinstitut', 'Denmark'),
  lab('Institute of Agriculture and Natural Resources', 'India'),
  lab('Forschungsstelle für Umweltpolitik'),
  lab('Centre for Coal Utilisation', 'Australia'),
  lab('Stone Age Research Station', 'Kenya'),
];
const { index, titles, first } = searchOver(RECORDS);

/** The words of the plan's alternatives that stand for more than one unit. */
function compoundReadings(query: string, read = crossCompounds): string[] {
  const plan = planQuery(query, index.index);
  const tokens = plan.units.map((u) => u.token);
  return read(index.index, tokens, plan.alternatives).flatMap((a) => (a.terms ?? []).map((t) => index.index.terms[t]!));
}

/** crossCompounds of a module loaded anew: nothing remembered yet. */
async function coldCrossCompounds(): Promise<typeof crossCompounds> {
  vi.resetModules();
  return (await import('../src/server/catalogue/cross-compounds.js')).crossCompounds;
}

describe('compounds of another language read from separate query words', () => {
  it('reads a compound made of two query words translated, with a linking element or without', () => {
    expect(compoundReadings('Coal Research')).toContain('kohlenforschung');
    expect(compoundReadings('Stone Conservation')).toContain('steinkonservierung');
    expect(compoundReadings('Natural Institute')).toContain('naturinstitut');
  });

  it('needs both parts: one query word alone reads no compound', () => {
    expect(compoundReadings('Coal Utilisation')).not.toContain('kohlenforschung');
    expect(compoundReadings('Polymer Research')).toEqual([]);
  });

  it('finds the record named by the compound from its English name', () => {
    expect(first('Max Planck Institute for Coal Research')).toBe('Max-Planck-Institut für Kohlenforschung');
    expect(first('Institute for Stone Conservation')).toBe('Institut für Steinkonservierung');
    expect(titles('Institute of Natural Resources')).toContain('Naturinstitut');
  });

  it('keeps a record named as typed first', () => {
    expect(first('Max Planck Institute for Polymer Research')).toBe('Max Planck Institute for Polymer Research');
    expect(first('Centre for Coal Utilisation')).toBe('Centre for Coal Utilisation');
  });

  it('reads the same from what it remembers (forms, keys, index words after a head) as with nothing remembered', async () => {
    const queries = ['Coal Research', 'Stone Conservation', 'Natural Institute', 'Institute of Natural Resources', 'Coal Utilisation', 'Research Coal', 'Polymer Research'];
    const cold: string[][] = [];
    for (const q of queries) cold.push(compoundReadings(q, await coldCrossCompounds()));
    const warm = await coldCrossCompounds();
    for (const q of queries) compoundReadings(q, warm);
    expect(queries.map((q) => compoundReadings(q, warm))).toEqual(cold);
    expect([...queries].reverse().map((q) => compoundReadings(q, warm)).reverse()).toEqual(cold);
    expect(cold.flat()).toEqual(expect.arrayContaining(['kohlenforschung', 'steinkonservierung', 'naturinstitut']));
  });
});
