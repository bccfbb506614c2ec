// Acronyms that leave out a word of the name they stand for: a content word inside it ("UTOPI":
// Unité de recherches Transitions Organisations Politiques Inégalités; "AMMICA": Analyse
// moléculaire, modélisation et imagerie de la maladie cancéreuse, with "maladie" left out and
// "CAncéreuse" by its beginning), or the words after a run ("CIPER": Centro Interdisciplinar de
// Estudo da PERformance Humana). The candidates come from the index: the typed letters read as
// one word each, the last word by a beginning of up to three letters, give initials, and those
// initials with one letter put back between two of them are looked up among the derived
// acronyms (./acronyms.ts) — of the whole name, or of the words that start or end it: at most
// 26 × letters × 3 look-ups, no record read. The ranking then spells the letters in the names
// with one content word left out (InitialsMatcher.find), below word beginnings.
import { ACRONYM, type InvertedIndex, RUN } from './inverted-index.js';

/** The last word may give its beginning of up to this many letters ("CA" of "CAncéreuse", "PER" of "PERformance"). */
const MAX_LAST = 3;
/** Letters typed: at least this many (fewer, with a word left out, fit too many names), at most that many. */
const MIN_SKIPPED = 4;
const MAX_SKIPPED = 10;
/** At most this many derived acronyms are returned (more: the letters say too little). */
const MAX_TERMS = 32;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Derived acronyms, of whole names or of the words that start or end them, equal to the
 * initials `raw` stands for (a word a letter, the last one by its beginning) with one letter
 * put back between two of them (a word left out). [] when none, or too many, are.
 */
export function skippedInitials(index: InvertedIndex, raw: string): number[] {
  if (raw.length < MIN_SKIPPED || raw.length > MAX_SKIPPED || !/^[a-z]+$/.test(raw)) return [];
  const out = new Set<number>();
  for (let last = 1; last <= MAX_LAST && raw.length - last >= 2; last++) {
    const initials = raw.slice(0, raw.length - last + 1);
    for (let j = 1; j < initials.length; j++) {
      for (const c of LETTERS) {
        const t = index.termId(initials.slice(0, j) + c + initials.slice(j));
        if (t >= 0 && (index.frequency(ACRONYM, t) > 0 || index.frequency(RUN, t) > 0)) out.add(t);
      }
    }
  }
  return out.size > MAX_TERMS ? [] : [...out];
}
