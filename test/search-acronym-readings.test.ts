// Acronyms that do not spell a whole name or the words that start or end it: a run from the
// middle of a name, a long run, a run with function words (src/server/catalogue/inner-initials.ts),
// the capitals of a word in mixed case and a digit that multiplies a letter
// (src/server/catalogue/acronym-readings.ts). The modules on their own, then searches over a
// small catalogue of real names and the look-alikes that came first before.
import { describe, expect, it } from 'vitest';
import { mixedCaseCapitals, multiplied } from '../src/server/catalogue/acronym-readings.js';
import { innerInitials, innerInitialsReady } from '../src/server/catalogue/inner-initials.js';
import { ACRONYM } from '../src/server/catalogue/inverted-index.js';
import { fromParts, indexParts } from '../src/server/catalogue/search-index-builder.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, city = 'Paris', country = 'France'): Spec => ({ kind: 'laboratory', label, city, country });
const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });

const RECORDS: Spec[] = [
  lab('Centre for the Development and Evaluation of Complex Interventions for Public Health Improvement', 'Cardiff', 'United Kingdom'),
  technique('direct insecticide resistance bioassay'),
  lab('State Key Laboratory of Information Engineering in Surveying Mapping and Remote Sensing', 'Wuhan', 'China'),
  technique('laser mass spectrometry'),
  technique('RNA Annotation and Mapping of Promoters for the Analysis of Gene Expression assay'),
  technique('rapid amplification of cDNA ends'),
  lab('Institut für Energie- und Umweltforschung Heidelberg', 'Heidelberg', 'Germany'),
  lab('Institut für Umweltforschung', 'Aachen', 'Germany'),
  lab('Center for Hierarchical Materials Design', 'Evanston', 'United States'),
  lab('Chimie et Matériaux Durables'),
  lab('Adaptation et Diversité en Milieu Marin', 'Roscoff'),
  technique('arc-discharge method'),
  lab('Laboratoire des signaux et systèmes', 'Gif-sur-Yvette'),
  lab('Laboratoire de Spectroscopie'),
  lab('Laboratoire de Mécanique, Modélisation & Procédés Propres', 'Marseille'),
  lab('Laboratoire Mouvement Sport Santé', 'Rennes'),
  lab('Laboratoire Morphodynamique Continentale et Côtière', 'Caen'),
  lab('Laboratoire Nanotechnologies et Nanosystèmes', 'Sherbrooke', 'Canada'),
  lab('Laboratoire de Neurosciences', 'Lyon'),
  lab('Biologie Fonctionnelle Insectes et Interactions', 'Lyon'),
  lab('Biocenter Finland', 'Helsinki', 'Finland'),
  technique('quantitative polymerase chain reaction'),
  lab('Paris Cardiovascular Research Center'),
];

const { index: search, first } = searchOver(RECORDS);

describe('the derived acronyms that hold a run of letters (inner-initials.ts)', () => {
  const terms = (text: string) => innerInitials(search.index, text).map((t) => search.index.terms[t]);

  it('finds a whole name\'s initials that hold the letters in the middle, at the start or with function words', () => {
    // Centre · Development Evaluation Complex Interventions Public Health · Improvement; Institut
    // für Energie- und Umweltforschung · Heidelberg.
    expect(terms('deciph')).toContain('cdeciphi');
    expect(terms('rampage')).toContain('rampagea');
    expect(terms('ifeu')).toContain('ifeuuh');
  });

  it('finds every derived acronym holding a run, whether the run starts at an odd or an even letter', () => {
    const index = search.index;
    const acronyms: string[] = [];
    for (let t = 0; t < index.termCount; t++) if (index.frequency(ACRONYM, t) > 0) acronyms.push(index.terms[t]!);
    const runs = new Set<string>();
    for (const a of acronyms) for (let i = 0; i < a.length; i++) for (let n = 4; i + n <= a.length; n++) runs.add(a.slice(i, i + n));
    expect(runs.size).toBeGreaterThan(100);
    for (const run of runs) {
      const holding = acronyms.filter((a) => a.length > run.length && a.includes(run));
      expect(terms(run).sort(), run).toEqual(holding.length > 48 ? [] : holding.sort());
    }
  });

  it('is built with an index that will be searched (built here or read from its parts), not left to the first query', () => {
    expect(innerInitialsReady(search.index)).toBe(true);
    expect(innerInitialsReady(fromParts(indexParts(search)).index)).toBe(true);
  });

  it('looks for four letters or more, and never returns the letters themselves', () => {
    expect(terms('dec')).toEqual([]);
    expect(terms('cdeciphi')).toEqual([]);
    expect(terms('zzzz')).toEqual([]);
  });
});

describe('letters an acronym stands for besides its own (acronym-readings.ts)', () => {
  it('writes out a letter a digit multiplies, but not a number with one letter', () => {
    expect(multiplied('ad2m')).toBe('admm');
    expect(multiplied('l2s')).toBe('lss');
    expect(multiplied('3it')).toBe('iiit');
    expect(multiplied('3d')).toBeNull();
    expect(multiplied('umr8030')).toBeNull();
    expect(multiplied('nmr')).toBeNull();
    // A digit after a letter, as an exponent, when none comes before one: M²P², I³.
    expect(multiplied('m2p2')).toBe('mmpp');
    expect(multiplied('ln2')).toBe('lnn');
    expect(multiplied('i3')).toBe('iii');
    expect(multiplied('h2')).toBeNull();
    expect(multiplied('pm25')).toBeNull();
  });

  it('reads the capitals of a word in mixed case that starts with a capital', () => {
    const capitals = mixedCaseCapitals('CHiMaD, DECIPHer and qPCR, cryoSEM, NMR, Raman');
    expect(Object.fromEntries(capitals)).toEqual({ chimad: 'chmd', decipher: 'deciph' });
  });
});

describe('searching by such acronyms', () => {
  it('finds a name by a run from its middle, a long run, or a run with a function word', () => {
    expect(first('DECIPHer')).toBe('Centre for the Development and Evaluation of Complex Interventions for Public Health Improvement');
    expect(first('RAMPAGE')).toBe('RNA Annotation and Mapping of Promoters for the Analysis of Gene Expression assay');
    expect(first('IFEU')).toBe('Institut für Energie- und Umweltforschung Heidelberg');
  });

  it('reads a word in mixed case by its capitals, and a digit as the letter it multiplies', () => {
    expect(first('CHiMaD')).toBe('Center for Hierarchical Materials Design');
    expect(first('AD2M')).toBe('Adaptation et Diversité en Milieu Marin');
    expect(first('L2S')).toBe('Laboratoire des signaux et systèmes');
    expect(first('M2P2')).toBe('Laboratoire de Mécanique, Modélisation & Procédés Propres');
    expect(first('LN2')).toBe('Laboratoire Nanotechnologies et Nanosystèmes');
    // The capital I against the number is a letter of the acronym, not the Italian "i".
    expect(first('BF2I')).toBe('Biologie Fonctionnelle Insectes et Interactions');
  });

  it('keeps every letter of a word whose small letter comes first', () => {
    expect(first('qPCR')).toBe('quantitative polymerase chain reaction');
  });
});

describe('the one word of a query in capitals that no record has as a word', () => {
  // Six letters or more and no small letter: capitals would say nothing of a query's words, but an
  // unknown word typed alone so is far more often an acronym than a misspelt word.
  const { index: small, first: firstOf } = searchOver([
    lab('Centre Interdisciplinaire de Recherche sur les Céréales et les Marchés', 'Montpellier'),
    lab('Centre for Interdisciplinary Research on Cereals and Milling', 'Reading', 'United Kingdom'),
    lab('CIRCE - Centro de Innovación', 'Zaragoza', 'Spain'),
    lab('Robert H. Goddard Centre for Space Technologies', 'Worcester', 'United States'),
    technique('high-resolution gas isotope spectrometry'),
    technique('spectrometry'),
    technique('mass spectrometry'),
  ]);
  const scores = (query: string) => new Map(small.search(query).hits.map((h) => [h.entry.label, h.score]));

  it('is read as an acronym in capitals: every letter an initial (CI·R·C·E·M, "et" too) above word beginnings (CI·R·CE·M)', () => {
    expect(firstOf('CIRCEM')).toBe('Centre Interdisciplinaire de Recherche sur les Céréales et les Marchés');
    const s = scores('CIRCEM');
    expect(s.get('Centre Interdisciplinaire de Recherche sur les Céréales et les Marchés')!).toBeGreaterThan(s.get('Centre for Interdisciplinary Research on Cereals and Milling')!);
  });

  it('is read as a letter variant of a name\'s initials (a renamed body: Institute for Centre)', () => {
    expect(firstOf('RHGIST')).toBe('Robert H. Goddard Centre for Space Technologies');
    const s = scores('RHGIST');
    expect(s.get('Robert H. Goddard Centre for Space Technologies')!).toBeGreaterThan(s.get('high-resolution gas isotope spectrometry') ?? 0);
  });

  it('still finds the word it misspells when no name spells it', () => {
    expect(firstOf('SPECTROMETY')).toBe('spectrometry');
    expect(firstOf('spectromety')).toBe('spectrometry');
  });
});

describe('letters with a digit that a name has as written', () => {
  const { titles } = searchOver([
    lab('Centre for Imaging, Instrumentation and Informatics', 'Glasgow', 'United Kingdom'),
    { ...lab('Centre for Economics of Innovation'), synonyms: ['Mines Paris, Centre for Economics of Innovation (CEI), i3 UMR 9217 CNRS', 'CEI i3'] },
    lab('Laboratoire de Biologie'),
  ]);

  it('are still read as the letter the digit repeats ("CI3": C·I·I·I), above a name holding "CEI i3"', () => {
    expect(titles('CI3').slice(0, 2)).toEqual(['Centre for Imaging, Instrumentation and Informatics', 'Centre for Economics of Innovation']);
  });
});

describe('the one word of a query in capitals that is also a word', () => {
  const { titles } = searchOver([
    lab('Centre Atlantique des Mers et Rivages Aquitains', 'Bordeaux'),
    { kind: 'equipment', label: 'CCD camera' },
    { kind: 'equipment', label: 'camera trap' },
    technique('cameral analysis'),
  ]);

  it('is read as the initials of a name with a function word (C·A·M·E·R·A, "et"), below the word itself but above a near word', () => {
    const found = titles('CAMERA');
    expect(found.slice(0, 2).sort()).toEqual(['CCD camera', 'camera trap']);
    expect(found.indexOf('Centre Atlantique des Mers et Rivages Aquitains')).toBeGreaterThan(-1);
    expect(found.indexOf('Centre Atlantique des Mers et Rivages Aquitains')).toBeLessThan(found.indexOf('cameral analysis'));
  });
});
