// How closely a record's names match the query as a phrase. Full-text scores alone rank a long
// title that repeats a word above the record whose name *is* the query ("scanning electron
// microscope" must find the scanning electron microscope first; "CERN" must find the record
// whose alternative name is CERN before "…CERNA"). So candidates are ranked by this tier first,
// then by their full-text score.
import type { PreparedName, PreparedQuery } from './search-text.js';

/**
 * Tiers, best first. Names: index 0 is the title, the rest are alternative names. A phrase whose
 * last word matches as a whole word ranks above one that only matches as a prefix, so "ion"
 * finds titles with the word "ion" before "ionisation", while "mass spec" still finds
 * "mass spectrometry".
 */
export const TIER = {
  exactTitle: 20, // the title is the query, letter for letter (accents and case folded)
  sameTitle: 19, // the title is the query up to word endings ("microscopy" for "microscope")
  exactName: 18, // an alternative name or acronym is the query ("CERN", "SEM")
  sameName: 17,
  titleStarts: 15, // the title starts with the query phrase
  titleContains: 14, // the title contains the query phrase
  nameStarts: 13,
  nameContains: 12,
  titleCompletes: 11, // the title is the query with its last word completed ("mass spec")
  nameCompletes: 10,
  titleStartsPrefix: 9, // as above, with the last word completed
  titleContainsPrefix: 8,
  nameStartsPrefix: 7,
  nameContainsPrefix: 6,
  allWords: 1, // every word matches somewhere (title, names or body), not as a phrase
  someWords: 0, // only some words match
} as const;

interface PhraseMatch {
  start: number;
  /** The last query word only matched as the beginning of a longer word. */
  prefixOnly: boolean;
}

function phraseMatch(name: PreparedName, query: PreparedQuery): PhraseMatch | null {
  const q = query.stems;
  const n = q.length;
  const s = name.stems;
  const lastIndex = n - 1;
  let prefixMatch: PhraseMatch | null = null;
  for (let start = 0; start + n <= s.length; start++) {
    let k = 0;
    while (k < lastIndex && s[start + k] === q[k]) k++;
    if (k < lastIndex) continue;
    const word = s[start + lastIndex]!;
    if (word === q[lastIndex]) return { start, prefixOnly: false };
    if (query.lastIsPrefix && prefixMatch === null && word.startsWith(q[lastIndex]!)) prefixMatch = { start, prefixOnly: true };
  }
  return prefixMatch;
}

function phraseTierOf(match: PhraseMatch, name: PreparedName, query: PreparedQuery, isTitle: boolean): number {
  if (!match.prefixOnly) {
    if (match.start === 0) return isTitle ? TIER.titleStarts : TIER.nameStarts;
    return isTitle ? TIER.titleContains : TIER.nameContains;
  }
  if (match.start === 0 && name.stems.length === query.stems.length) return isTitle ? TIER.titleCompletes : TIER.nameCompletes;
  if (match.start === 0) return isTitle ? TIER.titleStartsPrefix : TIER.nameStartsPrefix;
  return isTitle ? TIER.titleContainsPrefix : TIER.nameContainsPrefix;
}

function sameStems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The best tier any of the names reaches for this query (`allWords` when none is a phrase match). */
export function phraseTier(names: readonly PreparedName[], query: PreparedQuery): number {
  let best: number = TIER.allWords;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const isTitle = i === 0;
    let tier: number = TIER.allWords;
    if (name.key === query.key) tier = isTitle ? TIER.exactTitle : TIER.exactName;
    else if (sameStems(name.stems, query.stems)) tier = isTitle ? TIER.sameTitle : TIER.sameName;
    else {
      const match = phraseMatch(name, query);
      if (match) tier = phraseTierOf(match, name, query, isTitle);
    }
    if (tier > best) best = tier;
    if (best === TIER.exactTitle) break;
  }
  return best;
}

/** How many query words appear in the title exactly as typed (folded): prefers "microscope" over "microscopy" for that query. */
export function exactWordHits(title: PreparedName, query: PreparedQuery): number {
  let hits = 0;
  for (const w of query.words) if (title.words.includes(w)) hits++;
  return hits;
}
