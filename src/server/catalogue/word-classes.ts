// Classes of index words that a query word also stands for: its stem class (English words
// by the English stemmer, other languages' by theirs) and its cognates in other languages.
// Used by the plan builder (./plan-builder.ts) and the compound splitter (./compounds.ts).
import { ENGLISH_TERM, type InvertedIndex, OTHER_TERM } from './inverted-index.js';

/** At most this many words are looked at for a stem class. */
const MAX_STEM_CLASS_SCAN = 512;

/**
 * The words of an index with the same stem as `word` by `stemOf`, among the words marked `flag`.
 * A bare word (no suffix to remove) does not take a plural in -ies: "spec" is not "species".
 */
export function stemClass(index: InvertedIndex, word: string, stemOf: (w: string) => string, flag: number, out: number[]): void {
  const stem = stemOf(word);
  const [from, to] = index.prefixRange(stem);
  for (let t = from; t < to && t < from + MAX_STEM_CLASS_SCAN; t++) {
    const term = index.terms[t]!;
    if (!(index.termFlags[t]! & flag) || stemOf(term) !== stem) continue;
    if (word === stem && term.endsWith('ies') && term.length === stem.length + 3) continue;
    out.push(t);
  }
}

/** Without a plural -s and its final vowels ("biomedicina", "biomedicine" → biomedicin). */
function plainKey(word: string): string {
  return word.replace(/s$/, '').replace(/[aeiouy]+$/, '');
}

/**
 * A word's cognate key: its plain key with k read as c, where German, Dutch, the Scandinavian
 * languages and Polish write k for an English c ("Infektionsbiologie", "Elektronik", "klinik").
 */
export function cognateKey(word: string): string {
  return plainKey(word.replace(/k/g, 'c'));
}
const MIN_COGNATE = 6;

/**
 * Words of any language with the same cognate key, for a key of at least MIN_COGNATE letters
 * ("Istituto di Biomedicina" finds "Institute for Biomedicine"; "Institut für Infektion" finds
 * "Institute for Infection"; "horses" is too short to reach "hors"). The index is scanned from
 * the word as written and with its k's read as c (all of them, or all after the first letter),
 * since the index holds each word as its language spells it.
 */
export function cognateClass(index: InvertedIndex, word: string): number[] {
  const key = cognateKey(word);
  if (key.length < MIN_COGNATE) return [];
  const starts = new Set([plainKey(word), key, plainKey(word[0] + word.slice(1).replace(/k/g, 'c'))]);
  const out = new Set<number>();
  for (const start of starts) {
    const [from, to] = index.prefixRange(start);
    for (let t = from; t < to && t < from + 256; t++) if (index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM) && cognateKey(index.terms[t]!) === key) out.add(t);
  }
  return [...out];
}
