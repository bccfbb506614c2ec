// A word in mixed case read by where its capitals begin the name's words
// (src/server/catalogue/case-segments.ts): the spelling read off the word, the reading of a
// name, and searches over a small catalogue with look-alikes holding the same words in another
// order or only some of them (before, no reading found any of these records).
import { describe, expect, it } from 'vitest';
import { caseSpelling, caseSpellings } from '../src/server/catalogue/case-segments.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const starts = (word: string) => {
  const s = caseSpelling(word);
  return s && [...s.starts].join('');
};

describe('case spellings', () => {
  it('puts a word start at a capital after a small letter and at a capital small letters go on from', () => {
    expect(starts('SeaSim')).toBe('200200');
    expect(starts('CeTHiS')).toBe('202202');
    expect(starts('TransVIHMI')).toBe('2000021111');
    expect(starts('DynAMic')).toBe('2002200');
    expect(starts('LARSyS')).toBe('211202');
  });
  it('reads nothing from a word whose case says only where it begins', () => {
    expect(caseSpelling('Microscope')).toBeNull();
    expect(caseSpelling('HPLC')).toBeNull();
    expect(caseSpelling('microscope')).toBeNull();
    expect(caseSpelling('qPCR')).toBeNull(); // a small letter first: a prefix or an initial
    expect(caseSpelling('iTHEMS')).toBeNull();
  });
  it('keys the words as the query tokens fold them, accents aside', () => {
    expect([...caseSpellings('VieSanté and MagLab').keys()]).toEqual(['viesante', 'maglab']);
  });
});

const lab = (label: string, city = 'Paris', country = 'France'): Spec => ({ kind: 'laboratory', label, city, country });

const RECORDS: Spec[] = [
  lab('National Sea Simulator', 'Townsville', 'Australia'),
  lab('Simulation Centre of the Coral Sea', 'Cairns', 'Australia'), // the words, the other way round
  lab('Sea Surface Studies Centre', 'Hobart', 'Australia'), // sea, no sim…
  lab('Center for Documentation of Cultural and Natural Heritage', 'Cairo', 'Egypt'),
  lab('Natural and Cultural Landscapes', 'Cairo', 'Egypt'),
  lab('Western Canada Research Grid', 'Vancouver', 'Canada'),
  lab('Grid Computing West', 'Calgary', 'Canada'),
  lab('Département Alimentation Humaine'),
  lab('Recherches Translationnelles sur le VIH et les Maladies Infectieuses', 'Montpellier'),
];

const { titles } = searchOver(RECORDS);

describe('search over a small catalogue', () => {
  it('finds a name whose words begin as the capitals of the query word say', () => {
    expect(titles('SeaSim')[0]).toBe('National Sea Simulator');
    expect(titles('CultNat')[0]).toBe('Center for Documentation of Cultural and Natural Heritage');
    expect(titles('AlimH')[0]).toBe('Département Alimentation Humaine');
  });
  it('passes over content words inside the run', () => {
    expect(titles('WestGrid')[0]).toBe('Western Canada Research Grid');
  });
  it('reads a run of capitals as one word or several', () => {
    expect(titles('TransVIHMI')[0]).toBe('Recherches Translationnelles sur le VIH et les Maladies Infectieuses');
  });
  it('reads nothing where the small letters go on with no word of a name, or the words come in another order', () => {
    expect(titles('SeaSim')).not.toContain('Sea Surface Studies Centre');
    expect(titles('SeaSim')).not.toContain('Simulation Centre of the Coral Sea');
    expect(titles('WestGrid')).not.toContain('Grid Computing West');
  });
});
