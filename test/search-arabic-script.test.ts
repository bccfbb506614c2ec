// Names typed in Arabic script (Arabic, Persian, Urdu) for records named in English
// (src/server/catalogue/arabic-script.ts, arabic-words.ts): unit tests of the word meanings and
// consonant skeletons, then searches of a small catalogue with look-alike records.
import { describe, expect, it } from 'vitest';
import { arabicMeaning, arabicSkeleton, latinSkeleton } from '../src/server/catalogue/arabic-script.js';
import { fold } from '../src/server/catalogue/search-text.js';
import { searchOver } from './support/small-catalogue.js';

describe('Arabic-script words by meaning', () => {
  it('reads generic, subject and place words in Arabic, Persian and Urdu spellings', () => {
    expect(arabicMeaning(fold('معهد'))).toEqual(['institute']);
    expect(arabicMeaning(fold('الكبد'))).toEqual(['liver']);
    expect(arabicMeaning(fold('کبد'))).toEqual(['liver']);
    expect(arabicMeaning(fold('القومي'))).toEqual(['national']);
    expect(arabicMeaning(fold('ایران'))).toEqual(['iran']);
    expect(arabicMeaning(fold('إيران'))).toEqual(['iran']);
    expect(arabicMeaning(fold('ایرانی'))).toEqual(['iranian']);
    expect(arabicMeaning(fold('تهران'))).toEqual(['tehran']);
    expect(arabicMeaning(fold('بیماریها'))).toContain('diseases');
    expect(arabicMeaning(fold('للأبحاث'))).toEqual(['research']);
  });

  it('reads no word of another script, nor an unknown word', () => {
    expect(arabicMeaning('institute')).toBeUndefined();
    expect(arabicMeaning('研究所')).toBeUndefined();
    expect(arabicMeaning(fold('بیوسنسور'))).toBeUndefined();
  });
});

describe('consonant skeletons of loanwords', () => {
  it('writes a Persian loanword and its English source with the same consonants', () => {
    for (const [persian, english] of [
      ['بیوسنسور', 'biosensor'],
      ['متابولیسم', 'metabolism'],
      ['اورولوژی', 'urology'],
      ['انکولوژی', 'oncology'],
      ['نانوتکنولوژی', 'nanotechnology'],
      ['رادیولوژی', 'radiology'],
    ] as const) {
      expect(arabicSkeleton(fold(persian))).toBe(latinSkeleton(english));
    }
  });
});

const catalogue = searchOver([
  { label: 'National Liver Institute', kind: 'laboratory', country: 'Egypt' },
  { label: 'National Cancer Institute', kind: 'laboratory' },
  { label: 'Liver Research Unit', kind: 'laboratory' },
  { label: 'Iranian Research Center for HIV/AIDS', kind: 'laboratory', parentOrganizations: ['Tehran University of Medical Sciences'] },
  { label: 'Biosensor Research Center', kind: 'laboratory', parentOrganizations: ['Tehran University of Medical Sciences'] },
  { label: 'Metabolic Diseases Research Center', kind: 'laboratory', parentOrganizations: ['Tehran University of Medical Sciences'] },
  { label: 'Rheumatology Research Center', kind: 'laboratory', parentOrganizations: ['Tehran University of Medical Sciences'] },
  { label: 'Research Center for Environmental Health', kind: 'laboratory' },
]);

describe('searching names typed in Arabic script', () => {
  it('finds an Arabic name by its generic and subject words', () => {
    expect(catalogue.first('معهد الكبد القومي')).toBe('National Liver Institute');
  });

  it('finds a Persian name by its subject words and places', () => {
    expect(catalogue.first('مرکز تحقیقات ایدز ایران دانشگاه علوم پزشکی تهران')).toBe('Iranian Research Center for HIV/AIDS');
    expect(catalogue.first('مرکز تحقیقات اختلالات متابولیک')).toBe('Metabolic Diseases Research Center');
  });

  it('finds a Persian name by a loanword read by its consonants', () => {
    expect(catalogue.first('مرکز تحقیقات بیوسنسور')).toBe('Biosensor Research Center');
  });
});
