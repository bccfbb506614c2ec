// A word that no record has, written as capitals with a clipped method word glued after them
// ("SNAREseq", "sciRNAseq", "ATACseq"), read as the two words: "SNARE seq", as if written
// "SNARE-seq" (test/search-derivations.test.ts). The clipped word is then read as its full word
// (seq → sequencing, ABBREVIATIONS of ./language-rules.ts) and the capitals as an acronym. Only
// a small-letter ending after two capitals or more is split: mixed-case acronyms of
// organisations ("HartRAO", "TriCEM", "PSYCOMadd") keep their letters (./acronym-readings.ts).
import type { InvertedIndex } from './inverted-index.js';
import { GLUED, prepareText, STOP, type Token } from './search-text.js';

/** Clipped method words that names glue after an acronym. */
const GLUED_ENDINGS = /^([A-Za-z]*[A-Z]{2})(seq)$/;

/** The acronym and the clipped word of "SNAREseq", or null. */
export function gluedEnding(word: string): string[] | null {
  const m = GLUED_ENDINGS.exec(word);
  return m ? [m[1]!, m[2]!] : null;
}

/**
 * The query's tokens with each such word that no record has as a word replaced by its two parts
 * (gluedEnding), the second GLUED to the first.
 */
export function splitGluedEndings(index: InvertedIndex, text: string, tokens: readonly Token[]): Token[] {
  const mixed = new Map<string, string[]>();
  for (const word of text.match(/[A-Za-z]+/g) ?? []) {
    const parts = gluedEnding(word);
    if (parts) mixed.set(word.toLowerCase(), parts);
  }
  if (mixed.size === 0) return tokens as Token[];
  const out: Token[] = [];
  for (const token of tokens) {
    const parts = mixed.get(token.raw);
    if (!parts || index.termId(token.word) >= 0) {
      out.push(token);
      continue;
    }
    parts.forEach((part, i) => {
      const t = prepareText(part).tokens[0];
      if (t && !(t.flags & STOP)) out.push({ ...t, flags: (t.flags & ~GLUED) | (i === 0 ? token.flags & GLUED : GLUED) });
    });
  }
  return out;
}
