// Letters acronyms give words by convention rather than by spelling: X for a word of ex- or
// cross- or trans- ("SAX": strong anion-exchange; "XL-MS": cross-linking mass spectrometry;
// "TX": transcription), and a number word its first letter although names hold it as its
// digits ("DFWM": degenerate four-wave mixing, indexed as d4wm; search-text.ts folds "four" to
// 4). The ranking reads such letters in names (./initials-match.ts); the plan looks the typed
// letters up written as the derived acronyms have them (./acronym-readings.ts).
import { NUMBER_WORDS } from './language-rules.js';

/** The beginnings of a word X stands for; first in an acronym, X is X-ray unless it is cross-. */
const X_PREFIXES = ['ex', 'cross', 'trans'] as const;
const X_FIRST = ['cross'] as const;

/** A number word's initial by its digits (4 → f), and the digits each initial may stand for (f → 4, 5). */
const NUMBER_LETTER = new Map<string, string>();
const NUMBER_INITIALS = new Map<string, string[]>();
for (const [word, digits] of Object.entries(NUMBER_WORDS)) {
  NUMBER_LETTER.set(digits, word[0]!);
  NUMBER_INITIALS.set(word[0]!, [...(NUMBER_INITIALS.get(word[0]!) ?? []), digits]);
}

/** The initial of the number word a name's term of digits was written as ("4" → f), or undefined. */
export function numberWordLetter(term: string): string | undefined {
  return NUMBER_LETTER.get(term);
}

/** Whether a word (folded) gives X by convention (exchange, cross-linking, transcription); `first`: as an acronym's first letter. */
export function givesX(word: string, first = false): boolean {
  return word.length > 3 && (first ? X_FIRST : X_PREFIXES).some((p) => word.startsWith(p));
}

/**
 * The spellings the derived acronyms may have for the letters typed, each with one letter
 * written as they write it: X as the first letter of its ex-, cross- or trans- word (sax → sae,
 * sac, sat), a number word's initial as its digits (dfwm → d4wm, d5wm). An X that starts the
 * acronym is read as cross- only ("XL-MS"): X-ray is the rest.
 */
export function conventionalSpellings(raw: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    const instead = c === 'x' ? (i === 0 ? ['c'] : ['e', 'c', 't']) : (NUMBER_INITIALS.get(c) ?? []);
    for (const r of instead) out.push(raw.slice(0, i) + r + raw.slice(i + 1));
  }
  return out;
}
