// The kind a query's head word names (src/server/catalogue/asked-kind.ts): an instrument
// ("… chromatograph", "… electrode", "… instrument") or a method ("… chromatography", "… analysis",
// "… detection"), read from the last word before any phrase qualifying it ("voltammetry with a
// … electrode"). Searched through SearchIndex over made-up records where an instrument's method
// (its title but for the head word's ending) fits the words as well or better: the asked kind
// comes right before its counterpart; nothing else moves, and an exact name keeps its place.
import { describe, expect, it } from 'vitest';
import { ANY_KIND, askedKind, EQUIPMENT, TECHNIQUE } from '../src/server/catalogue/asked-kind.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });
const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });
const laboratory = (label: string): Spec => ({ kind: 'laboratory', label });

const RECORDS: Spec[] = [
  // The method's names hold the qualifier ("sieving") that only the instrument's definition has, and the instrument's word by its stem class.
  technique('gel exclusion chromatography', ['gel sieving chromatography']),
  { ...equipment('gel exclusion chromatograph'), definition: 'An instrument that separates molecules by size by gel sieving.' },
  technique('dry sieving'),
  technique('wet sieving'),
  technique('droplet calorimetry', ['drop calorimeter']),
  equipment('droplet calorimeter array'),
  equipment('droplet calorimeter'),
  laboratory('Droplet Calorimetry Laboratory'),
  technique('ring-down spectroscopy', ['cavity ring-down spectroscopy']),
  { ...equipment('ring-down spectrometer'), definition: 'A spectrometer measuring the decay of light in an optical cavity.' },
  technique('cavity perturbation'),
  technique('cavity tuning'),
  technique('isoelectric sorting', ['isoelectric sorting unit operation']),
  equipment('isoelectric sorting device'),
  technique('bead cytometry'),
  equipment('bead cytometer'),
];

const { titles, first } = searchOver(RECORDS, 'kind');

describe('asked-kind.ts askedKind', () => {
  it('reads the head word: instrument endings and nouns ask for equipment, method endings and nouns for a technique', () => {
    expect(askedKind('MALDI mass spectrometer')).toBe(EQUIPMENT);
    expect(askedKind('calorimetry instrument?')).toBe(EQUIPMENT);
    expect(askedKind('standard H2 electrodes')).toBe(EQUIPMENT);
    expect(askedKind('isoelectric focusing unit')).toBe(EQUIPMENT);
    expect(askedKind('community')).toBe(ANY_KIND);
    expect(askedKind('quadrupole mass spectrometry')).toBe(TECHNIQUE);
    expect(askedKind('flow cytometric analysis')).toBe(TECHNIQUE);
    expect(askedKind('PET scan')).toBe(TECHNIQUE);
  });

  it('takes the head before a qualifying phrase, and says nothing for other heads', () => {
    expect(askedKind('voltammetry with a rotating disk electrode')).toBe(TECHNIQUE);
    expect(askedKind('mapping assay using NAI probe')).toBe(TECHNIQUE);
    expect(askedKind('Institute of Mass Spectrometry')).toBe(ANY_KIND);
    expect(askedKind('X-ray source')).toBe(ANY_KIND);
    expect(askedKind('')).toBe(ANY_KIND);
  });
});

describe('searches', () => {
  it('an instrument typed finds the instrument above its method, which holds more of the words', () => {
    expect(first('gel sieving chromatograph')).toBe('gel exclusion chromatograph');
    expect(first('gel sieving chromatography')).toBe('gel exclusion chromatography');
    expect(first('droplet calorimetry instrument')).toBe('droplet calorimeter');
    // An instrument named as its method with a generic noun ("… device") is its counterpart too.
    expect(first('isoelectric sorting unit')).toBe('isoelectric sorting device');
    // A spectrometer is the instrument of spectroscopy.
    expect(first('cavity ring-down spectrometer')).toBe('ring-down spectrometer');
    expect(first('cavity ring-down spectroscopy')).toBe('ring-down spectroscopy');
  });

  it('a method typed finds the method before its instrument', () => {
    expect(first('bead cytometric analysis')).toBe('bead cytometry');
  });

  it('moves nothing else: the method stays right after its instrument, an exact name first, a laboratory in its place', () => {
    expect(titles('droplet calorimeter').slice(0, 2)).toEqual(['droplet calorimeter', 'droplet calorimetry']);
    // "drop calorimeter" is the method's own other name: the instrument asked for is not lifted above it.
    expect(first('drop calorimeter')).toBe('droplet calorimetry');
    expect(first('droplet calorimetry laboratory')).toBe('Droplet Calorimetry Laboratory');
  });
});
