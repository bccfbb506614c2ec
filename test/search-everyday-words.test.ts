// Everyday words of research-organisation names in French, German, Spanish, Italian, Portuguese
// and Dutch that are not cognates of their English words (./src/server/catalogue/everyday-words.ts,
// read by subject-words.ts): low ↔ basses, division ↔ département, fat ↔ grasa, business ↔
// affaires, research ↔ pesquisa; and a generic word's own group kept beside a stem that falls on
// it (german: deutsch, not only Germany). Through SearchIndex over a small catalogue with
// look-alike records, and the tables' own look-ups.
import { describe, expect, it } from 'vitest';
import { europeanEquivalents } from '../src/server/catalogue/european-words.js';
import { subjectMeanings } from '../src/server/catalogue/subject-words.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const RECORDS = [
  lab('Département des Systèmes Basses Températures', { city: 'Grenoble', country: 'France' }),
  lab('Département des Systèmes Hautes Énergies', { city: 'Grenoble', country: 'France' }),
  lab('Département de Physique Nucléaire', { city: 'Saclay', country: 'France' }),
  lab('Institut de Physique Nucléaire', { city: 'Orsay', country: 'France' }),
  lab('Instituto de la Grasa', { city: 'Sevilla', country: 'Spain' }),
  lab('Instituto de la Vid y del Vino', { city: 'Logroño', country: 'Spain' }),
  lab('Centre de Droit des Affaires', { city: 'Toulouse', country: 'France' }),
  lab('Institute of Management and Law', { city: 'London', country: 'United Kingdom' }),
  lab('Instituto Nacional de Pesquisas da Amazônia', { city: 'Manaus', country: 'Brazil' }),
  lab('Instituto Nacional de Estudos da Amazônia', { city: 'Belém', country: 'Brazil' }),
  lab('Deutsches Archäologisches Institut, Abteilung Rom', { city: 'Rome', country: 'Italy' }),
  lab('Deutschland Institute of Rome', { city: 'Rome', country: 'Italy' }),
  ...['Marine Biology Station', 'Laboratory of Organic Chemistry', 'Centre for Climate Research', 'Institute of Applied Mathematics',
    'Plasma Physics Laboratory', 'National Centre for Genomics', 'Soil Science Institute', 'Centre for Language Studies',
    'Laboratory of Neurobiology', 'Centre for Materials Science', 'Observatory of Astrophysics'].map((l) => lab(l)),
];
const { first } = searchOver(RECORDS);

describe('everyday words of names in other languages', () => {
  it('reads the other languages forms of everyday words as their English word', () => {
    for (const w of ['basses', 'tief', 'bajo', 'laag']) expect(subjectMeanings(w)).toContain('low');
    for (const w of ['departement', 'abteilung', 'dipartimento']) expect(subjectMeanings(w)).toContain('division');
    for (const w of ['grasa', 'graisse', 'fett']) expect(subjectMeanings(w)).toContain('fat');
    expect(subjectMeanings('affaires')).toContain('business');
    expect(europeanEquivalents('pesquisa')).toContain('research');
  });

  it('keeps a generic word its own group where another group stem falls on it', () => {
    expect(europeanEquivalents('german')).toEqual(expect.arrayContaining(['deutsch', 'deutsches', 'allemand']));
    expect(europeanEquivalents('germania')).toContain('germany');
  });

  it('finds the record named in another language from its English name', () => {
    expect(first('Low Temperature Systems Department')).toBe('Département des Systèmes Basses Températures');
    expect(first('Nuclear Physics Division')).toBe('Département de Physique Nucléaire');
    expect(first('Fat Institute')).toBe('Instituto de la Grasa');
    expect(first('Centre for Business Law')).toBe('Centre de Droit des Affaires');
    expect(first('National Institute of Amazonian Research')).toBe('Instituto Nacional de Pesquisas da Amazônia');
    expect(first('German Archaeological Institute, Rome Department')).toBe('Deutsches Archäologisches Institut, Abteilung Rom');
  });
});
