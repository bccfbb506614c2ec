// Words of one root with another derivational ending, read by the plan builder
// (./plan-builder.ts) where a query names a method by a form the record does not use: the
// process, its adjective, its property, its measurement (test/search-derivations.test.ts).
//   reflection, reflectance, reflectivity, reflectometry   (root "reflect")
//   calcining, calcined, calcination                        (root "calcin")
//   resonant, resonance; polarized, polarizing, polarization
//   thermophoretic, thermophoresis; electrolytic, electrolysis; osmotic, osmosis
//   cytometric, cytometry; spectroscopic, spectroscopy      (the method's -ic adjective)
//   sputtering, sputter; multiplexed, multiplex
// The English stem class (./language-rules.ts) takes off inflections only; these are the
// endings that make a new word of the same root. An agent's ending (-er, -or, -ometer) is not
// one of them: an instrument is not its method (./word-forms.ts reads those).
import { ENGLISH_TERM, type InvertedIndex } from './inverted-index.js';

/** Endings and what of them stays in the key: the longest first. */
const ENDINGS: readonly (readonly [ending: string, kept: string])[] = [
  // a method and its adjective: -metry/-metric, -scopy/-scopic, -graphy/-graphic, -esis/-etic, -ysis/-ytic, -osis/-otic
  ['metrical', 'metr'], ['metric', 'metr'], ['metry', 'metr'],
  ['scopical', 'scop'], ['scopic', 'scop'], ['scopy', 'scop'],
  ['graphical', 'graph'], ['graphic', 'graph'], ['graphy', 'graph'],
  ['etical', 'es'], ['etic', 'es'], ['esis', 'es'],
  ['ytical', 'ys'], ['ytic', 'ys'], ['ysis', 'ys'],
  ['otic', 'os'], ['osis', 'os'],
  // a process, a property, a state
  ['ivity', ''], ['ation', ''], ['ition', ''], ['ment', ''], ['ancy', ''], ['ency', ''], ['ance', ''], ['ence', ''],
  ['ated', ''], ['ating', ''], ['ing', ''], ['ion', ''], ['ive', ''], ['ant', ''], ['ent', ''], ['ed', ''],
];
/** A root shorter than this ("act", "pos", "cyt") says too little to join two words. */
const MIN_ROOT = 5;
/** Only words this long are read so. */
const MIN_WORD = 6;
/** A measurement's ending also gives the root of what it measures ("reflectometry" → reflect). */
const MEASURED = /[oi]metr$/;
/** At most this many index words are looked at for one key. */
const MAX_SCAN = 256;
const LETTERS = /^[a-z]+$/;

/**
 * A word's derivational keys: its root once the derivational ending is off, or else the word
 * itself, a final e off either way ("calcine", "measurement" → calcin, measur). A measurement also keys by what it measures.
 */
export function derivationKeys(word: string): string[] {
  let w = word;
  if (w.length > MIN_WORD && w.endsWith('s') && !/(?:ss|is|us|ys)$/.test(w)) w = w.slice(0, -1);
  let key = w;
  for (const [ending, kept] of ENDINGS) {
    if (w.endsWith(ending) && w.length - ending.length >= (kept ? 3 : MIN_ROOT)) {
      key = w.slice(0, -ending.length) + kept;
      break;
    }
  }
  if (key.endsWith('e')) key = key.slice(0, -1);
  const out = key.length >= MIN_ROOT ? [key] : [];
  const m = MEASURED.exec(key);
  if (m && m.index >= MIN_ROOT) out.push(key.slice(0, m.index));
  return out;
}

/**
 * The English words of the index that share a derivational key with `word` (other than the
 * word itself): "calcining" → calcination; "thermophoretic" → thermophoresis; "reflectivity" →
 * reflectometry, reflection, reflectance.
 */
export function derivedWords(index: InvertedIndex, word: string): number[] {
  if (word.length < MIN_WORD || !LETTERS.test(word)) return [];
  const keys = derivationKeys(word);
  if (keys.length === 0) return [];
  const own = index.termId(word);
  const out = new Set<number>();
  for (const key of keys) {
    const [from, to] = index.prefixRange(key);
    for (let t = from; t < to && t < from + MAX_SCAN; t++) {
      if (t === own || !(index.termFlags[t]! & ENGLISH_TERM)) continue;
      const term = index.terms[t]!;
      if (LETTERS.test(term) && derivationKeys(term).some((k) => keys.includes(k))) out.add(t);
    }
  }
  return [...out];
}
