// An English adjective whose noun has translations: names in other languages most often write
// the noun where English writes the adjective ("Developmental Biology" = Biología del
// Desarrollo, Biologie du Développement; "Historical Research" = Geschichtsforschung;
// "Medicinal Chemistry" = Química Médica is a cognate, not this). The generic and subject
// words of ./european-words.ts are listed by their nouns, so an adjective none of them lists
// reaches the translations of its noun: -al off (developmental → development, occupational →
// occupation) or as -e after -in, -ur (medicinal → medicine), -ical or -ic as -y (historical →
// history, economic → economy); not -ary (stationary is no station). Only a word of English
// names is read so (the Spanish "comercial" has its own cognates). Read by ./plan-builder.ts
// below the word's cognates.
import { europeanEquivalentTerms } from './european-words.js';
import { ENGLISH_TERM, type InvertedIndex } from './inverted-index.js';

/** An adjective's endings and what its noun ends in instead (-ine, -ure: medicinal, structural). */
const NOUN_ENDINGS: readonly (readonly [RegExp, (root: string) => readonly string[]])[] = [
  [/ical$/, (root) => [`${root}y`]],
  [/ic$/, (root) => [`${root}y`]],
  [/al$/, (root) => (/(?:in|ur)$/.test(root) ? [root, `${root}e`] : [root])],
];
/** A root shorter than this says too little (dental → dent, capital → capit). */
const MIN_ROOT = 5;
/** Adjectives whose noun names another thing in names: a Central Laboratory is no centre. */
const OTHER_MEANING = new Set(['central']);

/** The nouns an English adjective may be formed from ("developmental" → development, "medicinal" → medicin, medicine). */
export function adjectiveNouns(word: string): string[] {
  if (OTHER_MEANING.has(word)) return [];
  for (const [ending, nouns] of NOUN_ENDINGS) {
    const m = ending.exec(word);
    if (!m) continue;
    const root = word.slice(0, m.index);
    return root.length < MIN_ROOT ? [] : [...nouns(root)];
  }
  return [];
}

/** The translations (in the index) of the nouns of an English adjective that has none of its own. */
export function nounTranslations(index: InvertedIndex, word: string): number[] {
  const own = index.termId(word);
  if (own < 0 || !(index.termFlags[own]! & ENGLISH_TERM)) return [];
  const out = new Set<number>();
  for (const noun of adjectiveNouns(word)) for (const t of europeanEquivalentTerms(index, noun)) out.add(t);
  out.delete(own);
  return [...out];
}
