// A Japanese place or family name the tables lack (./cjk-places.ts, ./japanese-names.ts), read
// from the readings of its kanji (./kanji-readings.ts): 湘南 → shōnan → shonan, 山階 →
// yamashina, 飯塚 → ii + tsuka, voiced in second place (rendaku) → iizuka, 日光 → nichi + kō,
// the first syllable's end doubling the next consonant → nikkō. Every combination of readings
// is tried, the commonest readings first, and the first spelling the index has as a word is the
// name's reading (./cjk-reading.ts reads a Japanese text's Han so, and a Chinese-or-Japanese
// text's when its Mandarin reading is no word of the index).
import type { KnownWord } from './cjk-reading.js';
import { KANJI_READINGS } from './kanji-readings.js';
import { japaneseSpellings } from './romanisations.js';

let table: Map<string, string[]> | null = null;
function readings(): Map<string, string[]> {
  if (table === null) {
    table = new Map();
    for (const entry of KANJI_READINGS.trim().split(/[;\n]/)) {
      const [kanji, ...rs] = entry.trim().split(/\s+/);
      if (kanji) table.set(kanji, [...new Set([...(table.get(kanji) ?? []), ...rs])]);
    }
  }
  return table;
}

/** Whether a character has readings in the table. */
export const hasNameReading = (ch: string): boolean => readings().has(ch);

const VOICED: readonly (readonly [RegExp, string])[] = [
  [/^k/, 'g'], [/^sh/, 'j'], [/^s/, 'z'], [/^ch/, 'j'], [/^ts/, 'z'], [/^t/, 'd'], [/^[hf]/, 'b'],
];
/** A reading with its first consonant voiced, as in the later part of a compound (tsuka → zuka), or null. */
function voiced(reading: string): string | null {
  for (const [from, to] of VOICED) if (from.test(reading)) return reading.replace(from, to);
  return null;
}

interface Option {
  text: string;
  cost: number;
}

/** Every reading of a name's characters with its cost (how far down each character's list its reading is; a voiced or doubled one costs one more). */
function combinations(chars: readonly string[]): Option[] {
  let out: Option[] = [{ text: '', cost: 0 }];
  for (const [i, ch] of chars.entries()) {
    const rs = readings().get(ch)!;
    const next: Option[] = [];
    for (const o of out) {
      for (const [rank, r] of rs.entries()) {
        next.push({ text: o.text + r, cost: o.cost + rank });
        const v = i > 0 ? voiced(r) : null;
        if (v !== null) next.push({ text: o.text + v, cost: o.cost + rank + 1 });
        // A final chi, tsu, ku or ki before k, s, t or h doubles the consonant (nichi + kō → nikkō, hatsu + pō).
        const m = /(chi|tsu|ku|ki)$/.exec(o.text);
        if (i > 0 && m && /^[kst]/.test(r)) next.push({ text: o.text.slice(0, -m[1]!.length) + r[0] + r, cost: o.cost + rank + 1 });
        if (i > 0 && m && /^h/.test(r)) next.push({ text: o.text.slice(0, -m[1]!.length) + 'p' + r.replace(/^h/, 'p'), cost: o.cost + rank + 1 });
      }
    }
    out = next.length > MAX_COMBINATIONS ? next.sort((a, b) => a.cost - b.cost).slice(0, MAX_COMBINATIONS) : next;
  }
  return out.sort((a, b) => a.cost - b.cost);
}
/** At most this many readings of a name are tried. */
const MAX_COMBINATIONS = 400;
/** A name's spelling has at least this many letters (shorter ones are too often some other word). */
const MIN_LETTERS = 4;
/** A name has two to MAX_CHARS characters. */
const MAX_CHARS = 4;

/** The spelling the index has of the name written by `chars`, or null. */
export function kanjiNameReading(chars: readonly string[], known: KnownWord): string | null {
  if (chars.length < 2 || !chars.every(hasNameReading)) return null;
  for (const { text } of combinations(chars)) {
    for (const s of japaneseSpellings(text)) if (s.length >= MIN_LETTERS && known(s)) return s;
  }
  return null;
}

/** The longest name (two to MAX_CHARS characters) starting at `at` whose reading the index has: its spelling and length, or null. */
export function kanjiNameAt(chars: readonly string[], at: number, known: KnownWord): [string, number] | null {
  let n = 0;
  while (n < MAX_CHARS && at + n < chars.length && hasNameReading(chars[at + n]!)) n++;
  for (; n >= 2; n--) {
    const spelling = kanjiNameReading(chars.slice(at, at + n), known);
    if (spelling !== null) return [spelling, n];
  }
  return null;
}
