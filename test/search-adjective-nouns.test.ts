// An English adjective reaches the translations of its noun (./src/server/catalogue/adjective-nouns.ts):
// "Developmental Biology" = Biología del Desarrollo, Biologie du Développement. The nouns
// tried, and searches of a small catalogue with look-alike records through SearchIndex.
import { describe, expect, it } from 'vitest';
import { adjectiveNouns } from '../src/server/catalogue/adjective-nouns.js';
import { type RecordSpec, searchOver } from './support/small-catalogue.js';

describe("an English adjective's nouns", () => {
  it('takes -al off (or as -e after -in, -ur), -ical and -ic as -y', () => {
    expect(adjectiveNouns('developmental')).toEqual(['development']);
    expect(adjectiveNouns('medicinal')).toContain('medicine');
    expect(adjectiveNouns('historical')).toEqual(['history']);
  });

  it('leaves short nouns and adjectives of another meaning alone', () => {
    expect(adjectiveNouns('dental')).toEqual([]);
    expect(adjectiveNouns('central')).toEqual([]);
    expect(adjectiveNouns('special')).toEqual(['speci']);
    expect(adjectiveNouns('stationary')).toEqual([]);
    expect(adjectiveNouns('biology')).toEqual([]);
  });
});

const lab = (label: string, more: Partial<RecordSpec> = {}): RecordSpec => ({ kind: 'laboratory', label, ...more });
const RECORDS: RecordSpec[] = [
  lab('Centro Andaluz de Biología del Desarrollo', { city: 'Sevilla', country: 'Spain' }),
  lab('Centro Andaluz de Biología Molecular y Medicina Regenerativa', { city: 'Sevilla', country: 'Spain' }),
  lab('Institut de Biologie du Développement Marseille', { city: 'Marseille', country: 'France' }),
  lab('Institut de Biologie Intégrative de la Cellule', { city: 'Gif-sur-Yvette', country: 'France' }),
  lab('Institute of Marine Biology', { country: 'Greece' }),
  lab('Laboratory of Organic Chemistry'),
  lab('Centre for Climate Research'),
];

describe('an English adjective finds the noun another language names', () => {
  const { first } = searchOver(RECORDS);

  it('finds Desarrollo and Développement from Developmental', () => {
    expect(first('Andalusian Center for Developmental Biology')).toBe('Centro Andaluz de Biología del Desarrollo');
    expect(first('Developmental Biology Institute of Marseille')).toBe('Institut de Biologie du Développement Marseille');
  });
});
