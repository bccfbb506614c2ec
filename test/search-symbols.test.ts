// Symbols of science written as symbols (src/server/catalogue/greek-letters.ts,
// src/server/catalogue/element-symbols.ts) and spellings that double a consonant or keep the
// British "mould" inside a word (SPELLING_RULES of src/server/catalogue/language-rules.ts): the
// helpers, and searches through SearchIndex over a small catalogue showing each class found.
import { describe, expect, it } from 'vitest';
import { elementNames } from '../src/server/catalogue/element-symbols.js';
import { spellGreekLetters } from '../src/server/catalogue/greek-letters.js';
import { prepareText } from '../src/server/catalogue/search-text.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });
const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });

const RECORDS: Spec[] = [
  technique('microscopic particle-image velocimetry'),
  technique('particle-image velocimetry'),
  technique('gamma-ray spectroscopy'),
  technique('platinum sputter deposition'),
  technique('plasma sputter deposition'),
  technique('photomultiplier tube'),
  equipment('magnesium K-alpha source'),
  equipment('aluminium K-alpha source'),
  technique('metallisation'),
  technique('DNA metallisation'),
  technique('solvent-assisted micromoulding'),
  technique('in vivo assay'),
];

const { titles } = searchOver(RECORDS, 'symbol');
const words = (text: string) => prepareText(text).tokens.map((t) => t.word);

describe('greek-letters.ts', () => {
  it('spells out a Greek letter alone among Latin letters, μ as micro', () => {
    expect(words('μPIV')).toEqual(['micro', 'piv']);
    expect(words('γ-ray')).toEqual(['gamma', 'ray']);
    expect(words('Mg Kα source')).toEqual(['mg', 'k', 'alpha', 'source']);
    expect(spellGreekLetters('β-galactosidase')).toBe('-beta--galactosidase');
  });

  it('leaves Greek text and a letter inside a Latin word as written', () => {
    expect(spellGreekLetters('Η Εταιρεία')).toBe('Η Εταιρεία');
    expect(spellGreekLetters('aziμthal')).toBe('aziμthal');
  });
});

describe('element-symbols.ts', () => {
  it('reads a two-letter symbol written as one, in a query of several words', () => {
    expect(elementNames('Pt sputtering').get('pt')).toBe('platinum');
    expect(elementNames('Al K-alpha source').get('al')).toBe('aluminum');
  });

  it('not a symbol alone, one in small letters, nor one that is a word ("In vivo")', () => {
    expect(elementNames('Pt').size).toBe(0);
    expect(elementNames('pt sputtering').size).toBe(0);
    expect(elementNames('In vivo assay').size).toBe(0);
    expect(elementNames('PtX sputtering').size).toBe(0);
  });
});

describe('spelling rules', () => {
  it('a doubled l before -ize and mould inside a word meet their other spellings', () => {
    expect(words('metallisation')).toEqual(words('metalization'));
    expect(words('micromoulding')).toEqual(words('micromolding'));
  });
});

describe('searches', () => {
  it('finds a method written with a Greek letter by its spelt-out name', () => {
    expect(titles('μPIV')[0]).toBe('microscopic particle-image velocimetry');
    expect(titles('γ-ray spectroscopy')[0]).toBe('gamma-ray spectroscopy');
  });

  it('finds a method or a source by the name of the element whose symbol is typed', () => {
    expect(titles('Pt sputtering')[0]).toBe('platinum sputter deposition');
    expect(titles('Mg Kα source')[0]).toBe('magnesium K-alpha source');
  });

  it('finds a word spelt with one l or with mould', () => {
    expect(titles('metalization')[0]).toBe('metallisation');
    expect(titles('solvent-assisted micromolding')[0]).toBe('solvent-assisted micromoulding');
  });

  it('reads no element in ordinary words', () => {
    expect(titles('In vivo assay')[0]).toBe('in vivo assay');
  });
});
