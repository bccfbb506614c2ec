// An organisation's short name typed with its parent, place or a descriptive tail
// ("U.S. Geological Survey Utah Water Science Center"; src/server/catalogue/rarest-unit.ts):
// look-alikes that match more of the generic words but lack the query's rarest word, and hold
// a word of their own, no longer outrank the record whose whole name is in the query.
import { describe, expect, it } from 'vitest';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { rarestUnit } from '../src/server/catalogue/rarest-unit.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const PARENT = 'United States Geological Survey';
const STATES = ['Ardmore', 'Belvoir', 'Caldera', 'Dunmore', 'Elmhurst', 'Fairholm', 'Glenrock', 'Hartwell', 'Ivydale', 'Juniper'];
const lab = (label: string, extra: Partial<Spec> = {}): Spec => ({ kind: 'laboratory', label, city: 'Tarnby', country: 'Norway', ...extra });

const RECORDS: Spec[] = [
  // Every centre but one has its name with its parent's abbreviated name in front as another name;
  // the one has its parent written out.
  ...STATES.map((s) => lab(`${s} Water Science Center`, { synonyms: [`U.S. Geological Survey ${s} Water Science Center`], parentOrganizations: ['U.S. Geological Survey'] })),
  lab('Quillan Water Science Center', { synonyms: ['NGS Quillan Water Science Center', `${PARENT} Quillan Water Science Center`], parentOrganizations: [PARENT] }),
  // Quillan is a place many organisations are named after, so its word is not that rare.
  ...['University of Quillan', 'Quillan Museum of Art', 'Quillan Institute of Botany', 'Quillan Hospital', 'Quillan Academy of Music', 'Quillan Centre for History', 'Quillan Observatory', 'Quillan Zoo'].map((l) => lab(l)),
  ...Array.from({ length: 200 }, (_, i) => lab(`Institute of Marine Botany ${i}`)),
];

const { titles, index } = searchOver(RECORDS);

describe('an organisation typed with more words than its record holds', () => {
  it('finds the centre whose whole name is in the query above look-alikes with the parent in their names', () => {
    const found = titles('U.S. Geological Survey Quillan Water Science Center');
    expect(found[0]).toBe('Quillan Water Science Center');
    // The look-alikes follow it, and each is still first for its own name with the parent's.
    expect(found.slice(1, 11).every((t) => t.endsWith('Water Science Center'))).toBe(true);
    expect(titles('U.S. Geological Survey Belvoir Water Science Center')[0]).toBe('Belvoir Water Science Center');
  });

  it('singles out the query’s rarest word only in queries of three or more words', () => {
    const plan = planQuery('U.S. Geological Survey Quillan Water Science Center', index.index);
    expect(plan.units[rarestUnit(plan)]!.token.word).toBe('quillan');
    expect(rarestUnit(planQuery('Quillan Observatory', index.index))).toBe(-1);
  });
});
