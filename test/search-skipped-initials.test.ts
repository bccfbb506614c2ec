// Acronyms that leave out a content word of the name they stand for
// (src/server/catalogue/skipped-initials.ts, read by src/server/catalogue/acronym-readings.ts and
// checked in the names by src/server/catalogue/initials-match.ts): the module on its own, then
// searches over a small catalogue of real names and the look-alikes that came first before.
import { describe, expect, it } from 'vitest';
import { skippedInitials } from '../src/server/catalogue/skipped-initials.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, city = 'Paris', country = 'France'): Spec => ({ kind: 'laboratory', label, city, country });
const technique = (label: string): Spec => ({ kind: 'technique', label });

const RECORDS: Spec[] = [
  lab('Unité de recherches Transitions Organisations Politiques Inégalités'),
  lab("Unité Transdisciplinaire d'Orientation et de Prospective des Impacts environnementaux de la recherche en Ingénierie"),
  lab('Analyse moléculaire, modélisation et imagerie de la maladie cancéreuse', 'Lille'),
  technique('multiplexed fluorescent antibody imaging assay'),
  technique('human antithrombin-III in blood assay'),
  lab('Centro Interdisciplinar de Estudo da Performance Humana', 'Lisboa', 'Portugal'),
  lab('Chung-Hua Institution for Economic Research', 'Taipei', 'Taiwan'),
  lab('Centro de Investigação de Políticas do Ensino Superior', 'Porto', 'Portugal'),
  lab('Korea Institute of Ocean Science and Technology', 'Busan', 'Korea'),
  lab('Korea Institute of Ocean Science Policy and Technology', 'Seoul', 'Korea'),
  lab('Groupe de Recherche Numérique en lien avec la Santé', 'Rennes'),
];

const { index: search, first, titles } = searchOver(RECORDS);
const terms = (raw: string) => skippedInitials(search.index, raw).map((t) => search.index.terms[t]);

describe('derived acronyms with a word the typed letters leave out (skipped-initials.ts)', () => {
  it('puts one letter back between two initials, the last word read by its beginning or not', () => {
    // U [recherches] T O P I; A M M I [maladie] CA; C I [Estudo] PER (a run that starts the name).
    expect(terms('utopi')).toContain('urtopi');
    expect(terms('ammica')).toContain('ammimc');
    expect(terms('ciper')).toContain('ciep');
  });

  it('never puts the letter first or last, and reads four to ten plain letters only', () => {
    // "dutopi" and "utopir" would be a word before or after the letters typed, not one left out.
    expect(terms('topi')).not.toContain('rtopi');
    expect(terms('urtop')).not.toContain('urtopi');
    expect(terms('uti')).toEqual([]);
    expect(terms('ut0pi')).toEqual([]);
    expect(terms('abcdefghijk')).toEqual([]);
  });
});

describe('searching by an acronym that leaves out a word', () => {
  it('finds the name whose initials, with one content word left out, are the letters typed', () => {
    // Second to a name whose first five content words give U T O P I (not a word left out).
    expect(titles('UTOPI').slice(0, 2)).toContain('Unité de recherches Transitions Organisations Politiques Inégalités');
    expect(first('AMMICA')).toBe('Analyse moléculaire, modélisation et imagerie de la maladie cancéreuse');
    // Found, below the letter variants of the acronym (CIPES: Centro de Investigação de Políticas do Ensino Superior).
    expect(titles('CIPER')).toContain('Centro Interdisciplinar de Estudo da Performance Humana');
  });

  it('passes over a function word of another language as it does "de" (avec: G R N [lien] S)', () => {
    // The name's initials are g r n l s, so the letters typed need one word put back, not two.
    expect(terms('grns')).toContain('grnls');
    expect(first('GRNS')).toBe('Groupe de Recherche Numérique en lien avec la Santé');
  });

  it('keeps a name whose initials are the letters typed before one that needs a word left out', () => {
    expect(first('KIOST')).toBe('Korea Institute of Ocean Science and Technology');
    expect(first('KIOSPT')).toBe('Korea Institute of Ocean Science Policy and Technology');
  });
});

describe('an acronym that is another name’s initials, with a word left out (acronym-readings.ts)', () => {
  const taken = searchOver([
    lab('Sobolev Institute of Mathematics', 'Novosibirsk', 'Russia'),
    lab('Shanghai Institute of Optics and Fine Mechanics', 'Shanghai', 'China'),
    lab('Sociétés, Acteurs, Gouvernement en Europe', 'Strasbourg'),
    lab('Seismological Facility for the Advancement of Geoscience', 'Washington', 'United States'),
    technique('sage leaf extract assay'),
    ...Array.from({ length: 12 }, (_, i) => lab(`Shanghai Institute of Fine Arts ${i}`, 'Shanghai', 'China')),
  ]);

  it('ranks the name whose initials the letters are first, and the one that leaves out a word below it', () => {
    // S I O [Fine] M: "Shanghai Institute of Optics and Fine Mechanics".
    const siom = taken.titles('SIOM');
    expect(siom[0]).toBe('Sobolev Institute of Mathematics');
    expect(siom).toContain('Shanghai Institute of Optics and Fine Mechanics');
    // Also for a word typed alone in capitals: S [Facility] A GE.
    const sage = taken.titles('SAGE');
    expect(sage[0]).not.toBe('Seismological Facility for the Advancement of Geoscience');
    expect(sage).toContain('Seismological Facility for the Advancement of Geoscience');
  });

  it('reads the word left out only for the query’s only word', () => {
    expect(taken.titles('SIOM Shanghai')[0]).not.toBe('Shanghai Institute of Optics and Fine Mechanics');
  });
});
