// An English adjective whose noun has translations: names in other languages most often write
// the noun where English writes the adjective ("Developmental Biology" = Biología del
// Desarrollo, Biologie du Développement; "Historical Research" = Geschichtsforschung;
// "Medicinal Chemistry" = Química Médica is a cognate, not this). The generic and subject
// words of ./european-words.ts are listed by their nouns, so an adjective none of them lists
// reaches the translations of its noun: -al off (developmental → development, occupational →
// occupation) or as -e (medicinal → medicine), -ical or -ic as -y (historical → history,
// economic → economy), -ary off (evolutionary → evolution). Read by ./plan-builder.ts a little
// below the adjective's own translations.
import { europeanEquivalentTerms } from './european-words.js';
import type { InvertedIndex } from './inverted-index.js';

/** An adjective's endings and what its noun ends in instead. */
const NOUN_ENDINGS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/ical$/, ['y']],
  [/ic$/, ['y']],
  [/ary$/, ['']],
  [/al$/, ['', 'e']],
];
/** A root shorter than this says too little (dental → dent, capital → capit). */
const MIN_ROOT = 5;
/** Adjectives whose noun names another thing in names: a Central Laboratory is no centre. */
const OTHER_MEANING = new Set(['central']);

/** The nouns an English adjective may be formed from ("developmental" → development, developmente). */
export function adjectiveNouns(word: string): string[] {
  if (OTHER_MEANING.has(word)) return [];
  for (const [ending, nouns] of NOUN_ENDINGS) {
    const m = ending.exec(word);
    if (!m) continue;
    const root = word.slice(0, m.index);
    return root.length < MIN_ROOT ? [] : nouns.map((n) => root + n);
  }
  return [];
}

/** The translations (in the index) of the nouns of an English adjective that has none of its own. */
export function nounTranslations(index: InvertedIndex, word: string): number[] {
  const out = new Set<number>();
  for (const noun of adjectiveNouns(word)) for (const t of europeanEquivalentTerms(index, noun)) out.add(t);
  out.delete(index.termId(word));
  return [...out];
}
