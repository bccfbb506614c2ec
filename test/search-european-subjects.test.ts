// Subject words of Central, Eastern and Northern European names that are not cognates of their
// English words (./src/server/catalogue/european-subjects.ts, read by subject-words.ts): forest,
// fisheries, sea, building, power, labour, renewable, tourism in Polish, Czech, Slovak, Slovene, Croatian, Hungarian,
// Finnish and the Nordic languages, each also by its inflection stem. Through SearchIndex over a
// small catalogue with look-alike records, and the table's own look-up.
import { describe, expect, it } from 'vitest';
import { subjectMeanings } from '../src/server/catalogue/subject-words.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const RECORDS = [
  lab('Institute of Forest Ecology', { city: 'Zvolen', country: 'Slovakia' }),
  lab('Institute of Landscape Ecology', { city: 'Bratislava', country: 'Slovakia' }),
  lab('Sea Fisheries Institute', { city: 'Gdynia', country: 'Poland' }),
  lab('Institute of Oceanology', { city: 'Sopot', country: 'Poland' }),
  lab('Building Research Institute', { city: 'Warsaw', country: 'Poland' }),
  lab('Institute of Water Research', { city: 'Warsaw', country: 'Poland' }),
  lab('Institute of Power Engineering', { city: 'Warsaw', country: 'Poland' }),
  lab('Institute of Nuclear Chemistry and Technology', { city: 'Warsaw', country: 'Poland' }),
  lab('Institute of Labour Economics', { city: 'Budapest', country: 'Hungary' }),
  lab('Institute of World Economics', { city: 'Budapest', country: 'Hungary' }),
  ...['Marine Biology Station', 'Laboratory of Organic Chemistry', 'Centre for Climate Research', 'Institute of Applied Mathematics',
    'Plasma Physics Laboratory', 'National Centre for Genomics', 'Soil Science Institute', 'Centre for Language Studies',
    'Laboratory of Neurobiology', 'Centre for Materials Science', 'Observatory of Astrophysics'].map((l) => lab(l)),
];
const { first, titles } = searchOver(RECORDS);

describe('subject words of more European languages', () => {
  it('reads forest, fisheries, building, power and labour in the languages of Central and Northern Europe', () => {
    for (const w of ['lesni', 'lesniho', 'gozdni', 'erdeszeti', 'metsan', 'skogs']) expect(subjectMeanings(w)).toContain('forest');
    for (const w of ['rybacki', 'rybarstvi', 'halaszati', 'kalatalouden', 'fiskeri']) expect(subjectMeanings(w)).toContain('fisheries');
    for (const w of ['budownictwa', 'gradbenistvo', 'stavebni', 'epitoipari']) expect(subjectMeanings(w)).toContain('building');
    expect(subjectMeanings('munkaugyi')).toContain('labor');
  });

  it('keeps an English word apart from another English word of a near meaning', () => {
    expect(subjectMeanings('marine')).not.toContain('sea');
    expect(subjectMeanings('morski')).toEqual(expect.arrayContaining(['marine', 'sea']));
  });

  it('finds the English-labelled record from its name in Polish, Czech or Hungarian', () => {
    expect(first('Morski Instytut Rybacki')).toBe('Sea Fisheries Institute');
    // "Techniki" is engineering too (./european-words.ts), which the Institute of Power Engineering has: the building word alone.
    expect(first('Instytut Budowlany')).toBe('Building Research Institute');
    expect(titles('Instytut Techniki Budowlanej').slice(0, 2)).toEqual(['Institute of Power Engineering', 'Building Research Institute']);
    expect(first('Ústav lesní ekologie')).toBe('Institute of Forest Ecology');
    expect(first('Instytut Energetyki')).toBe('Institute of Power Engineering');
    expect(first('Munkaügyi Kutatóintézet')).toBe('Institute of Labour Economics');
  });
});

describe('renewable, tourism, performance and computing in more languages', () => {
  it('reads their forms in Romance, Germanic, Slavic, Finnic and Nordic languages', () => {
    for (const w of ['renovables', 'rinnovabili', 'erneuerbare', 'odnawialnej', 'obnovljive', 'megujulo', 'uusiutuvan', 'fornybar']) {
      expect(subjectMeanings(w)).toContain('renewable');
    }
    for (const w of ['turismo', 'tourismus', 'turizam', 'turystyki', 'matkailun']) expect(subjectMeanings(w)).toContain('tourism');
    expect(subjectMeanings('prestazioni')).toContain('performance');
    expect(subjectMeanings('calcolo')).toContain('computing');
  });

  const more = searchOver([
    lab('Institute for Tourism', { city: 'Zagreb', country: 'Croatia' }),
    lab('Institute for Transport', { city: 'Zagreb', country: 'Croatia' }),
    lab('Renewable Energy Research Centre', { city: 'Pamplona', country: 'Spain' }),
    lab('Energy Research Centre', { city: 'Madrid', country: 'Spain' }),
    lab('Centre for High Performance Computing', { city: 'Bologna', country: 'Italy' }),
    lab('Centre for Scientific Computing', { city: 'Rome', country: 'Italy' }),
  ]);

  it('finds the English-named record from the name in another language', () => {
    expect(more.first('Institut za Turizam')).toBe('Institute for Tourism');
    expect(more.first('Centro de Investigación de Energías Renovables')).toBe('Renewable Energy Research Centre');
    expect(more.first('Centro di Calcolo ad Alte Prestazioni')).toBe('Centre for High Performance Computing');
  });
});
