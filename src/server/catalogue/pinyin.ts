// Mandarin readings of Han characters (pinyin without tones) for names the generic-word and
// place tables do not hold (烟台 → yantai). The table (./pinyin-table.ts, generated) is read
// into one 16-bit syllable number per character the first time a reading is asked for.
import { PINYIN_TABLE } from './pinyin-table.js';

const FIRST = 0x4e00;
const LAST = 0x9fff;
let syllables: string[] | null = null;
let readings: Uint16Array | null = null;

function load(): { syllables: string[]; readings: Uint16Array } {
  if (syllables === null || readings === null) {
    const list: string[] = [''];
    const table = new Uint16Array(LAST - FIRST + 1);
    const parts = PINYIN_TABLE.trim().split(/\s+/);
    for (let i = 0; i + 1 < parts.length; i += 2) {
      list.push(parts[i]!);
      for (const ch of parts[i + 1]!) table[ch.codePointAt(0)! - FIRST] = list.length - 1;
    }
    syllables = list;
    readings = table;
  }
  return { syllables, readings };
}

/** The pinyin of a run of Han characters, written as one word ("xinjiang"); a character without one is left out. */
export function pinyinOf(chars: readonly string[]): string {
  const { syllables, readings } = load();
  let out = '';
  for (const ch of chars) {
    const code = ch.codePointAt(0)!;
    if (code >= FIRST && code <= LAST) out += syllables[readings[code - FIRST]!] ?? '';
  }
  return out;
}

/** The pinyin syllables of a run of Han characters ("xin", "jiang"); a character without one is left out. */
export function pinyinSyllables(chars: readonly string[]): string[] {
  const { syllables, readings } = load();
  const out: string[] = [];
  for (const ch of chars) {
    const code = ch.codePointAt(0)!;
    const s = code >= FIRST && code <= LAST ? syllables[readings[code - FIRST]!] : undefined;
    if (s) out.push(s);
  }
  return out;
}

let syllableSet: Set<string> | null = null;
/** Whether a word is one syllable of the table (ü written u: "lu", "nue"). */
export function isPinyinSyllable(word: string): boolean {
  syllableSet ??= new Set(load().syllables.filter(Boolean).map((s) => s.replace(/v/g, 'u')));
  return syllableSet.has(word);
}
