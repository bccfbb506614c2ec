// A katakana loanword the tables lack is read as the English word of the index it was borrowed
// from, by its consonants (src/server/catalogue/katakana-loans.ts): unit tests of the skeletons
// and the split, then searches of a small catalogue.
import { describe, expect, it } from 'vitest';
import { loanReading, loanSkeletons } from '../src/server/catalogue/katakana-loans.js';
import { latinSkeleton } from '../src/server/catalogue/arabic-script.js';
import { searchOver } from './support/small-catalogue.js';

/** Words found by their skeleton, as the index's skeleton table finds them. */
const bySkeleton = (...words: string[]) => (s: string) => words.filter((w) => latinSkeleton(w) === s);

describe('the consonants of a katakana loan', () => {
  it('may have an r after a long vowel, l for r, v for b and the t of -tion for sh', () => {
    expect(loanSkeletons('nettowaaku')).toContain(latinSkeleton('network'));
    expect(loanSkeletons('yakuruto')).toContain(latinSkeleton('yakult'));
    expect(loanSkeletons('ribaafuronto')).toContain(latinSkeleton('riverfront'));
    expect(loanSkeletons('suteeshon')).toContain(latinSkeleton('station'));
  });

  it('reads a run as one word, else as the nearest split into words', () => {
    expect(loanReading('haipaanettowaaku', bySkeleton('hypernetwork', 'network'))).toEqual(['hypernetwork']);
    expect(loanReading('deifensurisaachi', bySkeleton('defense', 'research'))).toEqual(['defense', 'research']);
    expect(loanReading('terekomu', bySkeleton('talkm', 'telecom'))).toEqual(['telecom']);
    expect(loanReading('nourin', bySkeleton('network'))).toBeNull();
  });
});

const catalogue = searchOver([
  { label: 'Institute for HyperNetwork Society', kind: 'laboratory', country: 'Japan' },
  { label: 'Social Research Institute', kind: 'laboratory', country: 'Japan' },
  { label: 'Defense Research Center', kind: 'laboratory', country: 'Japan' },
  { label: 'Center for Advanced Research', kind: 'laboratory', country: 'Japan' },
  { label: 'Louis Pasteur Center for Medical Research', kind: 'laboratory', country: 'Japan' },
  { label: 'Centre for Medical Research', kind: 'laboratory', country: 'Japan' },
  { label: 'Niigata Prefectural Forest Experiment Station', kind: 'laboratory', country: 'Japan' },
  { label: 'Niigata Prefectural Fisheries Experiment Station', kind: 'laboratory', country: 'Japan' },
]);

describe('searching a name with a katakana loanword', () => {
  it('finds the record named with the English word', () => {
    expect(catalogue.first('ハイパーネットワーク社会研究所')).toBe('Institute for HyperNetwork Society');
    expect(catalogue.first('一般財団法人ディフェンスリサーチセンター')).toBe('Defense Research Center');
    expect(catalogue.first('公益財団法人ルイ・パストゥール医学研究センター')).toBe('Louis Pasteur Center for Medical Research');
  });

  it('leaves Japanese read aloud in katakana to the romaji words', () => {
    expect(catalogue.first('ニイガタケン シンリン シケンジョウ')).toBe('Niigata Prefectural Forest Experiment Station');
  });
});
