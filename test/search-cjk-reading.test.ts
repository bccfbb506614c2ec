// Chinese, Japanese and Korean names (Han, kana, Hangul, romanised Japanese) for records whose
// names are in English: the readings of ./src/server/catalogue/kana-hangul.ts and
// cjk-reading.ts, and searches of a small catalogue with look-alike records through
// SearchIndex (the engine the server answers with).
import { describe, expect, it } from 'vitest';
import { cjkReading } from '../src/server/catalogue/cjk-reading.js';
import { foldRomaji, hangulToLatin, kanaToRomaji } from '../src/server/catalogue/kana-hangul.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

describe('kana and Hangul in Latin letters', () => {
  it('reads kana in Hepburn, with long vowels folded to one key', () => {
    expect(kanaToRomaji('ミヤザキケン')).toBe('miyazakiken');
    expect(foldRomaji(kanaToRomaji('コウギョウ'))).toBe('kogyo');
    expect(foldRomaji('kōgyō')).toBe(foldRomaji('kougyou'));
    expect(foldRomaji(kanaToRomaji('センター'))).toBe('senta');
    expect(kanaToRomaji('しゃ ちょ じゅ きゃ')).toBe('sha cho ju kya');
    expect(kanaToRomaji('ホッカイドウ')).toBe('hokkaidou');
    expect(kanaToRomaji('ふくい')).toBe('fukui');
  });

  it('reads Hangul syllables in the Revised Romanization', () => {
    expect(hangulToLatin('대구')).toBe('daegu');
    expect(hangulToLatin('부산')).toBe('busan');
    expect(hangulToLatin('한국')).toBe('hanguk');
    expect(hangulToLatin('연구원')).toBe('yeonguwon');
    expect(hangulToLatin('울릉')).toBe('ulleung');
  });
});

describe('the English reading of a query', () => {
  const english = (q: string) => cjkReading(q)?.english ?? null;

  it('segments Chinese by the longest generic or subject word, the head word first', () => {
    expect(english('航运技术与安全国家重点实验室')).toBe('state key laboratory shipping technology safety');
    expect(english('中国科学院新疆理化技术研究所')).toBe('chinese academy of sciences xinjiang physics and chemistry technology research institute');
    expect(english('广州有色金属研究院')).toBe('guangzhou non ferrous metals research institute');
  });

  it('reads the first unknown Han of a Chinese name in pinyin, a place most often; not in a key laboratory, named after its field', () => {
    expect(english('烟台海岸带研究所')).toBe('yantai coastal zone research institute');
    expect(english('钨钼国家重点实验室')).toBe('state key laboratory');
    expect(english('摩擦学国家重点实验室')).toBe('state key laboratory tribology');
  });

  it('reads Japanese kanji and kana, prefectures and legal forms', () => {
    expect(english('山形県水産研究所')).toBe('yamagata prefecture fisheries research institute');
    expect(english('ミヤザキケン コウギョウ ギジュツ センター')).toBe('miyazaki prefecture industrial technology center');
    expect(cjkReading('一般財団法人日本造船技術センター')).toEqual({ typed: '日本造船技術センター', english: 'japan shipbuilding technology center', names: [] });
  });

  it('reads romanised Japanese with a prefecture glued on, and Korean', () => {
    expect(english('Naganoken Kaju Shikenjo')).toBe('nagano prefecture fruit tree experiment station');
    expect(english('Jōhō Tsūshin Kenkyū Kikō')).toBe('information communications research organization');
    expect(english('대구정책연구원')).toBe('daegu policy research institute');
    expect(english('한국에너지기술연구원')).toBe('korea energy technology research institute');
  });

  it('leaves a Latin query without romaji words alone', () => {
    expect(cjkReading('mass spectrometry')).toBeNull();
    expect(cjkReading('Institute of Physics, Chinese Academy of Sciences')).toBeNull();
    expect(cjkReading('Tokyo Institute of Technology')).toBeNull();
  });
});

const lab = (label: string, more: Partial<SourceRecord> = {}): Spec => ({ kind: 'laboratory', label, ...more });
const RECORDS: Spec[] = [
  lab('State Key Laboratory of Shipping Technology and Safety', { country: 'China' }),
  lab('State Key Laboratory of Food Nutrition and Safety', { country: 'China' }),
  lab('State Key Laboratory of Laser Technology', { country: 'China' }),
  lab('Xinjiang Technical Institute of Physics & Chemistry', { parentOrganizations: ['Chinese Academy of Sciences'], city: 'Urumqi', country: 'China' }),
  lab('Guangzhou Research Institute of Non-ferrous Metals', { city: 'Guangzhou', country: 'China' }),
  lab('Northwest Institute for Non-Ferrous Metal Research', { city: "Xi'an", country: 'China' }),
  lab('Miyazaki Prefecture Industrial Technology Center', { city: 'Miyazaki', country: 'Japan' }),
  lab('Miyazaki Prefectural Forestry Technology Center', { city: 'Miyazaki', country: 'Japan' }),
  lab('Yamagata Prefecture Fisheries Experiment Station', { city: 'Tsuruoka', country: 'Japan' }),
  lab('Nagano Fruit Tree Experiment Station', { city: 'Suzaka', country: 'Japan' }),
  lab('Nagano Animal Industry Experiment Station', { city: 'Shiojiri', country: 'Japan' }),
  lab('Korea Institute of Energy Research', { city: 'Daejeon', country: 'South Korea' }),
  lab('Korea Institute of Science and Technology', { city: 'Seoul', country: 'South Korea' }),
  lab('Daegu Policy Institute', { city: 'Daegu', country: 'South Korea' }),
  lab('Kobayasi Institute of Physical Research', { synonyms: ['一般財団法人小林理学研究所'], city: 'Kokubunji', country: 'Japan' }),
  lab('Physical Research Institute', { country: 'Japan' }),
  lab('Yantai Institute of Coastal Zone Research', { parentOrganizations: ['Chinese Academy of Sciences'], city: 'Yantai', country: 'China' }),
  lab('Institute of Oceanology', { parentOrganizations: ['Chinese Academy of Sciences'], city: 'Qingdao', country: 'China' }),
];
const { first } = searchOver(RECORDS, 'cjk');

describe('a Chinese, Japanese or Korean name finds the record named in English', () => {
  it('Chinese', () => {
    expect(first('航运技术与安全国家重点实验室')).toBe('State Key Laboratory of Shipping Technology and Safety');
    expect(first('中国科学院新疆理化技术研究所')).toBe('Xinjiang Technical Institute of Physics & Chemistry');
    expect(first('广州有色金属研究院')).toBe('Guangzhou Research Institute of Non-ferrous Metals');
    expect(first('中国科学院烟台海岸带研究所')).toBe('Yantai Institute of Coastal Zone Research');
  });

  it('Japanese in kanji, in katakana read aloud, in romaji', () => {
    expect(first('山形県水産研究所')).toBe('Yamagata Prefecture Fisheries Experiment Station');
    expect(first('ミヤザキケン コウギョウ ギジュツ センター')).toBe('Miyazaki Prefecture Industrial Technology Center');
    expect(first('Naganoken Kaju Shikenjo')).toBe('Nagano Fruit Tree Experiment Station');
  });

  it('Korean', () => {
    expect(first('한국에너지기술연구원')).toBe('Korea Institute of Energy Research');
    expect(first('대구정책연구원')).toBe('Daegu Policy Institute');
  });

  it('a record holding the name as typed stays first, with or without its legal form', () => {
    expect(first('小林理学研究所')).toBe('Kobayasi Institute of Physical Research');
    expect(first('一般財団法人小林理学研究所')).toBe('Kobayasi Institute of Physical Research');
  });
});
