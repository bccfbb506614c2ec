// Words written in the Brahmic scripts of India and its neighbours (Devanagari, Bengali,
// Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam) and in Hebrew, read for a record
// whose names are in English, at query time (./script-readings.ts), by their consonants: a
// European loanword or a name ("ഇൻസ്റ്റിറ്റ്യൂട്ട്" institute, "ടെക്നോളജിക്കൽ" technological,
// "കേരള" Kerala, "שמעון פרס" Shimon Peres) is written with its consonants, so its consonant
// skeleton, written as ./arabic-script.ts writes English ones (vowels, h, y, v and w dropped;
// sh S, ch k, j g, z s, ph f; doubled letters once), is looked up among the index's words'.
// Folding (./search-text.ts) drops the vowel signs and the anusvara (ं, the n of "सेंटर"
// center), so the skeleton is read from the word as written (writtenForms); the nine Indian
// scripts share one layout of their Unicode blocks, so one table reads them all. A Hebrew letter
// that stands for two sounds is read both ways (פ p or f, ב b or v, ש sh or s, כ ק k or c).
import { skeletonTerms } from './arabic-script.js';
import type { InvertedIndex } from './inverted-index.js';
import { fold } from './search-text.js';

/** Devanagari to Malayalam: nine blocks of 128 code points with the same layout. */
const FIRST = 0x0900;
const LAST = 0x0d7f;
/** The consonants ka … ha, at offsets 0x15 … 0x39 of each block, as English spells them in skeletons. */
const CONSONANTS = ['k', 'k', 'g', 'g', 'ng', 'k', 'k', 'g', 'g', 'n', 't', 't', 'd', 'd', 'n', 't', 't', 'd', 'd', 'n', 'n', 'p', 'f', 'b', 'b', 'm', '', 'r', 'r', 'l', 'l', 'l', '', 'S', 'S', 's', ''];
/** Consonants with a nukta, precomposed (Devanagari क़ … य़, Bengali ড় ঢ় য়, Gurmukhi ਖ਼ … ਫ਼), at offsets 0x58 … 0x5f. */
const NUKTA_CONSONANTS = ['k', 'k', 'g', 's', 'r', 'r', 'f', ''];
/** Other letters: Malayalam's chillus (final consonants), Bengali khanda ta, Gurmukhi tippi. */
const OTHER: Readonly<Record<string, string>> = { 'ൺ': 'n', 'ൻ': 'n', 'ർ': 'r', 'ൽ': 'l', 'ൾ': 'l', 'ൿ': 'k', 'ৎ': 't', '\u0a70': 'n' };
const ANUSVARA = 0x02;
const CANDRABINDU = 0x01;
const NUKTA = 0x3c;
/** Malayalam writes English t as റ്റ and nt as ന്റ. */
const MALAYALAM_T = /\u0d31\u0d4d\u0d31/g;
const MALAYALAM_NT = /\u0d28\u0d4d\u0d31/g;

const BRAHMIC_WORD = /^[\u0900-\u0d7f\u200c\u200d]+$/u;
const HEBREW_WORD = /^[\u05d0-\u05ea\u05b0-\u05c7]+$/u;

function collapse(s: string): string {
  let out = '';
  for (const c of s) if (c !== out[out.length - 1]) out += c;
  return out;
}

/** The consonant skeleton of a word written in a Brahmic script (with its vowel signs and anusvara). */
export function brahmicSkeleton(word: string): string {
  const w = word.normalize('NFC').replace(MALAYALAM_T, '\u0d1f').replace(MALAYALAM_NT, '\u0d28\u0d1f');
  let out = '';
  for (let i = 0; i < w.length; i++) {
    const c = w[i]!;
    const code = c.charCodeAt(0);
    if (OTHER[c] !== undefined) {
      out += OTHER[c];
      continue;
    }
    if (code < FIRST || code > LAST) continue;
    const offset = (code - FIRST) % 128;
    const nukta = w.charCodeAt(i + 1) % 128 === NUKTA && w.charCodeAt(i + 1) >= FIRST;
    if (offset >= 0x15 && offset <= 0x39) {
      // A nukta makes ja z, ḍa and ḍha ṛa, ya a vowel.
      const letter = CONSONANTS[offset - 0x15]!;
      out += nukta ? ({ 0x1c: 's', 0x21: 'r', 0x22: 'r', 0x2f: '' } as Record<number, string>)[offset] ?? letter : letter;
    } else if (offset >= 0x58 && offset <= 0x5f) out += NUKTA_CONSONANTS[offset - 0x58]!;
    else if (offset === ANUSVARA || offset === CANDRABINDU) {
      // m before p, b, m and at the end (Malayalam കേന്ദ്രം), n elsewhere.
      const next = (w.charCodeAt(i + 1) - FIRST) % 128;
      out += i + 1 >= w.length || (next >= 0x2a && next <= 0x2e) ? 'm' : 'n';
    }
  }
  return collapse(out.replace(/(?:ng)+/g, 'ng').replace(/ng(?=[kg])/g, 'n'));
}

/** A Brahmic skeleton's readings: sh also as the t and s of English -tion, -sion ("നാഷണൽ" national). */
function brahmicSkeletons(word: string): string[] {
  const s = brahmicSkeleton(word);
  return s.includes('S') ? [s, s.replace(/S/g, 't'), s.replace(/S/g, 's')] : [s];
}

const HEBREW: Readonly<Record<string, readonly string[]>> = {
  ב: ['b', ''], ג: ['g'], ד: ['d'], ז: ['s'], ח: ['k'], ט: ['t'], כ: ['k', 'c'], ך: ['k'], ל: ['l'], מ: ['m'], ם: ['m'],
  נ: ['n'], ן: ['n'], ס: ['s'], פ: ['p', 'f'], ף: ['f'], צ: ['s'], ץ: ['s'], ק: ['k', 'c'], ר: ['r'], ש: ['S', 's'], ת: ['t'],
};
/** At most this many readings of a Hebrew word (a letter of two sounds doubles them). */
const MAX_HEBREW_READINGS = 8;
/** Letters written onto a Hebrew word's front: the (ה), and (ו), to (ל), in (ב), from (מ), that (ש), as (כ). */
const HEBREW_PREFIX = /^[הולבמשכ]{1,2}(?=.{3})/u;

/** The consonant skeletons of a Hebrew word, each reading of its letters of two sounds. */
export function hebrewSkeletons(word: string): string[] {
  let out = [''];
  for (const c of word) {
    const sounds = HEBREW[c];
    if (!sounds) continue;
    const next = out.length * sounds.length > MAX_HEBREW_READINGS ? [sounds[0]!] : sounds;
    out = out.flatMap((s) => next.map((n) => s + n));
  }
  return [...new Set(out.map(collapse))];
}

/** Each word of a query written in a Brahmic script or Hebrew, folded → as written (with its marks). */
export function writtenForms(text: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  if (!/[\u0590-\u05ff\u0900-\u0d7f]/u.test(text)) return out;
  for (const w of text.normalize('NFKC').split(/[^\p{L}\p{M}\u200c\u200d]+/u)) {
    if (BRAHMIC_WORD.test(w) || HEBREW_WORD.test(w)) out.set(fold(w), w);
  }
  return out;
}

/**
 * The index's words a word written in a Brahmic script or Hebrew may be a loan or a name of, by
 * its consonants (`written`: the word with its marks, when known; skeletons of `minSkeleton`
 * consonants or more); [] when none or too many.
 */
export function consonantTerms(index: InvertedIndex, word: string, written: string, minSkeleton = 0): number[] {
  let skeletons: string[];
  if (BRAHMIC_WORD.test(written)) skeletons = brahmicSkeletons(written);
  else if (HEBREW_WORD.test(word)) {
    const bare = word.replace(HEBREW_PREFIX, '');
    skeletons = (bare === word ? [word] : [word, bare]).flatMap(hebrewSkeletons);
  } else return [];
  const out = new Set<number>();
  for (const s of skeletons) if (s.length >= minSkeleton) for (const t of skeletonTerms(index, s)) out.add(t);
  return [...out];
}
