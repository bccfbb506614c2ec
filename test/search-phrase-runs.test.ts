// A child organisation typed with its parent's long name (src/server/catalogue/phrase-runs.ts):
// the parent's words occur together in all its children's names, so they are one piece of
// evidence; the child's one rare word keeps its weight, the run's other words weigh less.
import { describe, expect, it } from 'vitest';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const PARENT = 'Ministry of Hydrography Bureau of Oceanics';
const LABS = ['Arvale', 'Brisco', 'Cordell', 'Dunmoor', 'Eskdale', 'Farrow', 'Galloway', 'Hexham', 'Ilmor', 'Jessop', 'Kilwick', 'Lorne'];
const lab = (label: string, extra: Partial<Spec> = {}): Spec => ({ kind: 'laboratory', label, city: 'Tarnby', country: 'Norway', ...extra });

const RECORDS: Spec[] = [
  // Every laboratory of the parent has the parent's whole name in front as another name.
  ...LABS.map((l) => lab(`${l} Coastal Laboratory`, { synonyms: [`${PARENT} ${l} Coastal Laboratory`], parentOrganizations: [PARENT] })),
  // One laboratory's record holds only its own name.
  lab('Mardale Coastal Laboratory'),
  // The parent's words, each alone, are found in unrelated names too (so they are not rare).
  ...['Ministry', 'Hydrography', 'Bureau', 'Oceanics'].flatMap((w) => Array.from({ length: 6 }, (_, i) => lab(`${w} Archive ${i}`))),
  ...Array.from({ length: 200 }, (_, i) => lab(`Institute of Marine Botany ${i}`)),
];

const { titles, index } = searchOver(RECORDS);
const weightOf = (query: string, word: string): number => planQuery(query, index.index).units.find((u) => u.token.word === word)!.weight;

describe('a parent organisation’s long name in a query', () => {
  it('weighs its words, found together in names, less than they weigh alone', () => {
    const query = `${PARENT} Arvale Coastal Laboratory`;
    expect(weightOf(query, 'hydrography')).toBeLessThan(weightOf('Hydrography Arvale', 'hydrography') * 0.8);
    // The child's own rare word keeps its whole weight.
    expect(weightOf(query, 'arvale')).toBeCloseTo(weightOf('Arvale Coastal Bureau Laboratory Ministry', 'arvale'), 5);
  });

  it('leaves words that are not found together in names as they are', () => {
    const query = 'Ministry Arvale Oceanics Institute Botany';
    const alone = (w: string): number => weightOf(`${w} Arvale`, w);
    expect(weightOf(query, 'ministry')).toBeCloseTo(alone('ministry'), 5);
    expect(weightOf(query, 'oceanics')).toBeCloseTo(alone('oceanics'), 5);
  });

  it('finds the child asked for first, above siblings holding the whole parent name, when its record holds only its own name', () => {
    const found = titles(`${PARENT} Mardale Coastal Laboratory`);
    expect(found[0]).toBe('Mardale Coastal Laboratory');
    expect(titles(`${PARENT} Cordell Coastal Laboratory`)[0]).toBe('Cordell Coastal Laboratory');
  });
});
