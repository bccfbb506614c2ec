// Slips and other forms of a word (src/server/catalogue/slips.ts, word-forms.ts): the helpers on
// the index of a small catalogue of look-alike records, and searches through SearchIndex on it
// showing each class found: a short known word that is a slip of a much commoner one among
// other words, a letter swap inside an acronym, a combining form against the adjective, an
// instrument's ending against its method's.
import { describe, expect, it } from 'vitest';
import { planQuery, QUALITY } from '../src/server/catalogue/query-plan.js';
import { englishShortWord, likelyCorrections, likelyVariants } from '../src/server/catalogue/slips.js';
import { adjectivesOf, combinedSpellings, instrumentForms } from '../src/server/catalogue/word-forms.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });
const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });
const lab = (label: string): Spec => ({ kind: 'laboratory', label, country: 'Canada' });

// "mass" in many records, "mas" (magic angle spinning) in a few: a slip of mass is likely.
const MASS = ['tandem', 'quadrupole', 'ion trap', 'orbitrap', 'sector field', 'isotope ratio', 'accelerator', 'secondary ion', 'glow discharge', 'spark source', 'thermal ionisation', 'field desorption'];
const FLUORESCENCE = ['microscopy', 'spectroscopy', 'lifetime imaging', 'correlation spectroscopy', 'recovery after photobleaching', 'in situ hybridisation', 'polarisation', 'anisotropy', 'quenching', 'resonance energy transfer', 'activated cell sorting', 'tomography', 'endoscopy', 'thermometry', 'detection', 'imaging', 'spectrometry', 'titration', 'immunoassay', 'cross-correlation spectroscopy', 'speckle microscopy'];
const RECORDS: Spec[] = [
  equipment('mass spectrometer', ['MS instrument']),
  technique('mass spectrometry', ['MS']),
  ...MASS.map((m) => ({ ...technique(`${m} mass spectrometry`), definition: 'Mass spectrometry that measures the mass of ions.' })),
  ...MASS.map((m) => ({ ...equipment(`${m} mass spectrometer`), definition: 'A mass spectrometer: it measures the mass of ions.' })),
  technique('magic angle spinning nuclear magnetic resonance spectroscopy', ['MAS NMR']),
  technique('real time polymerase chain reaction assay', ['qPCR']),
  lab('Qaujigiartiit Health Research Centre'),
  equipment('thermal cycler'),
  equipment('Thermo Scientific Orbitrap'),
  technique('cyclic voltammetry'),
  equipment('glucometer'),
  equipment('pH meter'),
  technique('glucose assay'),
  equipment('spectrometer'),
  equipment('telescope'),
  technique('radial velocity measurement'),
  lab('Radio Astronomy Station'),
  lab('Institut de la Loi et des Sociétés'),
  lab('Low Temperature Laboratory'),
  technique('spectroscopy'),
  technique('electrochemistry'),
  technique('electrical impedance spectroscopy'),
  // "fluorescence" in many records, its misspelling "flourescence" in one record's name.
  ...FLUORESCENCE.map((f) => technique(`fluorescence ${f}`)),
  equipment('flourescence plate reader'),
];

const { index: search, titles } = searchOver(RECORDS, 'slip');
const index = search.index;
const words = (terms: readonly number[]) => terms.map((t) => index.terms[t]).sort();

describe('slips.ts', () => {
  it('a near spelling much more used than the word typed is a likely correction', () => {
    const mas = index.termId('mas');
    const mass = index.termId('mass');
    expect(mas).toBeGreaterThanOrEqual(0);
    const [likely, rest] = likelyCorrections(index, 'mas', [mass], ~0);
    expect(words(likely)).toEqual(['mass']);
    expect(rest).toEqual([]);
    // The other way round: "mass" is no slip of the rarer "mas".
    expect(likelyCorrections(index, 'mass', [mas], ~0)[0]).toEqual([]);
  });

  it('only a short word of English names is read as a slip among other words', () => {
    const token = (word: string) => ({ word, raw: word, flags: 0 });
    expect(englishShortWord(index, token('mas'))).toBe(true);
    expect(englishShortWord(index, token('loi'))).toBe(false);
    expect(englishShortWord(index, token('spectrometer'))).toBe(false);
    expect(titles('loi societes')[0]).toBe('Institut de la Loi et des Sociétés');
  });

  it('an acronym of four letters or more with two neighbours swapped is a likely variant; a letter replaced is not', () => {
    const variants = ['qpcr', 'qhrc'].map((w) => index.termId(w));
    expect(variants.every((t) => t >= 0)).toBe(true);
    expect(words([...likelyVariants(index, 'qprc', variants)])).toEqual(['qpcr']);
    expect(likelyVariants(index, 'hpc', [index.termId('qpcr')]).size).toBe(0);
  });
});

describe('reading budget (plan-builder.ts)', () => {
  it('near spellings are read for at most twelve words of one query, so a long run of unknown words stays cheap', () => {
    const plan = planQuery(Array.from({ length: 14 }, () => 'glucomter').join(' '), index);
    const glucometer = index.termId('glucometer');
    let read = 0;
    for (const a of plan.alternatives) if (a.terms?.includes(glucometer) && a.quality < QUALITY.word) read |= a.units;
    expect(read).toBe((1 << 12) - 1);
    // A name's few words are all read.
    expect(titles('quadrupol mas spectrometer')[0]).toBe('quadrupole mass spectrometer');
  });
});

describe('word-forms.ts', () => {
  it('a combining form in -o stands for its adjective, of a stem of three letters or more', () => {
    expect(words(adjectivesOf(index, 'thermo'))).toEqual(['thermal']);
    expect(words(adjectivesOf(index, 'electro'))).toEqual(['electrical']);
    expect(adjectivesOf(index, 'thermal')).toEqual([]);
    expect(adjectivesOf(index, 'go')).toEqual([]);
  });

  it('two neighbouring words joined by the first one\'s combining form', () => {
    expect(combinedSpellings('thermal', 'cycler')).toContain('thermocycler');
    expect(combinedSpellings('glucose', 'meter')).toContain('glucometer');
    expect(combinedSpellings('thermo', 'cycler')).toEqual([]);
    expect(combinedSpellings('qpcr', '2')).toEqual([]);
  });

  it('an instrument\'s ending reads as its method\'s and the other instruments\', for a stem of five letters or more', () => {
    const all = (word: string) => Object.values(instrumentForms(index, word)).flat();
    expect(words(all('spectroscope'))).toEqual(['spectrometer', 'spectrometry', 'spectroscopy']);
    expect(all('meter')).toEqual([]);
    expect(all('telemetry')).toEqual([]);
  });
});

describe('searches', () => {
  it('a short known word among other words is read as a slip of a much commoner one', () => {
    expect(titles('mas spectrometer')[0]).toBe('mass spectrometer');
    // Typed alone or with words that fit it, the known word is meant.
    expect(titles('MAS')[0]).toBe('magic angle spinning nuclear magnetic resonance spectroscopy');
    expect(titles('mas nmr')[0]).toBe('magic angle spinning nuclear magnetic resonance spectroscopy');
  });

  it('a long word few records have is also read as a much commoner near spelling: a misspelling some record shares', () => {
    // Only one record's name has "flourescence"; typed so, the fluorescence records are meant too,
    // after the record that has the word as typed.
    const found = titles('flourescence');
    expect(found[0]).toBe('flourescence plate reader');
    expect(found).toEqual(expect.arrayContaining(['fluorescence microscopy', 'fluorescence spectroscopy']));
    expect(titles('flourescence microscopy')[0]).toBe('fluorescence microscopy');
    // Only as a likely correction, one edit away: a rare long word with no much commoner
    // neighbour reads as nothing else.
    expect(titles('thermometry')).toEqual(['fluorescence thermometry']);
  });

  it('two letters swapped in an acronym find the acronym before one with a letter replaced', () => {
    expect(titles('qPRC')[0]).toBe('real time polymerase chain reaction assay');
  });

  it('a combining form finds the adjective and the adjective the combining form', () => {
    expect(titles('thermocycler')[0]).toBe('thermal cycler');
    expect(titles('thermo-cycler')[0]).toBe('thermal cycler');
    // A word in -o standing alone is itself: "radio" is no "radial".
    expect(titles('radio')).toEqual(['Radio Astronomy Station']);
    expect(titles('glucose meter')[0]).toBe('glucometer');
  });

  it('an instrument no record names finds the records of its other endings', () => {
    expect(titles('spectroscope')).toEqual(expect.arrayContaining(['spectrometer', 'spectroscopy']));
  });
});
