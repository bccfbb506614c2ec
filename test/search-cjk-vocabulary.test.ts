// More of the vocabulary of Chinese, Japanese and Korean organisation names read in English
// (./src/server/catalogue/cjk-countries.ts, han-administration.ts, han-fields.ts, the Korean
// words of hangul-words.ts, romaji-words.ts), the Korean one-syllable rule and "-shi" cities of
// cjk-reading.ts, and searches of a small catalogue through SearchIndex in which look-alike
// records hold names in Korean or Japanese that share only the generic words with the query.
import { describe, expect, it } from 'vitest';
import { cjkReading } from '../src/server/catalogue/cjk-reading.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const english = (q: string, known: (w: string) => boolean = () => false) => cjkReading(q, known)?.english ?? null;

describe('the English reading of more CJK vocabulary', () => {
  it('reads countries, nationalities and pairs of countries', () => {
    expect(english('瑞典环境科学研究院')).toBe('swedish environmental science research institute');
    expect(english('ドイツ日本研究所')).toBe('german japan research institute');
    expect(english('中德联合研究中心')).toBe('sino german joint research center');
    expect(english('스웨덴연구원')).toBe('swedish research institute');
  });

  it('reads a Japanese ministry as a ministry, not as the Chinese province 省', () => {
    expect(english('法務省法務総合研究所')).toBe('ministry of justice justice general research institute');
    expect(english('東京都健康安全研究センター')).toBe('tokyo metropolitan public health research center');
    expect(english('環境省国立水俣病総合研究センター')).toMatch(/^ministry of the environment national /);
  });

  it('reads compound subject words of research fields', () => {
    expect(english('武汉水生生物研究所')).toBe('wuhan hydrobiology research institute');
    expect(english('超材料电磁调制技术国家重点实验室')).toBe('state key laboratory metamaterials electromagnetic modulation technology');
    expect(english('水産無脊椎動物研究所')).toBe('fisheries invertebrates research institute');
    expect(english('応用科学研究所')).toBe('applied sciences research institute');
    expect(english('硅酸盐建筑材料全国重点实验室')).toBe('state key laboratory silicate building materials');
  });

  it('reads more general subject words (magnetism, porous, wireless, geodesy, interactive, computing, lithium)', () => {
    expect(english('磁学国家重点实验室')).toBe('state key laboratory magnetism');
    expect(english('金属多孔材料国家重点实验室')).toBe('state key laboratory metals porous materials');
    expect(english('无线通信接入技术国家重点实验室')).toBe('state key laboratory wireless communications technology');
    expect(english('大地测量与地球动力学国家重点实验室')).toMatch(/^state key laboratory geodesy /);
    expect(english('互動媒體與電算應用中心')).toBe('interactive media computing application center');
    expect(english('リチウムイオン電池材料評価研究センター')).toMatch(/^lithium /);
  });

  it('reads Korean words, a one-syllable word never leaving one syllable of a place alone', () => {
    expect(english('정보통신기획평가원')).toBe('information telecommunications planning evaluation institute');
    expect(english('제주여성가족연구원')).toBe('jeju women family research institute');
    expect(english('창원시정연구원')).toBe('changwon research institute');
    expect(english('시흥시정연구원')).toBe('siheung research institute');
    expect(english('부산연구원')).toBe('busan research institute');
    expect(english('국립암센터')).toBe('national cancer center');
    expect(english('국립농산물품질관리원')).toBe('national agricultural products quality management institute');
    expect(english('안전성평가연구소')).toBe('safety evaluation research institute');
  });

  it('reads a kana city name with -shi as the city when the index has its name', () => {
    const known = (w: string) => w === 'hiroshima' || w === 'yokosuka';
    expect(english('ヒロシマシ エイセイ ケンキュウジョ', known)).toBe('hiroshima city hygiene research institute');
    expect(english('ヨコスカシ キョウイク センター', known)).toBe('yokosuka city education center');
    expect(english('ヨコスカシ キョウイク センター')).toBe('yokosukashi education center');
  });
});

const lab = (label: string, more: Partial<SourceRecord> = {}): Spec => ({ kind: 'laboratory', label, ...more });
const KOREA = { country: 'South Korea' };
const RECORDS: Spec[] = [
  lab('The Incheon Institute', KOREA),
  lab('Ulsan Research Institute', { synonyms: ['울산연구원'], ...KOREA }),
  lab('Busan Development Institute', { synonyms: ['부산연구원'], ...KOREA }),
  lab('Daejeon Sejong Research Institute', { synonyms: ['대전세종연구원'], ...KOREA }),
  lab('Gyeonggi Research Institute', { synonyms: ['경기연구원'], ...KOREA }),
  lab('Korea Labor Institute', KOREA),
  lab('Korea Food Research Institute', { synonyms: ['한국식품연구원'], ...KOREA }),
  lab('IVL Swedish Environmental Research Institute', { country: 'Sweden' }),
  lab('Fujian Academy of Environmental Sciences', { synonyms: ['福建省环境科学研究院'], country: 'China' }),
  lab('Institute of Hydrobiology', { parentOrganizations: ['Chinese Academy of Sciences'], city: 'Wuhan', country: 'China' }),
  lab('Institute of Microbiology', { synonyms: ['中国科学院微生物研究所'], country: 'China' }),
  lab('Research and Training Institute of the Ministry of Justice', { country: 'Japan' }),
  lab('Land Institute of Japan', { synonyms: ['土地総合研究所'], country: 'Japan' }),
  lab('Hiroshima City Institute of Public Health', { city: 'Hiroshima', country: 'Japan' }),
  lab('Sapporo City Institute of Public Health', { synonyms: ['サッポロシ エイセイ ケンキュウジョ'], city: 'Sapporo', country: 'Japan' }),
  lab('State Key Laboratory of Magnetism', { country: 'China' }),
  lab('State Key Laboratory of Neuroscience', { synonyms: ['神经科学国家重点实验室'], country: 'China' }),
];
const { first } = searchOver(RECORDS, 'cjkv');

describe('a CJK name finds its English record among records sharing only its generic words', () => {
  it('Korean: the place, read, outranks records whose Korean names share 연구원', () => {
    expect(first('인천연구원')).toBe('The Incheon Institute');
    expect(first('한국노동연구원')).toBe('Korea Labor Institute');
  });

  it('Chinese: a country and a subject compound', () => {
    expect(first('瑞典环境科学研究院')).toBe('IVL Swedish Environmental Research Institute');
    expect(first('磁学国家重点实验室')).toBe('State Key Laboratory of Magnetism');
    expect(first('武汉水生生物研究所')).toBe('Institute of Hydrobiology');
  });

  it('Japanese: a ministry, a city read aloud in katakana', () => {
    expect(first('法務省法務総合研究所')).toBe('Research and Training Institute of the Ministry of Justice');
    expect(first('ヒロシマシ エイセイ ケンキュウジョ')).toBe('Hiroshima City Institute of Public Health');
  });

  it('a record holding the name as typed still comes first', () => {
    expect(first('울산연구원')).toBe('Ulsan Research Institute');
    expect(first('中国科学院微生物研究所')).toBe('Institute of Microbiology');
  });
});

describe('a romaji name whose reading names a place, among records sharing its generic romaji words', () => {
  const JAPAN = { country: 'Japan' };
  const romaji = searchOver([
    lab('Kobe City Institute of Public Health', { ...JAPAN, city: 'Kobe', synonyms: ['Kobeshi Eisei Kenkyujo'] }),
    lab('Chiba City Institute of Public Health', { ...JAPAN, city: 'Chiba', synonyms: ['Chibashi Eisei Kenkyujo'] }),
    lab('Sendai City Institute of Public Health', { ...JAPAN, city: 'Sendai' }),
  ], 'romaji');

  it('ranks the record of the place typed above those that share only the generic words as typed', () => {
    expect(romaji.first('Sendaishi Eisei Kenkyujo')).toBe('Sendai City Institute of Public Health');
  });

  it('keeps a record holding the romaji name as typed first', () => {
    expect(romaji.first('Kobeshi Eisei Kenkyujo')).toBe('Kobe City Institute of Public Health');
    expect(romaji.first('Chibashi Eisei Kenkyujo')).toBe('Chiba City Institute of Public Health');
  });
});
