// An English reading of a Chinese name written in pinyin ("Zhōngguó Kēxuéyuàn Ruǎnjiàn
// Yánjiūsuǒ", "guojia chaoji jisuan zhongxin"), for records whose names are in English
// (./search-index.ts searches it as ./cjk-reading.ts's readings are searched). The Han words of
// the generic, subject, administration and place tables (two characters or more) are keyed by
// their pinyin without tones (./pinyin.ts: 研究所 → yanjiusuo, 中国科学院 → zhongguokexueyuan);
// the query's words, tone marks dropped, are matched against those keys longest first, across
// its words and inside them at syllable boundaries. A query is read so only when every word is
// made of pinyin syllables and at least two of its stretches are table words: European words
// seldom spell pinyin throughout ("Institut" does not). A word the tables lack stays as
// typed, a proper name of the reading (a place: "Tianjin"), unless it is one syllable (yǔ,
// hé: function words, or a character no English name translates alone).
import { HAN_COUNTRIES } from './cjk-countries.js';
import { HAN_PLACES } from './cjk-places.js';
import type { CjkReading } from './cjk-reading.js';
import { HAN_ADMINISTRATION } from './han-administration.js';
import { HAN_FIELDS } from './han-fields.js';
import { HAN_SUBJECTS } from './han-subjects.js';
import { HAN_WORDS } from './han-words.js';
import { isPinyinSyllable, pinyinOf } from './pinyin.js';

const HAN_ONLY = /^\p{Script=Han}{2,}$/u;
/** The longest pinyin syllable has six letters ("zhuang", "shuang"). */
const LONGEST_SYLLABLE = 6;
/** At least this many stretches of the query must be table words. */
const MIN_WORDS_READ = 2;

interface Entry {
  english: string;
  /** A place below a country (HAN_PLACES), a proper name of the reading. */
  place: boolean;
}

/** Countries name national bodies as often as "national" does (as in ./cjk-reading.ts). */
const COUNTRIES = new Set(['china', 'chinese', 'japan', 'korea', 'taiwan']);

let keys: { words: Map<string, Entry>; longest: number } | null = null;
/**
 * Pinyin key → English, the first table line naming a key winning, in the order of
 * ./cjk-reading.ts. Homophones without their tones share a key (基地 base, 极地 polar: jidi):
 * only the first is read, since a second reading adds a word that puts other records first
 * (植物 plant, 织物 textiles: zhiwu).
 */
function table(): { words: Map<string, Entry>; longest: number } {
  if (keys) return keys;
  const words = new Map<string, Entry>();
  let longest = 0;
  for (const text of [HAN_WORDS, HAN_PLACES, HAN_COUNTRIES, HAN_ADMINISTRATION, HAN_SUBJECTS, HAN_FIELDS]) {
    for (const line of text.split('\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const english = line.slice(0, colon).trim();
      for (const w of line.slice(colon + 1).trim().split(/\s+/)) {
        const key = HAN_ONLY.test(w) ? pinyinOf([...w]).replace(/v/g, 'u') : '';
        if (key.length < 4 || words.has(key)) continue;
        words.set(key, { english: english === '-' ? '' : english, place: text === HAN_PLACES && !COUNTRIES.has(english) });
        longest = Math.max(longest, key.length);
      }
    }
  }
  keys = { words, longest };
  return keys;
}

/**
 * Where a word may be cut into pinyin syllables: the positions a segmentation of the whole word
 * passes through (none when it has none), 0 and its length included.
 */
function syllableCuts(word: string): Set<number> | null {
  const n = word.length;
  const from = new Array<boolean>(n + 1).fill(false);
  from[0] = true;
  for (let i = 0; i < n; i++) {
    if (!from[i]) continue;
    for (let l = 1; l <= LONGEST_SYLLABLE && i + l <= n; l++) if (isPinyinSyllable(word.slice(i, i + l))) from[i + l] = true;
  }
  if (!from[n]) return null;
  const to = new Array<boolean>(n + 1).fill(false);
  to[n] = true;
  for (let i = n - 1; i >= 0; i--) {
    for (let l = 1; l <= LONGEST_SYLLABLE && i + l <= n; l++) if (to[i + l] && isPinyinSyllable(word.slice(i, i + l))) to[i] = true;
  }
  const cuts = new Set<number>();
  for (let i = 0; i <= n; i++) if (from[i] && to[i]) cuts.add(i);
  return cuts;
}

/** The query's words, tone marks and apostrophes dropped, or null when one is no pinyin. */
function pinyinWords(text: string): string[] | null {
  const words = text.normalize('NFD').replace(/[\p{M}'’]/gu, '').toLowerCase().split(/[\s\-–,.;:()/&]+/).filter(Boolean);
  if (words.length < MIN_WORDS_READ || words.some((w) => !/^[a-z]+$/.test(w))) return null;
  return words;
}

/** The query's words joined, with every place a syllable may end (`cuts`) and where its words begin and end (`edges`). */
interface Spelling {
  joined: string;
  cuts: Set<number>;
  edges: Set<number>;
}

function spelling(words: readonly string[]): Spelling | null {
  const spelt: Spelling = { joined: words.join(''), cuts: new Set(), edges: new Set([0]) };
  let offset = 0;
  for (const w of words) {
    const cuts = syllableCuts(w);
    if (cuts === null) return null;
    for (const c of cuts) spelt.cuts.add(offset + c);
    spelt.edges.add((offset += w.length));
  }
  return spelt;
}

/** The English reading of a query in pinyin, or null when it is none (see the file's comment). */
export function pinyinReading(text: string): CjkReading | null {
  const words = pinyinWords(text);
  const spelt = words && spelling(words);
  if (!spelt) return null;
  const { joined, cuts, edges } = spelt;
  const { words: dict, longest } = table();
  const out: string[] = [];
  const names: string[] = [];
  let read = 0;
  // A stretch no table word covers: kept as a name when it is a whole word of two syllables or more.
  let unknown = -1;
  const closeUnknown = (end: number) => {
    let syllables = 0;
    for (let c = unknown + 1; unknown >= 0 && c <= end; c++) if (cuts.has(c)) syllables++;
    if (edges.has(unknown) && edges.has(end) && syllables >= 2) names.push(out[out.push(joined.slice(unknown, end)) - 1]!);
    unknown = -1;
  };
  for (let at = 0; at < joined.length; ) {
    let end = Math.min(joined.length, at + longest);
    while (end > at && !(cuts.has(end) && dict.has(joined.slice(at, end)))) end--;
    if (end > at) {
      closeUnknown(at);
      const { english, place } = dict.get(joined.slice(at, end))!;
      if (english) out.push(english);
      if (place) names.push(english);
      read++;
      at = end;
      continue;
    }
    // No table word starts here: on by one syllable.
    if (unknown < 0) unknown = at;
    do at++;
    while (!cuts.has(at));
    if (edges.has(at)) closeUnknown(at);
  }
  return read >= MIN_WORDS_READ ? { typed: text, english: out.join(' '), names } : null;
}
