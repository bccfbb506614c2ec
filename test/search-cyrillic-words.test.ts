// Subject words of names typed in Cyrillic (Russian, Ukrainian, Serbian, Kazakh) or Greek for
// records named in English (src/server/catalogue/cyrillic-words.ts): unit tests of the stem
// table on the Latin reading, then searches of a small catalogue with look-alike records.
import { describe, expect, it } from 'vitest';
import { cyrillicSubject } from '../src/server/catalogue/cyrillic-words.js';
import { fold } from '../src/server/catalogue/search-text.js';
import { latinReadings } from '../src/server/catalogue/transliterate.js';
import { searchOver } from './support/small-catalogue.js';

const meaning = (word: string) => cyrillicSubject(latinReadings(fold(word))[0]!.word);

describe('Cyrillic and Greek subject words by stem', () => {
  it('reads a noun in its cases and an adjective in its forms', () => {
    expect(meaning('стекла')).toEqual(['glass']);
    expect(meaning('стекло')).toEqual(['glass']);
    expect(meaning('морских')).toContain('marine');
    expect(meaning('морского')).toContain('marine');
    expect(meaning('нефти')).toContain('oil');
    expect(meaning('хемију')).toContain('chemistry');
    expect(meaning('досліджень')).toContain('research');
    expect(meaning('шаруашылығы')).toContain('agriculture');
    expect(meaning('Ασφάλειας')).toContain('safety');
  });

  it('reads no word whose rest after a stem is not an ending', () => {
    expect(meaning('морфология')).toBeUndefined();
    expect(meaning('ректор')).toBeUndefined();
    expect(cyrillicSubject('institute')).toBeUndefined();
  });
});

const catalogue = searchOver([
  { label: 'Institute of Glass', kind: 'laboratory', country: 'Russia' },
  { label: 'Institute of Physics', kind: 'laboratory', country: 'Russia' },
  { label: 'Research Institute of Technical Glass', kind: 'laboratory', country: 'Russia' },
  { label: 'Marine Research Center', kind: 'laboratory', country: 'Russia' },
  { label: 'Research Center for Preventive Medicine', kind: 'laboratory', country: 'Russia' },
  { label: 'Institute of Oil and Gas Problems', kind: 'laboratory', country: 'Russia' },
  { label: 'Institute of Water Problems', kind: 'laboratory', country: 'Russia' },
  { label: 'Institute of General and Physical Chemistry', kind: 'laboratory', country: 'Serbia' },
  { label: 'Institute of Organic Chemistry', kind: 'laboratory', country: 'Serbia' },
]);

describe('searching names typed in Cyrillic by their subject words', () => {
  it('finds a Russian name by a native subject word in another case', () => {
    expect(catalogue.first('Институт стекла')).toBe('Institute of Glass');
    expect(catalogue.first('Центр морских исследований')).toBe('Marine Research Center');
    expect(catalogue.first('Институт проблем нефти и газа')).toBe('Institute of Oil and Gas Problems');
    expect(catalogue.first('Институт водных проблем')).toBe('Institute of Water Problems');
  });

  it('finds a Serbian name by its subject words', () => {
    expect(catalogue.first('Институт за општу и физичку хемију')).toBe('Institute of General and Physical Chemistry');
  });
});
