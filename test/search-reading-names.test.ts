// The proper names of a CJK query's English reading (src/server/catalogue/reading-names.ts:
// a place, a family name, a word read letter by letter) weigh more than its generic words, and
// a Japanese prefecture written with its romanised 県 glued on ("Saitamaken") is the
// prefecture (language-rules.ts): unit tests, then searches of a small catalogue where records
// of other places share more of the generic words.
import { describe, expect, it } from 'vitest';
import { cjkReading } from '../src/server/catalogue/cjk-reading.js';
import { canonicalSpelling } from '../src/server/catalogue/language-rules.js';
import { QUALITY, type QueryPlan, WORD_FIELDS } from '../src/server/catalogue/query-plan.js';
import { NAME_EMPHASIS, withNamesEmphasised } from '../src/server/catalogue/reading-names.js';
import { searchOver } from './support/small-catalogue.js';

describe('the proper names of a reading', () => {
  it('lists places below a country, romanised Hangul and family names, not generic words', () => {
    expect(cjkReading('イバラキケン スイサン シケンジョウ')?.names).toEqual(['ibaraki']);
    expect(cjkReading('경남연구원')?.names).toEqual(['gyeongnam']);
    expect(cjkReading('武汉水生生物研究所')?.names).toEqual(['wuhan']);
    expect(cjkReading('一般財団法人小林理学研究所', () => true)?.names).toEqual(['kobayashi']);
    expect(cjkReading('Naganoken Chikusan Shikenjo')?.names).toEqual(['nagano']);
  });

  it('leaves countries out: they name national bodies as "national" does', () => {
    expect(cjkReading('日本金属学会')?.names).toEqual([]);
    expect(cjkReading('中国科学院声学研究所')?.names).toEqual([]);
  });

  it('weighs a name the index has NAME_EMPHASIS times, and nothing else', () => {
    const unit = (word: string, weight: number) => ({ token: { word, raw: word, flags: 0 }, weight });
    const exact = (u: number) => ({ terms: [u], from: 0, to: 0, quality: QUALITY.word, units: 1 << u, fields: WORD_FIELDS, acronym: null, syllabic: false });
    const plan: QueryPlan = { units: [unit('ibaraki', 7), unit('fisheries', 5), unit('nowhere', 0.1)], alternatives: [exact(0), exact(1)], key: '', totalWeight: 12.1 };
    const emphasised = withNamesEmphasised(plan, ['ibaraki', 'nowhere']);
    expect(emphasised.units.map((u) => u.weight)).toEqual([7 * NAME_EMPHASIS, 5, 0.1]);
    expect(emphasised.totalWeight).toBeCloseTo(7 * NAME_EMPHASIS + 5.1);
    expect(withNamesEmphasised(plan, [])).toBe(plan);
  });
});

describe('more of the vocabulary of research names', () => {
  it('reads ordinals, supercomputing, protons, and drops 施設 rather than guess it as a place', () => {
    expect(cjkReading('国家超级计算郑州中心')?.english).toBe('national supercomputing zhengzhou center');
    expect(cjkReading('自然资源部第三海洋研究所')?.english).toContain('third ocean research institute');
    expect(cjkReading('大強度陽子加速器施設')?.english).toBe('high intensity proton accelerator');
  });

  it('takes a text with a character only Japanese writes (豊, 産, 実) as Japanese: a family name, no pinyin guess', () => {
    // 豊田 is read Toyota, as the city and the company that name most organisations so write it.
    expect(cjkReading('豊田理化学研究所')?.names).toEqual(['toyota']);
  });
});

describe('a prefecture with its romanised 県, 府, 都 or 市 glued on', () => {
  it('is spelt as the prefecture on both sides of a search', () => {
    expect(['saitamaken', 'osakafu', 'tokyoto', 'hiroshimashi'].map(canonicalSpelling)).toEqual(['saitama', 'osaka', 'tokyo', 'hiroshima']);
    expect(['kenkyujo', 'token', 'sagami'].map(canonicalSpelling)).toEqual(['kenkyujo', 'token', 'sagami']);
  });
});

const catalogue = searchOver([
  { label: 'Nagano Animal Industry Experiment Station', kind: 'laboratory', country: 'Japan' },
  { label: 'Kagawa Prefecture Livestock Experiment Station', kind: 'laboratory', country: 'Japan' },
  { label: 'Akita Prefectural Livestock Experiment Station', kind: 'laboratory', country: 'Japan' },
  { label: 'Kochi Prefectural Livestock Experiment Station', kind: 'laboratory', country: 'Japan' },
  { label: 'Saitamaken Chagyo Research Institute', kind: 'laboratory', country: 'Japan' },
  { label: 'Shizuoka Prefectural Tea Research Institute', kind: 'laboratory', country: 'Japan' },
  { label: 'Third Institute of Oceanography', kind: 'laboratory', country: 'China' },
  { label: 'First Institute of Oceanography', kind: 'laboratory', country: 'China' },
  { label: 'Institute of Oceanography', kind: 'laboratory', country: 'China' },
  { label: 'Gyeongnam Institute', kind: 'laboratory', country: 'South Korea' },
  { label: 'Gyeonggi Research Institute', kind: 'laboratory', country: 'South Korea', synonyms: ['경기연구원'] },
  { label: 'Seoul Research Institute', kind: 'laboratory', country: 'South Korea', synonyms: ['서울연구원'] },
]);

describe('searching a CJK name by its place', () => {
  it('finds the record of the prefecture typed before records elsewhere with more generic words', () => {
    expect(catalogue.first('ナガノケン チクサン シケンジョウ')).toBe('Nagano Animal Industry Experiment Station');
    expect(catalogue.first('長野県畜産試験場')).toBe('Nagano Animal Industry Experiment Station');
    expect(catalogue.first('Naganoken Chikusan Shikenjo')).toBe('Nagano Animal Industry Experiment Station');
  });

  it('finds an institute by its ordinal', () => {
    expect(catalogue.first('自然资源部第三海洋研究所')).toBe('Third Institute of Oceanography');
  });

  it('finds a Korean institute by its place', () => {
    expect(catalogue.first('경남연구원')).toBe('Gyeongnam Institute');
  });

  it('finds a record whose name glues 県 to the prefecture', () => {
    expect(catalogue.first('埼玉県茶業研究所')).toBe('Saitamaken Chagyo Research Institute');
    expect(catalogue.first('Saitama Tea Research Institute')).toBe('Saitamaken Chagyo Research Institute');
  });
});
