// An English reading of a query written in Vietnamese, for records whose names are in English
// ("Viện Khoa học Vật liệu" → institute science materials; ./search-index.ts searches it as well
// as the query, as it does the readings of ./cjk-reading.ts). The syllables are folded to plain
// letters (tones and vowel marks off, đ → d) and segmented by the longest word of
// ./vietnamese-words.ts (up to five syllables); a syllable no word starts with is kept as
// typed, folded — most often a proper name ("Vinacomin", "Pasteur") — and is one of the
// reading's names, which weigh more (./reading-names.ts), as a place of the table is.
// A query is read only when it is Vietnamese: a letter only Vietnamese writes (ơ, ư, đ, a dot
// below, a hook above; Romanian's ă, the French and Portuguese accents are not), or, typed
// without marks, two words of two syllables or more of the table ("Vien Khoa hoc Vat lieu").
import type { CjkReading } from './cjk-reading.js';
import { VIETNAMESE_WORDS } from './vietnamese-words.js';

interface Table {
  words: Map<string, string>;
  longest: number;
  places: Set<string>;
  /** The first syllables of the words of two syllables or more. */
  starts: Set<string>;
}

/** The English words of the table that are places: a query naming one is most often a body there. */
const PLACES = new Set(['vietnam', 'hanoi', 'ho chi minh city', 'da nang', 'hue', 'can tho', 'hai phong', 'central highlands', 'mekong delta']);

/** A syllable with the marks off and đ as d. */
export function foldVietnamese(syllable: string): string {
  return syllable.normalize('NFD').replace(/\p{M}+/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

let table: Table | null = null;
function words(): Table {
  if (table !== null) return table;
  const map = new Map<string, string>();
  let longest = 1;
  for (const line of VIETNAMESE_WORDS.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const english = line.slice(0, colon).trim();
    for (const word of line.slice(colon + 1).split(',')) {
      const syllables = word.trim().split(/\s+/).filter(Boolean).map(foldVietnamese);
      if (syllables.length === 0) continue;
      const key = syllables.join(' ');
      if (!map.has(key)) map.set(key, english === '-' ? '' : english);
      longest = Math.max(longest, syllables.length);
    }
  }
  const starts = new Set([...map.keys()].filter((k) => k.includes(' ')).map((k) => k.slice(0, k.indexOf(' '))));
  table = { words: map, longest, places: PLACES, starts };
  return table;
}

/** Marks only Vietnamese writes among Latin-script languages: horn, dot below, hook above; đ. */
const VIETNAMESE_MARK = /[\u031b\u0323\u0309]|[đĐ]/u;
/** A syllable: letters and marks (digits and Roman numerals are kept as they are). */
const SYLLABLE = /[\p{L}\p{M}\p{N}]+/gu;
/** Without marks, this many words of two syllables or more make a query Vietnamese. */
const UNMARKED_WORDS = 2;

/** The English reading of a Vietnamese query, or null when it is not Vietnamese or the table reads no word of two syllables or more in it. */
export function vietnameseReading(text: string): CjkReading | null {
  const marked = VIETNAMESE_MARK.test(text.normalize('NFD'));
  // Unmarked, two of its syllables must start words of the table (most queries stop here).
  const { words: map, longest, places, starts } = words();
  if (!marked && (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((s) => starts.has(s)).length < UNMARKED_WORDS) return null;
  const syllables = (text.match(SYLLABLE) ?? []).map(foldVietnamese);
  if (syllables.length < 2) return null;
  const out: string[] = [];
  const names: string[] = [];
  let long = 0;
  for (let i = 0; i < syllables.length; ) {
    let n = Math.min(longest, syllables.length - i);
    while (n > 0 && !map.has(syllables.slice(i, i + n).join(' '))) n--;
    if (n === 0) {
      out.push(syllables[i]!);
      if (syllables[i]!.length > 1 && !/^\d/.test(syllables[i]!)) names.push(syllables[i]!);
      i++;
      continue;
    }
    const english = map.get(syllables.slice(i, i + n).join(' '))!;
    if (english) out.push(english);
    if (places.has(english)) names.push(english);
    if (n >= 2) long++;
    i += n;
  }
  if (long < (marked ? 1 : UNMARKED_WORDS)) return null;
  const english = out.join(' ');
  return english ? { typed: text, english, names } : null;
}
