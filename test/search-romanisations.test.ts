// Names of Japan and China in their other romanisations (src/server/catalogue/romanisations.ts),
// Japanese family names in kanji (japanese-names.ts) and more subject words (han-subjects.ts)
// in the English reading of a CJK query (cjk-reading.ts): unit tests, then searches of a small
// catalogue with look-alike records.
import { describe, expect, it } from 'vitest';
import { cjkReading } from '../src/server/catalogue/cjk-reading.js';
import { chineseSpellings, japaneseSpellings, otherRomanisations } from '../src/server/catalogue/romanisations.js';
import { searchOver } from './support/small-catalogue.js';

describe('other romanisations', () => {
  it('writes a Hepburn reading with its long vowels and in Kunrei', () => {
    expect(japaneseSpellings('kobayashi')).toEqual(['kobayashi', 'kobayasi']);
    expect(japaneseSpellings('kōno')).toEqual(['kono', 'kohno', 'kouno', 'koono']);
    expect(japaneseSpellings('tsuchiya')).toContain('tutiya');
  });

  it('writes pinyin in Wade–Giles and the postal spellings', () => {
    expect(chineseSpellings(['qing', 'hua'])).toEqual(['qinghua', 'chinghua', 'tsinghua']);
    expect(chineseSpellings(['gao', 'xiong'])).toContain('kaohsiung');
    expect(chineseSpellings(['xin', 'zhu'])).toContain('hsinchu');
    expect(chineseSpellings(['tai', 'zhong'])).toContain('taichung');
  });

  it('reads a Latin word in the other Japanese romanisation', () => {
    expect(otherRomanisations('kobayashi')).toContain('kobayasi');
    expect(otherRomanisations('kobayasi')).toContain('kobayashi');
    expect(otherRomanisations('oosaka')).toContain('osaka');
  });
});

describe('the English reading of a CJK query', () => {
  const known = (words: string[]) => (w: string) => words.includes(w);

  it('reads a Japanese family name in the spelling the index has', () => {
    expect(cjkReading('一般財団法人小林理学研究所', known(['kobayasi']))?.english).toBe('kobayasi science research institute');
    expect(cjkReading('小林理学研究所', known(['kobayashi']))?.english).toBe('kobayashi science research institute');
  });

  it('reads a Japanese family name in a text with Japanese-only characters even when no spelling is known', () => {
    expect(cjkReading('平岡県立研究所')?.english).toBe('hiraoka prefectural research institute');
  });

  it('reads unknown Chinese in the romanisation the index has', () => {
    expect(cjkReading('清华大学', known(['tsinghua']))?.english).toBe('tsinghua university');
    expect(cjkReading('清华大学')?.english).toBe('qinghua university');
  });

  it('reads subject words of research names', () => {
    expect(cjkReading('虚拟现实技术国家重点实验室')?.english).toBe('state key laboratory virtual reality technology');
    expect(cjkReading('中国科学院声学研究所')?.english).toContain('acoustics');
  });
});

const catalogue = searchOver([
  { label: 'Kobayasi Institute of Physical Research', kind: 'laboratory', country: 'Japan' },
  { label: 'Institute of Physical Research', kind: 'laboratory' },
  { label: 'Research Institute of Science and Technology', kind: 'laboratory' },
  { label: 'Kobe Institute of Science', kind: 'laboratory' },
  { label: 'Tsinghua University', kind: 'laboratory', city: 'Beijing' },
  { label: 'Qingdao University', kind: 'laboratory' },
  { label: 'Beijing University of Technology', kind: 'laboratory' },
  { label: 'State Key Laboratory of Virtual Reality Technology and Systems', kind: 'laboratory' },
  { label: 'State Key Laboratory of Laser Technology', kind: 'laboratory' },
]);

describe('searching names in other romanisations and scripts', () => {
  it('finds a Japanese family name written in kanji, and in Hepburn for a Kunrei record', () => {
    expect(catalogue.first('一般財団法人小林理学研究所')).toBe('Kobayasi Institute of Physical Research');
    expect(catalogue.first('Kobayashi Institute')).toBe('Kobayasi Institute of Physical Research');
  });

  it('finds a Chinese name in its postal spelling', () => {
    expect(catalogue.first('清华大学')).toBe('Tsinghua University');
  });

  it('finds a state key laboratory by its subject words', () => {
    expect(catalogue.first('虚拟现实技术国家重点实验室')).toBe('State Key Laboratory of Virtual Reality Technology and Systems');
  });
});
