// Classes of index words that a query word also stands for: its stem class (English words
// by the English stemmer, other languages' by theirs) and its cognates in other languages.
// Used by the plan builder (./plan-builder.ts) and the compound splitter (./compounds.ts).
import { inflectionStem } from './inflections.js';
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

// Endings a word takes in English and in the other languages of the catalogue's names, read as
// one: -ical, -ics, -ique, -ico, -isch, -ik, the Polish stem -icz (sociological, sociologiques,
// kliniczny); -ity, -ite, -idad, -ita, -itat (university, universite); -tion, -cion, -cao,
// -zione, -tie, Hungarian -ció (information, informacao, információ); -ory, -oire, -orio, -orium (observatory,
// observatoire); -ive, -if (cognitive, cognitif); and the three below. Each is tried on the word
// as written (k already read as c).
const ENDINGS: readonly (readonly [RegExp, string])[] = [
  [/(?:icals?|ics?|iques?|icas?|icos?|ici|iche|ische[nrs]?|isch|icz|ic)$/, 'ic'],
  [/(?:ities|ity|ites?|idades?|idad|ita|itat|itaet)$/, 'it'],
  // (and the Hungarian -áció, -úció, -kció, folded, after a root of five letters or more: evolúció, információ,
  // infekció, and their -s adjective; the Spanish espacio, palacio keep their own key)
  [/(?:tions?|cion|ciones|cao|coes|zione|zioni|ties?|(?<=.{4}[auck])cios?)$/, 'tion'],
  [/(?:ories|ory|oires?|orios?|orias?|orium)$/, 'ory'],
  [/(?:ives?|ifs?|ivos?|ivas?)$/, 'iv'],
  // -ar, -ary, -aire, -ario, -är (molecular, moléculaire, molekularen; planetary, planétaire)
  [/(?:ary|aries|aires?|arios?|arias?|ari|ar(?:e[nrms]?|s)?)$/, 'ar'],
  // -al, -el, -elle, -ell (cultural, culturel, kulturellen; professional, professionnel)
  [/(?:(?<=on)nel(?:les?|s)?|als?|ales|ali|ale|els?|elles?|ell(?:e[nrs]?)?)$/, 'al'],
  // -ous, -eux, -euse, -oso, -ös (infectious, infectieux, infektiös; porous, poreux, poroso)
  [/(?:ous|eux|euses?|osos?|osas?|osi|ose)$/, 'ous'],
];
/** Shortest root an ending may leave: "unique" keeps its own ending. */
const MIN_ROOT = 4;

/** The word without its ending (one of ENDINGS) and the ending's one spelling, or null. */
function ending(word: string): [root: string, end: string] | null {
  for (const [pattern, end] of ENDINGS) {
    const m = pattern.exec(word);
    if (m && m.index >= MIN_ROOT) return [word.slice(0, m.index), end];
  }
  return null;
}

/** Without a plural -s and its final vowels ("biomedicina", "biomedicine" → biomedicin). */
function plainKey(word: string): string {
  return word.replace(/s$/, '').replace(/[aeiouy]+$/, '');
}

/**
 * A word's cognate key: its ending in one spelling, or else its plain key, with k read as c,
 * where German, Dutch, the Scandinavian languages and Polish write k for an English c
 * ("Infektionsbiologie", "Elektronik", "klinik").
 */
export function cognateKey(word: string): string {
  const w = word.replace(/k/g, 'c');
  const split = ending(w);
  return split ? split[0] + split[1] : plainKey(w);
}
const MIN_COGNATE = 6;

/** Only English words (no name in another language has them). */
function englishOnly(index: InvertedIndex, t: number): boolean {
  return t >= 0 && (index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) === ENGLISH_TERM;
}

/**
 * Words of any language with the same cognate key, for a key of at least MIN_COGNATE letters
 * ("Istituto di Biomedicina" finds "Institute for Biomedicine"; "Institut für Infektion" finds
 * "Institute for Infection"; "Centre de recherches sociologiques" finds "sociological";
 * "horses" is too short to reach "hors"). The index is scanned from the word as written and
 * with its k's read as c (all of them, or all after the first letter), each without its final
 * vowels or its ending, since the index holds each word as its language spells it. Two English
 * words meet only by their plain keys: "physical" and "physics" stay apart.
 */
export function cognateClass(index: InvertedIndex, word: string): number[] {
  const key = cognateKey(word);
  if (key.length < MIN_COGNATE) return [];
  const spellings = [word, word.replace(/k/g, 'c'), word[0] + word.slice(1).replace(/k/g, 'c')];
  const starts = new Set(spellings.flatMap((w) => [plainKey(w), ending(w)?.[0] ?? plainKey(w)]));
  const plain = plainKey(spellings[1]!);
  const english = englishOnly(index, index.termId(word));
  const out = new Set<number>();
  for (const start of starts) {
    const [from, to] = index.prefixRange(start);
    for (let t = from; t < to && t < from + 256; t++) {
      const term = index.terms[t]!;
      if (!(index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) || cognateKey(term) !== key) continue;
      if (english && englishOnly(index, t) && plainKey(term.replace(/k/g, 'c')) !== plain) continue;
      out.add(t);
    }
  }
  inflectedCognates(index, word, key, out);
  return [...out];
}

/**
 * The cognates a word has in the languages that inflect by case and write k for c, found by
 * their inflection stem (./inflections.ts): "molecular" → molekularnej, molekularnych (Polish),
 * "cardiovascular" → kardiovaskulárních (Czech). Only other languages' words, scanned from the
 * word's root spelt with k.
 */
function inflectedCognates(index: InvertedIndex, word: string, key: string, out: Set<number>): void {
  if (!word.includes('c')) return;
  const start = (ending(word)?.[0] ?? plainKey(word)).replace(/c/g, 'k');
  const [from, to] = index.prefixRange(start);
  for (let t = from; t < to && t < from + 128; t++) {
    if ((index.termFlags[t]! & (ENGLISH_TERM | OTHER_TERM)) !== OTHER_TERM) continue;
    const stem = inflectionStem(index.terms[t]!);
    if (stem !== index.terms[t] && cognateKey(stem) === key) out.add(t);
  }
}
