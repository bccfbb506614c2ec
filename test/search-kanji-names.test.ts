// A Japanese place or family name the tables lack is read from its kanji's readings
// (src/server/catalogue/kanji-names.ts, kanji-readings.ts), in the first spelling the index has
// as a word: unit tests of the reading, then searches of a small catalogue where records of
// other places share the generic words.
import { describe, expect, it } from 'vitest';
import { cjkReading } from '../src/server/catalogue/cjk-reading.js';
import { kanjiNameAt, kanjiNameReading } from '../src/server/catalogue/kanji-names.js';
import { searchOver } from './support/small-catalogue.js';

const words = (...w: string[]) => (x: string) => w.includes(x);

describe('the reading of a name from its kanji', () => {
  it('combines the readings, commonest first, and keeps the first spelling the index has', () => {
    expect(kanjiNameReading([...'湘南'], words('shonan'))).toBe('shonan');
    expect(kanjiNameReading([...'山階'], words('yamashina', 'sankai'))).toBe('yamashina');
    expect(kanjiNameReading([...'湘南'], words())).toBeNull();
  });

  it('voices the first consonant of a later part (rendaku) and doubles one after chi, tsu, ku or ki', () => {
    expect(kanjiNameReading([...'飯塚'], words('iizuka'))).toBe('iizuka');
    expect(kanjiNameReading([...'日光'], words('nikko'))).toBe('nikko');
  });

  it('spells long vowels as names do, and in Kunrei-shiki (慈圭 Zikei)', () => {
    expect(kanjiNameReading([...'高崎'], words('takasaki'))).toBe('takasaki');
    expect(kanjiNameReading([...'大野'], words('ohno'))).toBe('ohno');
    expect(kanjiNameReading([...'慈圭'], words('zikei'))).toBe('zikei');
  });

  it('reads the longest name the index has from a position, not a character without readings', () => {
    expect(kanjiNameAt([...'多治見市'], 0, words('tajimi'))).toEqual(['tajimi', 3]);
    expect(kanjiNameAt([...'研究所'], 0, () => true)).toBeNull();
    expect(kanjiNameAt([...'松'], 0, () => true)).toBeNull();
  });
});

describe('a Japanese query with a name the tables lack', () => {
  it('reads the name in Japanese, not in pinyin, when the index has it so', () => {
    expect(cjkReading('山階鳥類研究所', words('yamashina'))?.names).toEqual(['yamashina']);
    expect(cjkReading('湘南情報数理化学研究所', words('shonan'))?.names).toEqual(['shonan']);
    expect(cjkReading('横須賀市健康安全科学センター', words('yokosuka'))?.english).toMatch(/^yokosuka city /);
  });

  it('keeps the pinyin of a Chinese name the index has so', () => {
    expect(cjkReading('烟台海洋研究所', words('yantai'))?.names).toEqual(['yantai']);
  });
});

const catalogue = searchOver([
  { label: 'Yamashina Institute for Ornithology', kind: 'laboratory', country: 'Japan' },
  { label: 'Institute for Ornithology', kind: 'laboratory', country: 'Germany' },
  { label: 'Tokyo Bird Research Institute', kind: 'laboratory', country: 'Japan' },
  { label: 'Kamioka Observatory', kind: 'laboratory', country: 'Japan' },
  { label: 'National Space Science Center', kind: 'laboratory', country: 'China' },
  { label: 'Tajimi City Pottery Design and Technical Center', kind: 'laboratory', country: 'Japan' },
  { label: 'Seto City Ceramic Research Center', kind: 'laboratory', country: 'Japan' },
  { label: 'Matsuyama International Center', kind: 'laboratory', country: 'Japan' },
  { label: 'Kyoto International Exchange Association', kind: 'laboratory', country: 'Japan' },
]);

describe('searching a Japanese name by its kanji', () => {
  it('finds the record of the place or family named before records sharing the generic words', () => {
    expect(catalogue.first('山階鳥類研究所')).toBe('Yamashina Institute for Ornithology');
    expect(catalogue.first('神岡宇宙素粒子研究施設')).toBe('Kamioka Observatory');
    expect(catalogue.first('多治見市陶磁器意匠研究所')).toBe('Tajimi City Pottery Design and Technical Center');
    expect(catalogue.first('公益財団法人松山国際交流協会')).toBe('Matsuyama International Center');
  });
});
