// The vowels German, Hungarian and the Nordic languages write with an umlaut where English
// writes e in the same learned word: the Greek and Latin ae and oe became ä and ö there and e in
// English (Archäologie = archeology, Ökologie = ecology, Hämatologie = hematology, Ökonomie =
// economy, Ösophagus = esophagus), and the folded index holds them as a and o; typed without
// the umlaut they are ae and oe (Oekosysteme). So an English word is also looked for with an e
// of its first letters as a or o, and another language's word with an a or o of its first
// letters as e and its ae, oe, ue as a, o, u (ae and oe also as e). Read with the loan spellings
// (./loan-spellings.ts), whose key then decides: only a whole learned word that the index has
// so spelt is found.

/** Only the first letters of a word: the Greek and Latin diphthongs stand in the stem's first syllables. */
const SPAN = 6;
/** Shorter words' keys meet words of other meanings. */
const MIN_LENGTH = 7;
/** At most this many spellings are tried for a word. */
const MAX_VARIANTS = 6;

/** `word` with the letter at `i` (and `length` letters) replaced by `by`. */
const replaced = (word: string, i: number, length: number, by: string) => word.slice(0, i) + by + word.slice(i + length);

/** Latin ae stood after these letters (haem-, paed-, palae-, anaes-, gynaec-, phaen-): ä there, e in English. */
const AE_AFTER = /[hnpckfl]/;
/** Latin oe stood first (oeco-, oeso-, oestr-) or after these letters (homoeo-, foeder-): ö there, e in English. */
const OE_AFTER = /[mf]/;

/** Whether the e (or a, o) at `i` may stand for the Latin diphthong `ae` or `oe`. */
function diphthongAt(word: string, i: number, vowel: 'a' | 'o'): boolean {
  if (i === 0 || (i === 2 && word.startsWith('pr'))) return true;
  return (vowel === 'a' ? AE_AFTER : OE_AFTER).test(word[i - 1]!);
}

/**
 * The spellings of `word` with an umlaut vowel for English e (`english`: the word is an English
 * name's) or English e for an umlaut vowel (otherwise), in its first SPAN letters, where a Latin
 * ae or oe may have stood (so the Slovak "slovanský" is not read as "slovenský").
 */
export function umlautVariants(word: string, english: boolean): string[] {
  if (word.length < MIN_LENGTH) return [];
  const out: string[] = [];
  for (let i = 0; i < SPAN && out.length < MAX_VARIANTS; i++) {
    const c = word[i]!;
    if (english) {
      if (c !== 'e') continue;
      if (diphthongAt(word, i, 'a')) out.push(replaced(word, i, 1, 'a'));
      if (diphthongAt(word, i, 'o')) out.push(replaced(word, i, 1, 'o'));
    } else if (c !== 'a' && c !== 'o') {
      if (c === 'u' && word[i + 1] === 'e') out.push(replaced(word, i, 2, c));
    } else if (!diphthongAt(word, i, c)) {
      continue;
    } else if (word[i + 1] === 'e') {
      out.push(replaced(word, i, 2, c), replaced(word, i, 2, 'e'));
    } else {
      out.push(replaced(word, i, 1, 'e'));
    }
  }
  return out.slice(0, MAX_VARIANTS);
}
