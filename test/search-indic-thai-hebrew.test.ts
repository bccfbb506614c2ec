// Names typed in the scripts of India (Devanagari, Bengali, Tamil, Malayalam …), Thai or Hebrew
// for records named in English (src/server/catalogue/script-lexicon.ts, brahmic-script.ts): unit
// tests of the word table, the cutting of Thai and joined words and the consonant skeletons,
// then searches of a small catalogue with look-alike records.
import { describe, expect, it } from 'vitest';
import { latinSkeleton } from '../src/server/catalogue/arabic-script.js';
import { brahmicSkeleton, hebrewSkeletons, writtenForms } from '../src/server/catalogue/brahmic-script.js';
import { lexiconMeaning, segmentWord } from '../src/server/catalogue/script-lexicon.js';
import { fold } from '../src/server/catalogue/search-text.js';
import { searchOver } from './support/small-catalogue.js';

describe('words of Indian scripts, Thai and Hebrew by meaning', () => {
  it('reads generic and subject words, folded as the index folds them', () => {
    expect(lexiconMeaning(fold('संस्थान'))).toContain('institute');
    expect(lexiconMeaning(fold('மையம்'))).toContain('center');
    expect(lexiconMeaning(fold('ഗവേഷണ'))).toContain('research');
    expect(lexiconMeaning(fold('ศูนย์'))).toContain('center');
    expect(lexiconMeaning(fold('לחקר'))).toContain('research');
    expect(lexiconMeaning(fold('गरुड़ासन'))).toBeUndefined();
    expect(lexiconMeaning('institute')).toBeUndefined();
  });

  it('cuts a Thai word, and a joined Malayalam one, into the table words', () => {
    const pieces = segmentWord(fold('ศูนย์นาโนเทคโนโลยีแห่งชาติ'))!;
    expect(pieces.map((p) => lexiconMeaning(p))).toEqual([expect.arrayContaining(['center']), ['nanotechnology'], ['national']]);
    expect(segmentWord(fold('വനഗവേഷണ'))!.map((p) => lexiconMeaning(p)![0])).toEqual(['forest', 'research']);
    expect(segmentWord(fold('ഗവേഷണ'))).toBeNull();
    expect(segmentWord('research')).toBeNull();
  });
});

describe('consonant skeletons of loanwords and names', () => {
  it('writes an Indian-script loanword and its English source with the same consonants', () => {
    for (const [written, english] of [
      ['ഇൻസ്റ്റിറ്റ്യൂട്ട്', 'institute'],
      ['ടെക്നോളജിക്കൽ', 'technological'],
      ['സെന്റർ', 'center'],
      ['ഡെവലപ്മെന്റ്', 'development'],
      ['কালাম', 'kalam'],
      ['ডিরেক্টোরেট', 'directorate'],
      ['बीरबल', 'birbal'],
    ] as const) {
      expect(brahmicSkeleton(written)).toBe(latinSkeleton(english));
    }
  });

  it('reads a Hebrew letter of two sounds both ways', () => {
    expect(hebrewSkeletons(fold('פסיכוביולוגיה'))).toContain(latinSkeleton('psychobiology'));
    expect(hebrewSkeletons(fold('שמעון'))).toContain(latinSkeleton('shimon'));
  });

  it('keeps the words of a query as written, with the marks folding drops', () => {
    expect(writtenForms('राष्ट्रीय केंद्र').get(fold('केंद्र'))).toBe('केंद्र');
    expect(writtenForms('Institute of Physics').size).toBe(0);
  });
});

const catalogue = searchOver([
  { label: 'Indian Institute of Astrophysics', kind: 'laboratory', country: 'India' },
  { label: 'Indian Institute of Science', kind: 'laboratory', country: 'India' },
  { label: 'Kerala Forest Research Institute', kind: 'laboratory', country: 'India' },
  { label: 'Forestry Research Institute', kind: 'laboratory', country: 'India' },
  { label: 'Central Food Technological Research Institute', kind: 'laboratory', country: 'India' },
  { label: 'Central Institute of Fisheries Technology', kind: 'laboratory', country: 'India' },
  { label: 'National Nanotechnology Center', kind: 'laboratory', country: 'Thailand' },
  { label: 'National Center for Genetic Engineering', kind: 'laboratory', country: 'Thailand' },
  { label: 'Soreq Nuclear Research Center', kind: 'laboratory', country: 'Israel' },
  { label: 'National Institute for Psychobiology', kind: 'laboratory', country: 'Israel' },
  { label: 'National Cancer Institute', kind: 'laboratory' },
]);

describe('searching names typed in Indian scripts, Thai and Hebrew', () => {
  it('finds a Tamil name by its generic and subject words', () => {
    expect(catalogue.first('இந்திய வானியற்பியல் மையம்')).toBe('Indian Institute of Astrophysics');
  });

  it('finds a Malayalam name by its loanwords, place name and joined words', () => {
    expect(catalogue.first('സെൻട്രൽ ഫുഡ് ടെക്നോളജിക്കൽ റിസർച്ച് ഇൻസ്റ്റിറ്റ്യൂട്ട്')).toBe('Central Food Technological Research Institute');
    expect(catalogue.first('കേരള വനഗവേഷണ ഇൻസ്റ്റിറ്റ്യൂട്ട്')).toBe('Kerala Forest Research Institute');
  });

  it('finds a Thai name written without spaces', () => {
    expect(catalogue.first('ศูนย์นาโนเทคโนโลยีแห่งชาติ')).toBe('National Nanotechnology Center');
  });

  it('finds a Hebrew name by its words and a loanword', () => {
    expect(catalogue.first('המכון הלאומי לפסיכוביולוגיה בישראל')).toBe('National Institute for Psychobiology');
    expect(catalogue.first('המרכז למחקר גרעיני שורק')).toBe('Soreq Nuclear Research Center');
  });
});
