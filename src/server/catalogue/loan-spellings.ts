// Learned words of Greek and Latin origin as the languages of Europe spell them: the same word
// with f for ph, t for th, i for y, v for w, i for j, single letters for double ones, c for k,
// s for z, s for a soft c (before e, i, y: German and the Slavic languages write it z or c,
// "Glaziologie" = glaciology, "biociências" = biosciences), an e before s and a consonant (Spanish,
// Portuguese, Catalan), and the Slavic endings of -tion and -ic (Polish -cja, Serbian and Croatian
// -cija; Polish -iczny, Czech and Slovak -ický, South Slavic -ički, South Slavic and Polish -ski:
// biološki, filozofski, and a surname's cases, Mossakowskiego). "photosynthesis" = fotosíntesis, "polymers" =
// polímeros, "spectrometry" = espectrometria, "obserwatorium" = observatory, "socjalnych" =
// social. Both sides are read by one key (loanKey): the cognate key of ./word-classes.ts
// (endings in one spelling) with those letters folded. On the first query that needs it, the
// index's words of names are sorted by a hash of their first six letters so folded (term
// numbers only, some 20 ms for the shipped catalogue); a word is looked up among those that
// start as it does and each is checked by its key (an other-language word's also by its
// inflection stem's, ./inflections.ts), whose hash a group keeps once it has been looked at.
import { inflectionStem } from './inflections.js';
import { ENGLISH_TERM, type InvertedIndex, OTHER_TERM } from './inverted-index.js';
import { umlautVariants } from './umlaut-vowels.js';
import { cognateKey } from './word-classes.js';

/** Slavic endings read as the Romance and English ones before the cognate key is taken. */
const SLAVIC_ENDINGS: readonly (readonly [RegExp, string])[] = [
  // komunikacja, informacija, organizacji → -cion (the cognate key's -tion)
  [/(?:cj|cij)(?:a|e|i|u|o|om|ama|ami|ach)$/, 'cion'],
  // astrogeodynamiczne, chemický, fizički and their cases → -ic
  [/(?:iczn|ick)(?:y|a|e|i|o|u|ych|ej|eho|ego|emu|ym|ymi|ih|im|og|om|oj|ich|ou)$/, 'ic'],
  // South Slavic and Polish -ski after -log/-gog (g and s written š): biološki, onkološki, pedagoški → -logic, -gogic
  [/(?<=.{3}[lg]o)sk(?:i|a|e|o|u|ih|im|ima|imi|og|oga|om|oj|ega|em|emu|iego|iej|ich|ie)$/, 'gic'],
  // and after any other root of four letters or more (-ijski of a noun in -ija): filozofski, akademski, kemijski → -ic
  [/(?<=.{4})(?:ij)?sk(?:i|a|e|o|u|ih|im|ima|imi|og|oga|om|oj|ega|em|emu|iego|iej|ich|ie)$/, 'ic'],
];

/** Letters the languages spell differently, folded to one: digraphs to their letter, then y → i, w → v, j → i, k → c, z → s, x → cs. */
const DIGRAPHS: Readonly<Record<string, string>> = { ph: 'f', th: 't', rh: 'r', ch: 'c' };
const LETTER: Readonly<Record<string, string>> = { y: 'i', w: 'v', j: 'i', k: 'c', z: 's', x: 'cs' };

/** A c (or k) before these is an s, as German and the Slavic languages write it z or c: "Glaziologie" = glaciology, "sozial" = social, "Zelle" = cell, "senter" = centre. */
const SOFT = /[eijy]/;

/** `word` with its letters folded (LETTERS), double letters single, and a Spanish e- before s and c, p or t left out. */
function foldLetters(word: string, limit = Infinity): string {
  let out = '';
  let i = /^es[cpt]/.test(word) ? 1 : 0;
  while (i < word.length && out.length < limit) {
    const pair = DIGRAPHS[word.slice(i, i + 2)];
    let letter = pair ?? LETTER[word[i]!] ?? word[i]!;
    i += pair ? 2 : 1;
    if (letter === 'c' && SOFT.test(word[i] ?? '')) letter = 's';
    if (!out.endsWith(letter)) out += letter;
  }
  return out.slice(0, limit);
}

/** A key this short says too little: only longer words meet by it. */
const MIN_KEY = 6;
/** Words are grouped by the first letters of their folded spelling, and each of a group checked by its key. */
const PREFIX = 6;
const LATIN_WORD = /^[a-z]{5,}$/;

/** A word's loan key: its cognate key with its letters folded. */
export function loanKey(word: string): string {
  let w = word;
  for (const [pattern, to] of SLAVIC_ENDINGS) w = w.replace(pattern, to);
  const key = cognateKey(w);
  // A key that is the word without its final vowels keeps a c that was soft before them ("science" is "scienze"),
  // but not the -ic of the cognate key's endings ("fisici" is physics).
  const soft = key.endsWith('c') && !key.endsWith('ic') && w.replace(/k/g, 'c').startsWith(key) && SOFT.test(w[key.length] ?? '');
  return foldLetters(soft ? `${key.slice(0, -1)}s` : key);
}

function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h | 1) >>> 0;
}

function prefixHash(word: string): number {
  const key = foldLetters(word, PREFIX);
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function englishOnly(index: InvertedIndex, t: number): boolean {
  return (index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) === ENGLISH_TERM;
}

/** The index's words of names sorted by the hash of their folded first letters (term numbers only). */
class LoanTable {
  private readonly hashes: Uint32Array;
  private readonly entries: Int32Array;

  constructor(private readonly index: InvertedIndex) {
    const hashes: number[] = [];
    const terms: number[] = [];
    for (let t = 0; t < index.termCount; t++) {
      const term = index.terms[t]!;
      if (!(index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) || !LATIN_WORD.test(term)) continue;
      hashes.push(prefixHash(term));
      terms.push(t);
    }
    const order = Array.from(terms, (_, i) => i).sort((a, b) => hashes[a]! - hashes[b]!);
    this.hashes = Uint32Array.from(order, (i) => hashes[i]!);
    this.entries = Int32Array.from(order, (i) => terms[i]!);
    this.keyHashes = new Uint32Array(order.length);
    this.stemHashes = new Uint32Array(order.length);
  }

  /**
   * Each entry's key hash and its inflection stem's (an other-language word's), worked out the
   * first time its group is looked at (0: not yet; hashes have their lowest bit set), so a group
   * is read by its keys once, not on every look-up.
   */
  private readonly keyHashes: Uint32Array;
  private readonly stemHashes: Uint32Array;

  /** Terms whose key (or, for an other-language word, its inflection stem's) is one of `keys`, among those starting as `word` does. */
  terms(word: string, keys: readonly string[], out: Set<number>): void {
    const h = prefixHash(word);
    let lo = 0;
    let hi = this.hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.hashes[mid]! < h) lo = mid + 1;
      else hi = mid;
    }
    const wanted = keys.map(keyHash);
    for (let i = lo; i < this.hashes.length && this.hashes[i] === h; i++) {
      const t = this.entries[i]!;
      const term = this.index.terms[t]!;
      if (this.keyHashes[i] === 0) {
        this.keyHashes[i] = keyHash(loanKey(term));
        this.stemHashes[i] = englishOnly(this.index, t) ? 1 : keyHash(loanKey(inflectionStem(term)));
      }
      if (wanted.includes(this.keyHashes[i]!) && keys.includes(loanKey(term))) out.add(t);
      else if (wanted.includes(this.stemHashes[i]!) && keys.includes(loanKey(inflectionStem(term)))) out.add(t);
    }
  }
}

const TABLES = new WeakMap<InvertedIndex, LoanTable>();
/** A key that more of the index's words have than this says too little. */
const MAX_TERMS = 16;

/**
 * The index's words that are `word` spelt as another language spells it (by loan key, the
 * word's and, for a word that is not an English name's, its inflection stem's), the word itself
 * left out; [] when none or too many.
 */
export function loanSpellings(index: InvertedIndex, word: string): number[] {
  if (!LATIN_WORD.test(word)) return [];
  const key = loanKey(word);
  const own = index.termId(word);
  const stem = own >= 0 && englishOnly(index, own) ? word : inflectionStem(word);
  const keys = [key, loanKey(stem)].filter((k, i, all) => k.length >= MIN_KEY && all.indexOf(k) === i);
  if (keys.length === 0) return [];
  let table = TABLES.get(index);
  if (!table) TABLES.set(index, (table = new LoanTable(index)));
  const out = new Set<number>();
  table.terms(word, keys, out);
  const english = own >= 0 && englishOnly(index, own);
  // The same learned word with an umlaut vowel for e, or e for one (./umlaut-vowels.ts).
  for (const v of umlautVariants(word, english)) table.terms(v, [loanKey(v), loanKey(english ? v : inflectionStem(v))], out);
  out.delete(own);
  // Two English words meet by their stem class, not here ("practice" is not "practical").
  if (english) for (const t of out) if (englishOnly(index, t)) out.delete(t);
  return out.size > MAX_TERMS ? [] : [...out];
}
