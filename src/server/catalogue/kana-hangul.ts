// Readings of Japanese kana and Korean Hangul in Latin letters, worked out from the characters
// (no dictionary): kana in Hepburn romanisation with long vowels folded ("コウギョウ",
// "kōgyō", "kougyou" and "kogyo" are one key, `foldRomaji`), Hangul syllables decomposed into
// their letters and read in the Revised Romanization of Korean ("대구" → daegu).

// Hiragana from あ (U+3041) to ゖ (U+3096), small ones included, in code-point order.
const KANA = [
  'a', 'a', 'i', 'i', 'u', 'u', 'e', 'e', 'o', 'o',
  'ka', 'ga', 'ki', 'gi', 'ku', 'gu', 'ke', 'ge', 'ko', 'go',
  'sa', 'za', 'shi', 'ji', 'su', 'zu', 'se', 'ze', 'so', 'zo',
  'ta', 'da', 'chi', 'ji', '', 'tsu', 'zu', 'te', 'de', 'to', 'do',
  'na', 'ni', 'nu', 'ne', 'no',
  'ha', 'ba', 'pa', 'hi', 'bi', 'pi', 'fu', 'bu', 'pu', 'he', 'be', 'pe', 'ho', 'bo', 'po',
  'ma', 'mi', 'mu', 'me', 'mo',
  'ya', 'ya', 'yu', 'yu', 'yo', 'yo',
  'ra', 'ri', 'ru', 're', 'ro',
  'wa', 'wa', 'i', 'e', 'o', 'n', 'vu', 'ka', 'ke',
] as const;
const HIRAGANA_START = 0x3041;
const SMALL_TSU = 0x3063;
const SMALL_Y = new Set([0x3083, 0x3085, 0x3087]);
const SMALL_VOWEL = new Set([0x3041, 0x3043, 0x3045, 0x3047, 0x3049]);
const LONG_MARK = 0x30fc;

function hiraganaCode(code: number): number {
  return code >= 0x30a1 && code <= 0x30f6 ? code - 0x60 : code;
}

function isKanaCode(code: number): boolean {
  const h = hiraganaCode(code);
  return (h >= HIRAGANA_START && h <= 0x3096) || code === LONG_MARK;
}

/** Whether the text has a kana letter. */
export function hasKana(text: string): boolean {
  for (const ch of text) if (isKanaCode(ch.codePointAt(0)!) && ch.codePointAt(0) !== LONG_MARK) return true;
  return false;
}

/**
 * Hepburn reading of a run of kana (hiragana or katakana): きゃ kya, しゃ sha, ちゃ cha, じゃ ja,
 * っ doubles the next consonant, ー lengthens the vowel (folded away by `foldRomaji`), ファ fa.
 */
export function kanaToRomaji(text: string): string {
  let out = '';
  let double = false;
  for (const ch of text) {
    const code = hiraganaCode(ch.codePointAt(0)!);
    if (code === LONG_MARK) {
      out += out.slice(-1);
      continue;
    }
    if (code < HIRAGANA_START || code > 0x3096) {
      out += ch;
      continue;
    }
    if (code === SMALL_TSU) {
      double = true;
      continue;
    }
    let syllable: string = KANA[code - HIRAGANA_START] ?? '';
    const last = out.slice(-2);
    if (SMALL_Y.has(code) && /[a-z]i$/.test(last)) {
      // きゃ kya; し, ち, じ drop their i and y: sha, cha, ja.
      const stem = out.endsWith('shi') || out.endsWith('chi') || out.endsWith('ji') ? out.slice(0, -1) : out.slice(0, -1) + 'y';
      out = stem + syllable.slice(1);
      continue;
    }
    if (SMALL_VOWEL.has(code) && /[a-z][iu]$/.test(last)) {
      // ファ fa, ティ ti, ウィ wi: the small vowel replaces the previous one.
      out = out.slice(0, -1) + syllable;
      continue;
    }
    if (double && syllable) syllable = (syllable.startsWith('ch') ? 't' : syllable[0]) + syllable;
    double = false;
    out += syllable;
  }
  return out;
}

/**
 * One key for the spellings of a romanised Japanese word: macrons and other accents off,
 * long vowels written doubled or with u folded (ō, ou, oo → o; ū, uu → u; ā, aa → a; ē → e),
 * "m" before b, m, p read as n (shimbun = shinbun).
 */
export function foldRomaji(word: string): string {
  return (ASCII.test(word) ? word : word.normalize('NFKD').replace(/\p{M}+/gu, ''))
    .toLowerCase()
    .replace(LONG_VOWEL, (m) => (m === 'm' ? 'n' : m[0]!));
}
const LONG_VOWEL = /o[ou]|uu|aa|ee|m(?=[bmp])/g;

const ASCII = /^[\x00-\x7f]*$/;

// Hangul: a syllable is 0xAC00 + (initial × 21 + vowel) × 28 + final.
const INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const VOWELS = ['a', 'ae', 'ya', 'yae', 'eo', 'e', 'yeo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'eu', 'ui', 'i'];
// A final consonant before another consonant or at the end; before a vowel it is read as the next initial.
const FINALS = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'p', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];
const LINKED = ['', 'g', 'kk', 'ks', 'n', 'nj', 'nh', 'd', 'r', 'lg', 'lm', 'lb', 'ls', 'lt', 'lp', 'lh', 'm', 'b', 'bs', 's', 'ss', 'ng', 'j', 'ch', 'k', 't', 'p', 'h'];
const HANGUL_START = 0xac00;
const HANGUL_END = 0xd7a3;

export function isHangulSyllable(code: number): boolean {
  return code >= HANGUL_START && code <= HANGUL_END;
}

/** Revised Romanization of a run of Hangul syllables (other characters kept as they are). */
export function hangulToLatin(text: string): string {
  const chars = [...text];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const code = chars[i]!.codePointAt(0)!;
    if (!isHangulSyllable(code)) {
      out += chars[i];
      continue;
    }
    const s = code - HANGUL_START;
    const initial = Math.floor(s / 588);
    const prev = i > 0 ? chars[i - 1]!.codePointAt(0)! : 0;
    const prevFinal = isHangulSyllable(prev) ? (prev - HANGUL_START) % 28 : 0;
    // ㄹ after ㄹ is l (울릉 Ulleung); a silent ㅇ after a final takes the final's sound (linked below).
    out += initial === 5 && prevFinal === 8 ? 'l' : INITIALS[initial];
    out += VOWELS[Math.floor((s % 588) / 28)];
    const final = s % 28;
    const next = i + 1 < chars.length ? chars[i + 1]!.codePointAt(0)! : 0;
    const beforeVowel = isHangulSyllable(next) && Math.floor((next - HANGUL_START) / 588) === 11;
    out += beforeVowel ? LINKED[final] : FINALS[final];
  }
  return out;
}
