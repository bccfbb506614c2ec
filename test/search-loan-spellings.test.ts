// Names written in another European language than the record's, both ways: learned words as
// each language spells them (./src/server/catalogue/loan-spellings.ts: photosynthesis =
// fotosíntesis, observatory = obserwatorium), the function words of Polish, Czech, Slovak and
// South Slavic that are letters English writes in capitals (w, v, u, z), and the places of
// Europe with an English name of their own (./place-names.ts: Beograd = Belgrade). Through
// SearchIndex over a small catalogue with look-alike records, and the module's own functions.
import { describe, expect, it } from 'vitest';
import { loanKey } from '../src/server/catalogue/loan-spellings.js';
import { europeanEquivalents } from '../src/server/catalogue/european-words.js';
import { prepareText, STOP } from '../src/server/catalogue/search-text.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const RECORDS = [
  lab('Instituto de Bioquímica Vegetal y Fotosíntesis', { city: 'Seville', country: 'Spain' }),
  lab('Leibniz Institute of Plant Biochemistry', { city: 'Halle', country: 'Germany' }),
  lab('Instituto de Síntesis Química y Catálisis Homogénea', { city: 'Zaragoza', country: 'Spain' }),
  lab('Institute of Organic Synthesis', { city: 'Riga', country: 'Latvia' }),
  lab('Instituto de Ciencia y Tecnología de Polímeros', { city: 'Madrid', country: 'Spain' }),
  lab('Institute of Science, Technology and Policy', { city: 'Zurich', country: 'Switzerland' }),
  lab('Borowiec Astrogeodynamic Observatory', { city: 'Borowiec', country: 'Poland' }),
  lab('183W nuclear magnetic resonance spectroscopy', { kind: 'technique' }),
  lab('Astronomical Observatory', { city: 'Warsaw', country: 'Poland' }),
  lab('Institute of History Belgrade', { city: 'Belgrade', country: 'Serbia' }),
  lab('Institut za ispitivanje materijala IMS a.d. Beograd', { city: 'Belgrade', country: 'Serbia' }),
  lab('Institute of Labour and Social Studies', { city: 'Warsaw', country: 'Poland' }),
  lab('Ion 318 Chip v2', { kind: 'equipment' }),
  lab('Ion 318 Chip', { kind: 'equipment' }),
  lab('Laboratory of Hydraulics, Hydrology and Glaciology', { city: 'Zurich', country: 'Switzerland' }),
  lab('Laboratory of Hydraulics and Geology', { city: 'Zurich', country: 'Switzerland' }),
  lab('Centro de Investigação em Biociências e Saúde', { city: 'Lisbon', country: 'Portugal' }),
  lab('Research Centre for Public Health', { city: 'Lisbon', country: 'Portugal' }),
  lab('Mossakowski Medical Research Institute', { city: 'Warsaw', country: 'Poland' }),
  lab('Medical Research Institute', { city: 'Warsaw', country: 'Poland' }),
];
const { first, titles } = searchOver(RECORDS);

describe('learned words as another language spells them', () => {
  it('reads both spellings by one key', () => {
    for (const [a, b] of [
      ['photosynthesis', 'fotosintesis'],
      ['polymers', 'polimeros'],
      ['spectrometry', 'espectrometria'],
      ['obserwatorium', 'observatory'],
      ['astrogeodynamiczne', 'astrogeodynamic'],
      ['komunikacja', 'communication'],
      ['chemicky', 'chemical'],
    ]) {
      expect(loanKey(a!)).toBe(loanKey(b!));
    }
  });

  it('finds the Spanish-labelled record from its English name, and the English one from Polish', () => {
    // Found beside the record that has "plant" as typed (vegetal is not read as plant).
    expect(titles('Institute of Plant Biochemistry and Photosynthesis').slice(0, 2)).toContain('Instituto de Bioquímica Vegetal y Fotosíntesis');
    expect(first('Institute of Chemical Synthesis and Homogeneous Catalysis')).toBe('Instituto de Síntesis Química y Catálisis Homogénea');
    expect(first('Institute of Polymer Science and Technology')).toBe('Instituto de Ciencia y Tecnología de Polímeros');
    expect(first('Obserwatorium Astrogeodynamiczne w Borówcu')).toBe('Borowiec Astrogeodynamic Observatory');
    expect(titles('Instytut Pracy i Spraw Socjalnych')).toContain('Institute of Labour and Social Studies');
  });
});

describe('a soft c as German and the Slavic languages write it, and the Slavic -ski adjective', () => {
  it('reads c and k before e, i, y and j as s, as z and c are written for it', () => {
    for (const [a, b] of [
      ['glaziologie', 'glaciology'],
      ['sozial', 'social'],
      ['socjologia', 'sociology'],
      ['biociencias', 'biosciences'],
      ['science', 'scienze'],
      ['kybernetik', 'cybernetics'],
      ['seramik', 'ceramic'],
    ]) {
      expect(loanKey(a!)).toBe(loanKey(b!));
    }
    expect(loanKey('fisici')).toBe(loanKey('physics'));
  });

  it('reads the South Slavic and Polish -ski adjective as -ic, and a -ski name in any case as one', () => {
    for (const [a, b] of [
      ['bioloski', 'biological'],
      ['pedagoski', 'pedagogical'],
      ['filozofski', 'philosophical'],
      ['akademski', 'academic'],
      ['mossakowskiego', 'mossakowski'],
    ]) {
      expect(loanKey(a!)).toBe(loanKey(b!));
    }
    // A root of three letters keeps its -ski: "polski" is not "police".
    expect(loanKey('polski')).not.toBe(loanKey('police'));
  });

  it('finds the record written in another language from them', () => {
    expect(first('Versuchsanstalt für Wasserbau, Hydrologie und Glaziologie')).toBe('Laboratory of Hydraulics, Hydrology and Glaciology');
    expect(first('Biosciences Research Centre')).toBe('Centro de Investigação em Biociências e Saúde');
    expect(first('Instytut Medycyny Doświadczalnej im. Mossakowskiego')).toBe('Mossakowski Medical Research Institute');
  });
});

describe('function words written in lower case', () => {
  const stops = (text: string) => prepareText(text).tokens.filter((t) => t.flags & STOP).map((t) => t.raw);

  it('leaves out w, v, u, z standing alone in lower case, not in capitals nor glued to a digit', () => {
    expect(stops('Obserwatorium Astrogeodynamiczne w Borówcu')).toEqual(['w']);
    expect(stops('Institut für Baustatik u. Konstruktion')).toEqual(['fur', 'u']);
    expect(stops('Université Paris V')).toEqual([]);
    expect(stops('Ion 318 Chip v2')).toEqual([]);
    expect(stops('c.w. EPR')).toEqual([]);
  });

  it('does not read the Polish "w" as tungsten', () => {
    expect(titles('Obserwatorium Astrogeodynamiczne w Borówcu')).not.toContain('183W nuclear magnetic resonance spectroscopy');
    expect(first('Ion 318 Chip v2')).toBe('Ion 318 Chip v2');
  });
});

describe('places with an English name of their own', () => {
  it('reads Beograd as Belgrade, in any case form', () => {
    expect(europeanEquivalents('beograd')).toContain('belgrade');
    expect(europeanEquivalents('warszawie')).toContain('warsaw');
    expect(europeanEquivalents('chilean')).toContain('chileno');
    expect(first('Istorijski institut Beograd')).toBe('Institute of History Belgrade');
  });
});
