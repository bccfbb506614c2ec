// The vowels German, Hungarian and the Nordic languages write with an umlaut where English
// writes e in the same learned word: the Greek and Latin ae and oe became ä and ö there and e in
// English (Archäologie = archeology, Ökologie = ecology, Hämatologie = hematology, Ökonomie =
// economy, Ösophagus = esophagus), and the folded index holds them as a and o; typed without
// the umlaut they are ae and oe (Oekosysteme). So an English word is also looked for with an e
// of its first letters as a or o, and another language's word with an a or o of its first
// letters as e and its ae, oe, ue as a, o, u (ae and oe also as e), where a Latin ae or oe
// may have stood. Read with the loan spellings
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

/** Latin ae stood after these letters (haem-, paed-, palae-, anaes-, gynaec-, archae-, phaen-): ä there, e in English. */
const AE_AFTER = /[hnpckfl]/;
/** …when that letter begins the word, follows a vowel (palae-, anaes-) or is the h of ch, ph, th (archae-, phaen-): not "spec-". */
const AE_BEFORE = /[aeiouy]|[cpt]h/;

/**
 * Whether the e (or a, o) at `i` may stand for the Latin diphthong: oe only first (oeco-, oeso-,
 * oestr-), ae also after AE_AFTER as AE_BEFORE allows, and prae- (prä-, pre-).
 */
function diphthongAt(word: string, i: number, vowel: 'a' | 'o'): boolean {
  if (i === 0) return true;
  if (vowel === 'o') return false;
  if (i === 2 && word.startsWith('pr')) return true;
  if (!AE_AFTER.test(word[i - 1]!)) return false;
  return i === 1 || AE_BEFORE.test(word.slice(i - 2, i)) || AE_BEFORE.test(word[i - 2]!);
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
