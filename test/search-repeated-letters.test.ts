// A number in an acronym read as an exponent of the letter before it
// (src/server/catalogue/repeated-letters.ts, read by src/server/catalogue/acronym-readings.ts):
// the readings on their own, and searches over a small catalogue where the letter is repeated
// next to itself (L2CM = L L C M) or apart (I2BC = I B I C), among records that a reading of the
// digit as multiplying the letter after it (A D2M = A D M M) or the digit as a word would find.
import { describe, expect, it } from 'vitest';
import { exponentReading, spreadExponent } from '../src/server/catalogue/repeated-letters.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, city = 'Paris'): Spec => ({ kind: 'laboratory', label, city, country: 'France' });

describe('exponent readings', () => {
  it('writes the letter before a 2 or 3 that many times', () => {
    expect(exponentReading('l2cm')).toBe('llcm');
    expect(exponentReading('p3r')).toBe('pppr');
    expect(exponentReading('ci2a')).toBe('ciia');
  });
  it('reads nothing where the number is not an exponent of a letter', () => {
    expect(exponentReading('i2')).toBeNull(); // two letters written out: a name or a formula
    expect(exponentReading('2cm')).toBeNull();
    expect(exponentReading('umr8190')).toBeNull();
    expect(exponentReading('a23b')).toBeNull();
  });
  it('spreads one exponent over the letters after it, never adjacent only', () => {
    expect(spreadExponent('i2bc')).toEqual(['ibic', 'ibci']);
    expect(spreadExponent('i2m')).toEqual(['imi']);
    expect(spreadExponent('i2b2c')).toEqual([]); // two exponents: not spread
    expect(spreadExponent('abc')).toEqual([]);
  });
  it('tries a bounded number of spreads', () => {
    expect(spreadExponent('a3bcdefgh').length).toBeLessThanOrEqual(8);
  });
});

const RECORDS: Spec[] = [
  lab('Laboratoire Lorrain de Chimie Moléculaire', 'Nancy'),
  lab('Laboratoire de Chimie des Matériaux', 'Lyon'),
  lab('Laboratoire de Chimie Moléculaire et Macromoléculaire', 'Lille'),
  lab('Laboratoire de Chimie et Catalyse Moléculaire', 'Lille'), // L C C M: the digit read as multiplying the letter after
  lab('Laboratoire Commun de Métrologie', 'Paris'),
  lab('Institut de Biologie Intégrative de la Cellule', 'Gif-sur-Yvette'),
  lab('Institut de Biologie Cellulaire', 'Bordeaux'),
  lab('Institut de Biochimie et Chimie', 'Toulouse'),
  lab('Adaptation et Diversité en Milieu Marin', 'Roscoff'),
];

const { titles } = searchOver(RECORDS);

describe('search over a small catalogue', () => {
  it('finds a name whose letter is repeated next to itself (L2CM = L L C M)', () => {
    expect(titles('L2CM')[0]).toBe('Laboratoire Lorrain de Chimie Moléculaire');
  });
  it('finds a name whose letter is repeated apart (I2BC = I B I C)', () => {
    expect(titles('I2BC')[0]).toBe('Institut de Biologie Intégrative de la Cellule');
  });
  it('still reads the digit as multiplying the letter after it (AD2M = A D M M)', () => {
    expect(titles('AD2M')[0]).toBe('Adaptation et Diversité en Milieu Marin');
  });
});
