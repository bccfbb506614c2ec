// Words written in Arabic script (Arabic, Persian, Urdu) read for a record whose names are in
// English, at query time (./script-readings.ts):
//  - by meaning: a generic, subject or place word of ./arabic-words.ts, looked up in a key that
//    writes the letters Arabic, Persian and Urdu write differently one way (ي ی ے → ی, ك → ک,
//    ة ۀ ہ ھ → ه, hamza carriers → their letter), first as typed, then without the article or
//    conjunction written onto its front (ال، و، ب، ل، لل، بال، وال) and the plural or adjective
//    ending on its back (ها، های، ان، ات، ين، ون، ية، ی، ه);
//  - by its consonants: a European loanword (بیوسنسور, متابولیسم, اورولوژی) is written with its
//    consonants and some of its vowels, so its consonant skeleton (ا و ی ع ه ح dropped; letters
//    English writes alike joined: ث س ص ز → s, ق ک خ → k, ج گ غ ژ → g) is compared with the
//    skeletons of the index's words, written the same way (vowels, h, w and v dropped; c → s
//    before e, i, y, else k; ph → f; ch → k; x → ks; doubled letters once; a final s may be
//    missing: دیابت diabetes). The index's words are sorted by skeleton on the first such query
//    (an array of term numbers), and a skeleton of at least three consonants is looked up.
import { ARABIC_WORDS } from './arabic-words.js';
import type { InvertedIndex } from './inverted-index.js';

const ARABIC_SCRIPT = /^[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]+$/;

const SAME_LETTER: Readonly<Record<string, string>> = {
  ي: 'ی', ى: 'ی', ے: 'ی', ئ: 'ی', ك: 'ک', ة: 'ه', ۀ: 'ه', ہ: 'ه', ۃ: 'ه', ھ: 'ه', ؤ: 'و', أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا',
};

/** A word of Arabic script with its letters written one way, marks and tatweel removed. */
export function arabicKey(word: string): string {
  let out = '';
  for (const c of word.normalize('NFC')) {
    if (c === 'ء' || c === 'ـ' || (c >= '\u064b' && c <= '\u065f') || c === '\u0670') continue;
    out += SAME_LETTER[c] ?? c;
  }
  return out;
}

export function isArabicScript(word: string): boolean {
  return ARABIC_SCRIPT.test(word);
}

let table: Map<string, readonly string[]> | null = null;
function words(): Map<string, readonly string[]> {
  if (table) return table;
  table = new Map();
  for (const line of ARABIC_WORDS.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const english = line.slice(0, colon).trim().split(/\s+/);
    for (const w of line.slice(colon + 1).trim().split(/\s+/)) if (w && !table.has(arabicKey(w))) table.set(arabicKey(w), english);
  }
  return table;
}

const PREFIX = /^(وال|بال|فال|کال|لل|ال|و|ب|ل)/;
const SUFFIX = /(هایی|های|ها|یان|ان|ات|ین|ون|یه|ی|ه)$/;
/** A word keeps at least this many letters when an affix comes off. */
const MIN_LEFT = 3;

/** The forms of a keyed word to look up: as typed, its front off, its back off, both. */
function forms(key: string): string[] {
  const out = [key];
  const front = PREFIX.exec(key);
  const bare = front && key.length - front[0].length >= MIN_LEFT ? key.slice(front[0].length) : null;
  if (bare) out.push(bare);
  for (const w of bare ? [key, bare] : [key]) {
    const back = SUFFIX.exec(w);
    if (back && w.length - back[0].length >= MIN_LEFT) out.push(w.slice(0, -back[0].length));
  }
  return out;
}

/** The English words an Arabic-script word means, if the table has it in one of its forms. */
export function arabicMeaning(word: string): readonly string[] | undefined {
  if (!isArabicScript(word)) return undefined;
  const table = words();
  for (const f of forms(arabicKey(word))) {
    const english = table.get(f);
    if (english) return english;
  }
  return undefined;
}

const CONSONANT: Readonly<Record<string, string>> = {
  ب: 'b', پ: 'b', ت: 't', ط: 't', ث: 's', س: 's', ص: 's', ز: 's', ذ: 's', ض: 'd', ظ: 's', د: 'd', ر: 'r', ل: 'l',
  م: 'm', ن: 'n', ف: 'f', ق: 'k', ک: 'k', خ: 'k', ج: 'g', گ: 'g', غ: 'g', ژ: 'g', ش: 'S', چ: 'c',
};

function collapse(s: string): string {
  let out = '';
  for (const c of s) if (c !== out[out.length - 1]) out += c;
  return out;
}

/** The consonant skeleton of an Arabic-script word. */
export function arabicSkeleton(word: string): string {
  let out = '';
  for (const c of arabicKey(word)) out += CONSONANT[c] ?? '';
  return collapse(out);
}

const ENGLISH_RULES: readonly (readonly [RegExp, string])[] = [
  [/ph/g, 'f'], [/sh/g, 'S'], [/tch/g, 'c'], [/ch(?=[rl])|^ch(?=[aeiou]m)/g, 'k'], [/ch/g, 'c'], [/th/g, 't'], [/ck/g, 'k'],
  [/qu/g, 'k'], [/x/g, 'ks'], [/c(?=[eiy])/g, 's'], [/c/g, 'k'], [/q/g, 'k'], [/j/g, 'g'], [/z/g, 's'], [/[aeiouyhwv]/g, ''],
];

/** The consonant skeleton of a Latin word, written as arabicSkeleton writes one. */
export function latinSkeleton(word: string): string {
  let w = word;
  for (const [pattern, to] of ENGLISH_RULES) w = w.replace(pattern, to);
  return collapse(w);
}

/** A skeleton is looked up from this many consonants: shorter ones meet too many words. */
const MIN_SKELETON = 3;
const LATIN_WORD = /^[a-z]{4,}$/;

/** The index's words sorted by skeleton; each entry is term × 2, + 1 for the skeleton without its final s. */
class SkeletonTable {
  private readonly entries: Int32Array;
  private readonly keys: string[];

  constructor(index: InvertedIndex) {
    const all: [string, number][] = [];
    for (let t = 0; t < index.termCount; t++) {
      const term = index.terms[t]!;
      if (!LATIN_WORD.test(term)) continue;
      const s = latinSkeleton(term);
      if (s.length < MIN_SKELETON) continue;
      all.push([s, t * 2]);
      if (s.endsWith('s') && s.length > MIN_SKELETON) all.push([s.slice(0, -1), t * 2 + 1]);
    }
    all.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.entries = Int32Array.from(all, (e) => e[1]);
    this.keys = all.map((e) => e[0]);
  }

  /** Terms whose skeleton is `skeleton`. */
  terms(skeleton: string): number[] {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid]! < skeleton) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.keys.length && this.keys[i] === skeleton; i++) out.push(this.entries[i]! >> 1);
    return [...new Set(out)];
  }
}

const TABLES = new WeakMap<InvertedIndex, SkeletonTable>();
/** A loanword that matches more of the index's words than this says too little. */
const MAX_TERMS = 12;

/** The index's words an Arabic-script word may be a loan of, by consonants; [] when none or too many. */
export function loanwordTerms(index: InvertedIndex, word: string): number[] {
  if (!isArabicScript(word)) return [];
  return skeletonTerms(index, arabicSkeleton(word));
}

/** The index's words whose consonant skeleton (latinSkeleton) is `skeleton`; [] when it is short, or when none or too many. */
export function skeletonTerms(index: InvertedIndex, skeleton: string): number[] {
  if (skeleton.length < MIN_SKELETON) return [];
  let t = TABLES.get(index);
  if (!t) TABLES.set(index, (t = new SkeletonTable(index)));
  const terms = t.terms(skeleton);
  return terms.length > MAX_TERMS ? [] : terms;
}
