// Letters acronyms give words by convention (src/server/catalogue/conventional-letters.ts, read
// in names by src/server/catalogue/initials-match.ts and in the plan by
// src/server/catalogue/acronym-readings.ts): X for a word of ex-, cross- or trans-, a number
// word's initial where names hold its digits. The module on its own, then searches over a small
// catalogue of real names and the look-alikes that came first before.
import { describe, expect, it } from 'vitest';
import { conventionalSpellings, givesX, numberWordLetter } from '../src/server/catalogue/conventional-letters.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string): Spec => ({ kind: 'technique', label });
const equipment = (label: string): Spec => ({ kind: 'equipment', label });

const RECORDS: Spec[] = [
  technique('degenerate four-wave mixing spectroscopy'),
  technique('diffuse reflectance spectroscopy'),
  technique('electron energy gain spectroscopy'),
  technique('strong-anion-exchange chromatography'),
  technique('weak-anion-exchange chromatography'),
  technique('size-exclusion chromatography'),
  technique('small-angle X-ray scattering'),
  technique('wide-angle X-ray scattering'),
  equipment('strong cation-exchange column'),
  equipment('solid-phase extraction column'),
  technique('cross-linking mass spectrometry'),
  technique('differential mobility spectrometry'),
  technique('two-photon excitation microscopy'),
  technique('transmission electron microscopy'),
  technique('X-ray absorption fine structure spectroscopy'),
  technique('extended X-ray absorption fine structure spectroscopy'),
];

const { first, titles } = searchOver(RECORDS);

describe('letters by convention (conventional-letters.ts)', () => {
  it('reads X at a word of ex-, cross- or trans-, and first in an acronym only at cross-', () => {
    expect(givesX('exchange')).toBe(true);
    expect(givesX('crosslinking')).toBe(true);
    expect(givesX('cross', true)).toBe(true);
    expect(givesX('transcription')).toBe(true);
    expect(givesX('extended', true)).toBe(false);
    expect(givesX('ex')).toBe(false);
    expect(givesX('analysis')).toBe(false);
  });

  it('gives a number word its initial back from the digits names hold', () => {
    expect(numberWordLetter('4')).toBe('f');
    expect(numberWordLetter('2')).toBe('t');
    expect(numberWordLetter('42')).toBeUndefined();
  });

  it('writes one letter at a time as the derived acronyms write it', () => {
    expect(conventionalSpellings('sax')).toEqual(['6ax', '7ax', 'sae', 'sac', 'sat']);
    expect(conventionalSpellings('xl')).toEqual(['cl']);
    expect(conventionalSpellings('dfwm')).toEqual(['d4wm', 'd5wm']);
    expect(conventionalSpellings('abc')).toEqual([]);
  });
});

describe('searching by acronyms with conventional letters', () => {
  it('reads X as exchange and cross-', () => {
    expect(first('SAX chromatography')).toBe('strong-anion-exchange chromatography');
    expect(first('WAX chromatography')).toBe('weak-anion-exchange chromatography');
    expect(first('SCX column')).toBe('strong cation-exchange column');
    expect(first('XLMS')).toBe('cross-linking mass spectrometry');
  });

  it('reads a number word by its initial', () => {
    expect(first('DFWM spectroscopy')).toBe('degenerate four-wave mixing spectroscopy');
    expect(titles('TPEM')).toContain('two-photon excitation microscopy');
  });

  it('keeps X first for X-ray and a literal reading before a conventional one', () => {
    expect(first('XAFS')).toBe('X-ray absorption fine structure spectroscopy');
    expect(first('SAXS')).toBe('small-angle X-ray scattering');
  });
});
