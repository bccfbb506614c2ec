// A Chinese name written in pinyin, with or without its tone marks (src/server/catalogue/pinyin-reading.ts):
// read in English through the pinyin of the Han tables' words, across the query's words and
// inside them (yanjiusuo → research institute, zhongguo kexueyuan → chinese academy of
// sciences), a place kept as a name; a query that is not pinyin throughout, or has fewer than
// two table words, gets no reading. Unit tests, then searches of a small catalogue with
// look-alike records through SearchIndex.
import { describe, expect, it } from 'vitest';
import { pinyinReading } from '../src/server/catalogue/pinyin-reading.js';
import { searchOver } from './support/small-catalogue.js';

describe('the English reading of a query in pinyin', () => {
  it('reads the table words with or without tone marks, across words and inside them', () => {
    expect(pinyinReading('Zhōngguó Kēxuéyuàn Ruǎnjiàn Yánjiūsuǒ')?.english).toBe('chinese academy of sciences software research institute');
    expect(pinyinReading('Zhongguo Kexueyuan Ruanjian Yanjiusuo')?.english).toBe('chinese academy of sciences software research institute');
    expect(pinyinReading('guojia chaoji jisuan zhongxin')?.english).toBe('national supercomputing center');
  });

  it('keeps a place and a word no table has as names, and drops a word of one syllable', () => {
    const reading = pinyinReading('Chéngdū Ruǎnjiàn yǔ Xìnxī Yánjiūsuǒ');
    expect(reading?.names).toContain('chengdu');
    expect(reading?.english).not.toMatch(/\byu\b/);
    expect(pinyinReading('Guojia Heiyun Ruanjian Zhongxin')?.names).toEqual(['heiyun']);
  });

  it('reads no query with a word that is not pinyin, nor one with fewer than two table words', () => {
    expect(pinyinReading('Institut für Physik')).toBeNull();
    expect(pinyinReading('Centre de Recherche Ruanjian Zhongxin')).toBeNull();
    expect(pinyinReading('Yanjiusuo')).toBeNull();
    expect(pinyinReading('Wang Li')).toBeNull();
    expect(pinyinReading('Gene Bank')).toBeNull();
  });
});

const lab = (label: string, city: string, country = 'China') => ({ kind: 'laboratory' as const, label, city, country });
const { first, titles } = searchOver([
  lab('Software Research Institute', 'Chengdu'),
  lab('Software Research Institute of Liaoning', 'Shenyang'),
  lab('Chengdu Institute of Biology', 'Chengdu'),
  lab('National Supercomputing Centre of Lanzhou', 'Lanzhou'),
  lab('National Computing Centre', 'Manchester', 'United Kingdom'),
  lab('Lanzhou Institute of Chemical Physics', 'Lanzhou'),
  lab('Institut für Softwaretechnik', 'Berlin', 'Germany'),
]);

describe('a pinyin query finds the English-named record', () => {
  it('with tone marks and without, the place typed telling look-alikes apart', () => {
    expect(first('Chéngdū Ruǎnjiàn Yánjiūsuǒ')).toBe('Software Research Institute');
    expect(first('Chengdu Ruanjian Yanjiusuo')).toBe('Software Research Institute');
    expect(first('Guójiā Chāojí Jìsuàn Lánzhōu Zhōngxīn')).toBe('National Supercomputing Centre of Lanzhou');
  });

  it('leaves a query in another language to its own words', () => {
    expect(first('Institut für Softwaretechnik')).toBe('Institut für Softwaretechnik');
    expect(titles('Lanzhou Institute of Chemical Physics')[0]).toBe('Lanzhou Institute of Chemical Physics');
  });
});
