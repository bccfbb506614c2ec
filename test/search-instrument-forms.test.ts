// Instrument and method endings (src/server/catalogue/word-forms.ts instrumentForms) and names one
// word away from the query (src/server/catalogue/name-substitutes.ts): the helpers on the index of
// a small catalogue, and searches through SearchIndex showing each class found — an instrument
// under another instrument's ending of the same stem, a method under another method's ending,
// the connecting vowel spelt either way, and a one-word name read another way found among many
// names holding the word as typed.
import { describe, expect, it } from 'vitest';
import { instrumentForms } from '../src/server/catalogue/word-forms.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });
const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });

// Methods named both ways ("Raman spectroscopy" / "Raman spectrometry"): the index's own evidence
// that the two endings of "spectro-" name one thing. No record names micro- both ways.
const BOTH_WAYS = ['Raman', 'atomic', 'laser', 'microwave', 'nuclear'];
// More names holding "spectrometry" than the best-covered candidates the ranking reads.
const MANY = Array.from({ length: 80 }, (_, i) => technique(`isotope ${i + 1} spectrometry`));
const RECORDS: Spec[] = [
  ...BOTH_WAYS.map((w) => technique(`${w} spectroscopy`, [`${w} spectrometry`])),
  ...MANY,
  technique('spectroscopy'),
  equipment('spectrometer'),
  equipment('spectrograph'),
  technique('microscopy'),
  equipment('microscope'),
  equipment('micrometer'),
  equipment('portable fluorometer'),
  technique('photometry'),
  technique('photography'),
];

const { index: search, titles } = searchOver(RECORDS, 'form');
const index = search.index;
const words = (terms: readonly number[]) => terms.map((t) => index.terms[t]).sort();

describe('word-forms.ts instrumentForms', () => {
  it('another ending of the same kind is alike when the index names the stem both ways', () => {
    const spectroscope = instrumentForms(index, 'spectroscope');
    expect(words(spectroscope.alike)).toEqual(['spectrometer']);
    expect(words(spectroscope.switched)).toEqual(['spectrometry', 'spectroscopy']);
    expect(words(spectroscope.other)).toEqual(['spectrograph']);
    expect(words(instrumentForms(index, 'spectrometry').alike)).toEqual(['spectroscopy']);
  });

  it('a stem no record names both ways keeps its other endings far ("microscope" is no micrometer)', () => {
    const microscope = instrumentForms(index, 'microscope');
    expect(microscope.alike).toEqual([]);
    expect(microscope.switched).toEqual([]);
    expect(words(microscope.other)).toEqual(['micrometer', 'microscopy']);
    expect(instrumentForms(index, 'photometry').alike).toEqual([]);
  });

  it('the connecting vowel of -meter and -metry is spelt either way', () => {
    expect(words(instrumentForms(index, 'fluorimeter').spelling)).toEqual(['fluorometer']);
    expect(instrumentForms(index, 'fluorometer').spelling).toEqual([]);
  });
});

describe('searches', () => {
  it('an instrument finds the instrument of the other ending first, a method the method', () => {
    expect(titles('spectroscope')[0]).toBe('spectrometer');
    expect(titles('spectrometry')[0]).toBe('spectroscopy');
    expect(titles('portable fluorimeter')[0]).toBe('portable fluorometer');
  });

  it('a far ending stays below the word typed', () => {
    expect(titles('microscope')[0]).toBe('microscope');
    expect(titles('micrometer')[0]).toBe('micrometer');
    expect(titles('photometry')[0]).toBe('photometry');
  });
});
