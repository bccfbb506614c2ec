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
    expect(caseSpelling('HOTs')).toBeNull(); // a plural s
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
  lab('Centre Tourangeau d’Histoire et d’Études des Sources', 'Tours'),
  lab('Centre de Thermique et d’Hydraulique des Sols', 'Lyon'), // C T H S: its initials, but no word begins hi…
  lab('Histoire des Techniques et Centre des Sciences', 'Lyon'), // the words, in another order
  lab('Centre of Excellence in Biodiversity', 'Nairobi', 'Kenya'),
  lab('Centre for Economic Botany', 'Kew', 'United Kingdom'), // C E B as well, but no word begins co…
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
  it('finds the records through two short pieces when no piece has three letters', () => {
    expect(titles('CeTHiS')[0]).toBe('Centre Tourangeau d’Histoire et d’Études des Sources');
    expect(titles('CeTHiS')).not.toContain('Histoire des Techniques et Centre des Sciences');
  });
  it('counts the capitals read as initials less in a name whose words the small letters contradict', () => {
    // C T H S are the initials of both; the small i says the H word begins hi….
    expect(titles('CeTHiS').slice(0, 2)).toEqual(['Centre Tourangeau d’Histoire et d’Études des Sources', 'Centre de Thermique et d’Hydraulique des Sols']);
    // A small letter may be the initial of a function word after its word: Centre Of Excellence.
    expect(titles('CoEB').slice(0, 2)).toEqual(['Centre of Excellence in Biodiversity', 'Centre for Economic Botany']);
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
