// A katakana loanword the tables lack, read as the English word of the index it was borrowed
// from (ハイパーネットワーク → hypernetwork, リバーフロント → riverfront, ヤクルト → yakult), by its
// consonants, as Arabic-script loanwords are (./arabic-script.ts: the index's words sorted by
// their consonant skeleton, vowels, h, w, y and v dropped). Japanese writes English's sounds
// with fewer letters, so its romaji (./kana-hangul.ts) gives several skeletons: r may be l
// (ル: yakult), a long vowel may be an English vowel before r (ā: hyper, network), b may be v
// (English's v is dropped from its skeleton: バ in river), sh may be the t of -tion (ション:
// station), ts may be t (ツール: tool). A run of katakana that is no one word is split into up to
// MAX_PARTS words, each of at least MIN_CONSONANTS consonants (ディフェンスリサーチ → defense
// research); of a skeleton's words, the one nearest the romaji letter for letter is taken.
import { skeletonTerms } from './arabic-script.js';
import { ENGLISH_TERM, type InvertedIndex } from './inverted-index.js';
import { kanaToRomaji } from './kana-hangul.js';

/** The index's words with a consonant skeleton (./arabic-script.ts skeletonTerms), spelt. */
export type SkeletonWords = (skeleton: string) => readonly string[];

/** The index's words by skeleton, words of English names first (a loan is most often English: defense before defensa). */
export function skeletonWords(index: InvertedIndex): SkeletonWords {
  const english = (t: number) => index.termFlags[t]! & ENGLISH_TERM;
  return (skeleton) => skeletonTerms(index, skeleton).sort((a, b) => english(b) - english(a)).map((t) => index.terms[t]!);
}

/** Each letter group of romaji and the skeleton letters it may stand for in English. */
const GROUPS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^sh/, ['S', 't']], [/^ch/, ['k', 's']], [/^ts/, ['ts', 't']], [/^j/, ['g']], [/^z/, ['s']], [/^r/, ['r', 'l']], [/^b/, ['b', '']],
  [/^[kgstdnpmf]/, []], [/^[hwyv]/, ['']], [/^([aiueo])\1/, ['', 'r']], [/^[aiueo]/, ['']],
];
/** At most this many skeletons of one word are looked up. */
const MAX_SKELETONS = 64;
const MIN_CONSONANTS = 3;
const MAX_PARTS = 3;

/** The skeletons English words written so in katakana may have (consonants only, doubled ones once). */
export function loanSkeletons(romaji: string): string[] {
  let out = [''];
  for (let i = 0; i < romaji.length; ) {
    const rest = romaji.slice(i);
    const group = GROUPS.find(([p]) => p.test(rest));
    const m = group ? group[0].exec(rest)![0] : rest[0]!;
    const letters = group && group[1].length > 0 ? group[1] : [group ? m : ''];
    const next: string[] = [];
    for (const s of out) for (const l of letters) if (next.length < MAX_SKELETONS) next.push(collapse(s + l));
    out = next;
    i += m.length;
  }
  return [...new Set(out)];
}

function collapse(s: string): string {
  return s.length > 1 && s[s.length - 1] === s[s.length - 2] ? collapse(s.slice(0, -1)) : s;
}

const VOWEL = /[aeiouy]/;
/** A vowel, h, w or an r after a vowel: what Japanese adds, drops or writes otherwise most often. */
const cheap = (s: string, i: number): boolean => VOWEL.test(s[i]!) || s[i] === 'h' || s[i] === 'w' || (s[i] === 'r' && i > 0 && VOWEL.test(s[i - 1]!));

/** How far an English word is from romaji, letter by letter: vowels, h, w and r after a vowel cost CHEAP, r is l. */
function distance(a: string, b: string): number {
  let x = a;
  for (const [pattern, to] of SPOKEN) x = x.replace(pattern, to);
  const y = b.replace(/l/g, 'r').replace(/(.)\1+/g, '$1');
  let prev = [0];
  for (let j = 1; j <= y.length; j++) prev.push(prev[j - 1]! + (cheap(y, j - 1) ? CHEAP : 1));
  for (let i = 1; i <= x.length; i++) {
    const cur = [prev[0]! + (cheap(x, i - 1) ? CHEAP : 1)];
    for (let j = 1; j <= y.length; j++) {
      const same = x[i - 1] === y[j - 1] || (VOWEL.test(x[i - 1]!) && VOWEL.test(y[j - 1]!));
      const sub = x[i - 1] === y[j - 1] ? 0 : same ? CHEAP : 1;
      cur.push(Math.min(prev[j]! + (cheap(x, i - 1) ? CHEAP : 1), cur[j - 1]! + (cheap(y, j - 1) ? CHEAP : 1), prev[j - 1]! + sub));
    }
    prev = cur;
  }
  return prev[y.length]!;
}
const CHEAP = 0.3;
/** English letters as Japanese hears them (telecom → terekom, physics → fysiks). */
const SPOKEN: readonly (readonly [RegExp, string])[] = [
  [/ph/g, 'f'], [/ck/g, 'k'], [/ch/g, 'C'], [/c(?=[eiy])/g, 's'], [/c/g, 'k'], [/C/g, 'ch'], [/qu/g, 'kw'], [/x/g, 'ks'], [/th/g, 's'], [/v/g, 'b'], [/l/g, 'r'],
];
/** A loan is at most this far from its word per letter of its romaji. */
const MAX_DISTANCE = 0.25;

/** The index's word a piece of romaji is a loan of (the nearest of its skeletons' words) and how far it is, or null. */
function loanWord(romaji: string, words: SkeletonWords): Loan | null {
  let best: Loan | null = null;
  for (const s of loanSkeletons(romaji)) {
    if (s.replace(/ts/g, 't').length < MIN_CONSONANTS) continue;
    for (const w of words(s)) {
      const d = distance(w, romaji);
      if (best === null || d < best.cost) best = { words: [w], cost: d };
    }
  }
  return best !== null && best.cost <= MAX_DISTANCE * romaji.length ? best : null;
}
interface Loan {
  words: string[];
  cost: number;
}
/** What a loan of several words costs for each word after the first. */
const PART_COST = 1;

/** Where a mora of romaji starts: after a vowel or a syllabic n. */
function moraStarts(romaji: string): number[] {
  const out: number[] = [];
  for (let i = 1; i < romaji.length; i++) {
    const v = /[aiueo]/.test(romaji[i - 1]!) && !/[aiueon]/.test(romaji[i]!);
    const n = romaji[i - 1] === 'n' && !/[aiueoy]/.test(romaji[i]!);
    if (v || n) out.push(i);
  }
  return out;
}

/** The English words of the index a katakana run (in romaji) is a loan of, the nearest split into at most `maxParts` words; null when none. */
export function loanReading(romaji: string, words: SkeletonWords, maxParts = MAX_PARTS): string[] | null {
  const cuts = moraStarts(romaji);
  const pieces = new Map<string, Loan | null>();
  const word = (piece: string): Loan | null => {
    if (!pieces.has(piece)) pieces.set(piece, loanWord(piece, words));
    return pieces.get(piece)!;
  };
  const split = (from: number, parts: number): Loan | null => {
    let best = word(romaji.slice(from));
    for (const c of parts > 1 ? cuts : []) {
      if (c <= from) continue;
      const first = word(romaji.slice(from, c));
      const rest = first === null ? null : split(c, parts - 1);
      const cost = first && rest ? first.cost + rest.cost + PART_COST : Infinity;
      if (first && rest && (best === null || cost < best.cost)) best = { words: [...first.words, ...rest.words], cost };
    }
    return best;
  };
  return split(0, maxParts)?.words ?? null;
}

const KATAKANA = /^[\p{Script=Katakana}ー・]$/u;

/**
 * The loan a run of katakana starting at `from` is read as: the whole run of katakana at once
 * (its tables' words too: ハイパーネットワーク is hypernetwork, not ハイパー + network) when the
 * index has it as one word, else the kana up to `to` (where the tables' next word starts). The
 * loan's words and where it ends, or null.
 */
export function katakanaLoan(chars: readonly string[], from: number, to: number, words: SkeletonWords): { words: string[]; end: number } | null {
  if (!chars.slice(from, to).every((c) => KATAKANA.test(c))) return null;
  let end = to;
  while (end < chars.length && KATAKANA.test(chars[end]!)) end++;
  const whole = end > to ? loanReading(kanaToRomaji(chars.slice(from, end).join('')), words, 1) : null;
  if (whole !== null) return { words: whole, end };
  const part = loanReading(kanaToRomaji(chars.slice(from, to).join('')), words);
  return part === null ? null : { words: part, end: to };
}
