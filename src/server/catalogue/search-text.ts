// Text normalisation shared by the index and the query, so both sides always agree:
//  - fold: lower case, accents removed ("Spectrométrie" → "spectrometrie"), a few letters that
//    Unicode does not decompose spelled out ("ß" → "ss", "æ" → "ae", "ø" → "o");
//  - tokenize: split on anything that is not a letter or a digit (hyphens, slashes, apostrophes),
//    so "X-ray", "LC-MS/MS" and "d’Economie" become separate words;
//  - stem: a deliberately light English suffix stripper that makes the words a researcher types
//    interchangeable ("microscope", "microscopy", "microscopes", "microscopic" → "microscop";
//    "spectrometer", "spectrometry" → "spectromet"). It never strips below four letters, so
//    acronyms ("SEM", "NMR", "CERN") stay as they are.

const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPELLED_OUT_PATTERN = /[ßæœøłđðþı]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPELLED_OUT_PATTERN, (c) => SPELLED_OUT[c] ?? c);
}

/** Folded words of a text, in order. */
export function words(text: string): string[] {
  return fold(text).split(NOT_WORD).filter((w) => w.length > 0);
}

// Words too common to rank by (English, and the French, German and Spanish of facility names).
// They are left out of the index and of queries, and ignored in phrase matching, so
// "Institute for Chemistry" and "Institute of Chemistry" read the same; the exact-name key
// keeps them. Single letters are kept: "vitamin A", "T cell", "hepatitis B".
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or',
  'the', 'this', 'that', 'to', 'with', 'de', 'des', 'du', 'en', 'et', 'la', 'le', 'les', 'der', 'die', 'das', 'und',
  'fur', 'von', 'zur', 'zum', 'del', 'di', 'el', 'los', 'las',
]);

// Longest suffixes first; the first one that leaves at least four letters is removed.
const SUFFIXES = ['ical', 'ies', 'ric', 'ic', 'ry', 'er', 'es', 's', 'y', 'e'] as const;
const MIN_STEM = 4;

export function stem(word: string): string {
  if (word.length <= MIN_STEM) return word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM) return word.slice(0, -suffix.length);
  }
  return word;
}

/** A name (title or alternative name) prepared once for phrase matching. */
export interface PreparedName {
  /** All folded words joined by one space: the exact-match key. */
  key: string;
  /** Folded words without stop words. */
  words: string[];
  stems: string[];
}

export function prepareName(text: string): PreparedName {
  const all = words(text);
  const w = all.filter((x) => !STOP_WORDS.has(x));
  return { key: all.join(' '), words: w, stems: w.map(stem) };
}

/**
 * A query prepared for searching. The last word may be unfinished ("mass spec"), so it also
 * matches as a prefix — but only when it has at least three letters, or two after other words,
 * because a one- or two-letter prefix matches most of the catalogue.
 */
export interface PreparedQuery extends PreparedName {
  lastIsPrefix: boolean;
}

export function prepareQuery(text: string): PreparedQuery {
  const name = prepareName(text);
  const last = name.words[name.words.length - 1] ?? '';
  const lastIsPrefix = last.length >= 3 || (last.length === 2 && name.words.length > 1);
  return { ...name, lastIsPrefix };
}
