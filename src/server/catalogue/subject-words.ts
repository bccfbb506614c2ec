// The subject vocabulary (./subject-vocabulary.ts) as a table from a folded word to the words of
// its meanings in the other languages, read like EQUIVALENTS (./european-words.ts joins it to
// the generic words' table). Built on the first query that looks a word up, not at import, so
// the indexer children and a server that never searches do not pay for it.
import { inflectionStem } from './inflections.js';
import { canonicalSpelling } from './language-rules.js';
import { PLACE_LINES } from './place-names.js';
import { SUBJECT_LINES } from './subject-vocabulary.js';
import { EUROPEAN_SUBJECT_LINES } from './european-subjects.js';
import { EVERYDAY_LINES } from './everyday-words.js';

/** A stem this short is no key: the forms are keyed as written. */
const MIN_STEM_KEY = 5;

interface SubjectTable {
  /** Each word as written (English words, other languages' forms) → its meanings' words. */
  exact: Map<string, readonly string[]>;
  /** Each other-language form's inflection stem → its meanings' words. */
  stems: Map<string, readonly string[]>;
}

let table: SubjectTable | null = null;

/** An English word with its plural: "vegetable" → vegetables, "study" → studies. */
function withPlural(word: string): string[] {
  if (word.endsWith('s')) return [word];
  return [word, word.endsWith('y') && !/[aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`];
}

/** Adds `words` to the meanings of `key` (a word may have several: traitement is processing and treatment). */
function add(map: Map<string, readonly string[]>, key: string, words: readonly string[]): void {
  const known = map.get(key);
  // One group's words are shared by all its keys; a key of two groups gets a union of its own.
  map.set(key, known ? [...new Set([...known, ...words])] : words);
}

function build(): SubjectTable {
  const exact = new Map<string, readonly string[]>();
  const stems = new Map<string, readonly string[]>();
  // Places with an English name of their own (./place-names.ts), and the subject words of more
  // European languages (./european-subjects.ts) and the everyday words of names (./everyday-words.ts), are read as the subject words are.
  for (const line of [...SUBJECT_LINES, ...PLACE_LINES, ...EUROPEAN_SUBJECT_LINES, ...EVERYDAY_LINES]) {
    const [heads, rest] = line.split(':') as [string, string];
    const english = heads.split('/').flatMap(withPlural).map(canonicalSpelling);
    const others = rest.trim().split(/\s+/).map(canonicalSpelling);
    const all = [...new Set([...english, ...others])];
    for (const w of all) add(exact, w, all);
    for (const w of others) {
      const stem = inflectionStem(w);
      if (stem !== w && stem.length >= MIN_STEM_KEY) add(stems, stem, all);
    }
  }
  return { exact, stems };
}

/**
 * The words a folded word's subject meanings have in the vocabulary's languages (the word itself
 * included), by the word as written, or else, with `byStem`, by its inflection stem; undefined
 * when it has none.
 */
export function subjectMeanings(word: string, byStem = true): readonly string[] | undefined {
  table ??= build();
  const found = table.exact.get(word);
  if (found || !byStem) return found;
  const stem = inflectionStem(word);
  return stem.length >= MIN_STEM_KEY ? (table.exact.get(stem) ?? table.stems.get(stem)) : undefined;
}
