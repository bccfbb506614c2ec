// Words of one root with another derivational ending (src/server/catalogue/derivations.ts) and a
// clipped method word glued after an acronym (src/server/catalogue/glued-endings.ts): the
// helpers, and searches through SearchIndex over a small catalogue showing each class found — a
// method named by its process, its adjective or its property, and an assay name written
// "SNAREseq" found as "SNARE-seq" would be.
import { describe, expect, it } from 'vitest';
import { derivationKeys, derivedWords } from '../src/server/catalogue/derivations.js';
import { gluedEnding } from '../src/server/catalogue/glued-endings.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });
const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });

const RECORDS: Spec[] = [
  technique('calcination'),
  technique('reflectometry'),
  technique('X-ray reflectometry'),
  technique('thermophoresis'),
  technique('laser-induced thermophoresis'),
  technique('electron diffraction'),
  technique('resonance light scattering'),
  technique('light scattering'),
  technique('multiplex real time polymerase chain reaction assay'),
  technique('real time polymerase chain reaction assay'),
  technique('single-nucleus chromatin accessibility and mRNA expression sequencing assay'),
  technique('RNA sequencing assay', ['RNA-seq assay']),
  technique('sequencing assay'),
  equipment('reflectometer'),
  equipment('carbon electrode'),
];

const { index: search, titles } = searchOver(RECORDS, 'deriv');
const index = search.index;
const words = (terms: readonly number[]) => terms.map((t) => index.terms[t]).sort();

describe('derivations.ts', () => {
  it('keys a word by its root once a derivational ending is off', () => {
    expect(derivationKeys('calcining')).toEqual(['calcin']);
    expect(derivationKeys('calcination')).toEqual(['calcin']);
    expect(derivationKeys('calcine')).toEqual(['calcin']);
    expect(derivationKeys('resonant')).toEqual(derivationKeys('resonance'));
    expect(derivationKeys('thermophoretic')).toEqual(derivationKeys('thermophoresis'));
    expect(derivationKeys('cytometric')).toEqual(derivationKeys('cytometry'));
    expect(derivationKeys('measurements')).toEqual(derivationKeys('measuring'));
  });

  it('a measurement also keys by what it measures', () => {
    expect(derivationKeys('reflectometry')).toEqual(['reflectometr', 'reflect']);
    expect(derivationKeys('reflectivity')).toEqual(['reflect']);
    expect(derivationKeys('diffractometry')).toContain('diffract');
  });

  it('a short root joins nothing ("activity", "action" keep their own words)', () => {
    expect(derivationKeys('activity')).toEqual(['activity']);
    expect(derivationKeys('action')).toEqual(['action']);
    expect(derivationKeys('act')).toEqual([]);
  });

  it("finds the index's words of the same root, not the instrument's ending", () => {
    expect(words(derivedWords(index, 'reflectivity'))).toEqual(['reflectometry']);
    expect(words(derivedWords(index, 'calcining'))).toEqual(['calcination']);
    expect(words(derivedWords(index, 'thermophoretic'))).toEqual(['thermophoresis']);
    expect(words(derivedWords(index, 'carbon'))).toEqual([]);
  });
});

describe('glued-endings.ts', () => {
  it('splits a clipped method word glued after capitals', () => {
    expect(gluedEnding('SNAREseq')).toEqual(['SNARE', 'seq']);
    expect(gluedEnding('sciRNAseq')).toEqual(['sciRNA', 'seq']);
  });

  it('leaves mixed-case acronyms and words whole', () => {
    expect(gluedEnding('HartRAO')).toBeNull();
    expect(gluedEnding('PSYCOMadd')).toBeNull();
    expect(gluedEnding('Chaseq')).toBeNull();
  });
});

describe('searches', () => {
  it('a method is found by its process, its adjective or its property', () => {
    expect(titles('calcining')[0]).toBe('calcination');
    expect(titles('thermophoretic analysis')).toContain('thermophoresis');
    expect(titles('electron diffractometry')[0]).toBe('electron diffraction');
    expect(titles('resonant light scattering')[0]).toBe('resonance light scattering');
    expect(titles('multiplexed real time polymerase chain reaction assay')[0]).toBe('multiplex real time polymerase chain reaction assay');
    expect(titles('reflectivity').slice(0, 2)).toContain('reflectometry');
  });

  it('the word as typed stays first', () => {
    expect(titles('light scattering')[0]).toBe('light scattering');
    expect(titles('reflectometry')[0]).toBe('reflectometry');
  });

  it('an assay written with its clipped method word glued on is found as if hyphenated', () => {
    expect(titles('SNAREseq')[0]).toBe(titles('SNARE-seq')[0]);
    expect(titles('RNAseq assay')[0]).toBe('RNA sequencing assay');
  });
});
