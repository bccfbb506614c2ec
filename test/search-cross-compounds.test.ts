// A compound word of German, Dutch or the Nordic languages in a record's name, found from a query
// that writes its parts apart in English (./src/server/catalogue/cross-compounds.ts): "Coal
// Research" → Kohlenforschung, "Stone Conservation" → Steinkonservierung, "Natural … Institute" →
// Naturinstitut. Through SearchIndex over a small catalogue with look-alike records, and the
// plan's readings themselves.
import { describe, expect, it } from 'vitest';
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
function compoundReadings(query: string): string[] {
  const plan = planQuery(query, index.index);
  const tokens = plan.units.map((u) => u.token);
  return crossCompounds(index.index, tokens, plan.alternatives).flatMap((a) => (a.terms ?? []).map((t) => index.index.terms[t]!));
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
});
