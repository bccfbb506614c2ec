// The one normalisation of the search engine, shared by records and queries so both sides
// always agree (rules of languages live in ./language-rules.ts):
//  - Unicode NFKC (full-width letters, ligatures), then folded: lower case, accents removed
//    ("Spectrométrie" → "spectrometrie"), letters Unicode does not decompose spelled out
//    ("ß" → "ss", "ø" → "o", "ł" → "l");
//  - split into tokens on anything that is not a letter or a digit (hyphens, slashes, dots,
//    apostrophes), and between letters and digits ("UMR8223" = "UMR 8223"); a token written
//    right after the previous one without a space is marked GLUED, so "LC-PDA", "ESI-Q-TOF" and
//    "micro-probe" can also be read joined ("lcpda", "qtof", "microprobe");
//  - Chinese, Japanese and Korean runs become overlapping character pairs (a run of CJK
//    characters has no spaces between its words); other scripts are words like Latin ones;
//  - British spellings made American, number words made digits ("two-dimensional" = "2D");
//    a country written as initials with dots is its name ("U.S." = "United States", "U.K.").
// The exact-name key is every token joined with nothing between: "LC-PDA" and "LCPDA" have the
// same key, as do "UMR 8223" and "UMR8223".
import { spellGreekLetters } from './greek-letters.js';
import { canonicalSpelling, LOWER_CASE_STOP_WORDS, NUMBER_WORDS, STOP_WORDS } from './language-rules.js';

/** A function word (not searched for). */
export const STOP = 1;
/** Written right after the previous token, without a space ("MS" in "LC-MS"). */
export const GLUED = 2;
/** Two or more capital letters as written ("SEM", "ChIP"): an acronym, never a function word. */
export const CAPS = 4;
/** A pair (or a lone character) of Chinese, Japanese or Korean text. */
export const CJK = 8;
/** Digits only. */
export const DIGITS = 16;
/** Followed by a full stop and a space or the end ("Inst. ", "Univ."): an abbreviation. */
export const ABBREVIATED = 32;

export interface Token {
  /** The word both sides search by. */
  word: string;
  /** The folded text as written (initials of acronyms come from it). */
  raw: string;
  flags: number;
}

export interface PreparedText {
  tokens: Token[];
  /** Every token joined with nothing between: the exact-name key. */
  key: string;
  /** A letter outside ASCII was written (an accent, another script): not an English text. */
  foreign: boolean;
}

const SPELLED_OUT: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ə: 'e' };
const SPELLED_OUT_PATTERN = /[ßæœøłđðþıə]/g;

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPELLED_OUT_PATTERN, (c) => SPELLED_OUT[c] ?? c);
}

// Character classes of the segmenter.
const SEPARATOR = 0;
const LETTER = 1;
const DIGIT = 2;
const CJK_CHAR = 3;
const NON_ASCII_CLASS = new Map<number, number>();
const IS_DIGIT = /\p{N}/u;
/** A Han, kana or Hangul character (CJK text is split into character pairs, not words). */
export const IS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const IS_LETTER = /[\p{L}\p{M}]/u;

function classOf(code: number): number {
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return LETTER;
    return code >= 48 && code <= 57 ? DIGIT : SEPARATOR;
  }
  let c = NON_ASCII_CLASS.get(code);
  if (c === undefined) {
    const ch = String.fromCodePoint(code);
    c = IS_DIGIT.test(ch) ? DIGIT : IS_CJK.test(ch) ? CJK_CHAR : IS_LETTER.test(ch) ? LETTER : SEPARATOR;
    if (NON_ASCII_CLASS.size < 65_536) NON_ASCII_CLASS.set(code, c);
  }
  return c;
}

const LOWER = /\p{Ll}/u;
const LONG_WORD = /\p{L}{6}/u;
const ASCII = /^[\x00-\x7f]*$/;
const SPACE = /\s/;
const APOSTROPHE = /^['’ʼ`]/;
const ABBREVIATION_END = /^\.(\s|,|;|$)/;

function capitals(piece: string): number {
  let n = 0;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c < 128 ? c >= 65 && c <= 90 : piece[i] !== piece[i]!.toLowerCase()) n++;
  }
  return n;
}

/** What a piece of text as written gives, whatever its neighbours (worked out once per piece). */
interface Piece {
  /** Folded. */
  raw: string;
  ascii: boolean;
  /** A word's canonical spelling (./language-rules.ts), "" for digits and CJK. */
  word: string;
  /** Written with two or more capitals. */
  capitals: boolean;
  /** `word` is a function word. */
  stop: boolean;
  /** `word` is a function word when written in lower case and standing alone (LOWER_CASE_STOP_WORDS), and is so written. */
  lowerCaseStop: boolean;
}

// Pieces seen before (words repeat enormously across records and queries, and the spelling
// rules are many regular expressions): one lookup instead of folding, spelling and the
// function-word test again.
const PIECES = new Map<string, Piece>();
function pieceOf(piece: string, kind: number): Piece {
  let p = PIECES.get(piece);
  if (p === undefined) {
    const ascii = ASCII.test(piece);
    // Hangul syllables must not be decomposed into letters: CJK text is only lower-cased.
    const raw = ascii || kind === CJK_CHAR ? piece.toLowerCase() : fold(piece);
    const word = kind === LETTER ? (NUMBER_WORDS[raw] ?? canonicalSpelling(raw)) : '';
    const lowerCaseStop = kind === LETTER && LOWER_CASE_STOP_WORDS.has(word) && piece === piece.toLowerCase();
    // A function word is one as written too, whatever a spelling rule makes of it.
    p = { raw, ascii, word, capitals: kind === LETTER && capitals(piece) >= 2, stop: kind === LETTER && (STOP_WORDS.has(word) || STOP_WORDS.has(raw)), lowerCaseStop };
    if (PIECES.size >= 200_000) PIECES.clear();
    PIECES.set(piece, p);
  }
  return p;
}

/**
 * Whether capitals mark acronyms in this text: not in a text written all in capitals with a
 * long word ("INSTITUTE OF PHYSICS"), where "OF" is still a function word ("ITS PCR" keeps them).
 */
function capitalsMean(source: string): boolean {
  return LOWER.test(source) || !LONG_WORD.test(source);
}

/** "U.S.", "U.S.A.", "U.K." (a space after a dot allowed), not "U.S.-based" nor inside a longer run of initials. */
const COUNTRY_INITIALS = /(?<![\p{L}\p{N}.])U\. ?(?:S\.(?: ?A\.)?|(K)\.)(?![\p{L}\p{N}]|-[\p{L}\p{N}]|\.?[\p{L}\p{N}]\.)/gu;

/** Tokens of a text. */
export function prepareText(text: string): PreparedText {
  // A Greek letter alone among Latin ones is spelt out (./greek-letters.ts: "μPIV" = micro-PIV).
  const written = ASCII.test(text) ? text : spellGreekLetters(text.normalize('NFKC'));
  const source = written.includes('U.') ? written.replace(COUNTRY_INITIALS, (_, k: string | undefined) => (k ? 'United Kingdom' : 'United States')) : written;
  const capsMean = capitalsMean(source);
  const tokens: Token[] = [];
  const key: string[] = [];
  let i = 0;
  let glued = false;
  let pieceInSegment = 0;
  let foreign = false;
  let possessive = false;
  let lastKind = SEPARATOR;
  while (i < source.length) {
    const code = source.codePointAt(i)!;
    const kind = classOf(code);
    if (kind === SEPARATOR) {
      // A separator of a few characters without a space glues the next piece to this one.
      let j = i;
      while (j < source.length && classOf(source.codePointAt(j)!) === SEPARATOR) j += source.codePointAt(j)! > 0xffff ? 2 : 1;
      const separator = source.slice(i, j);
      glued = tokens.length > 0 && separator.length <= 3 && !SPACE.test(separator);
      possessive = glued && APOSTROPHE.test(separator);
      pieceInSegment = 0;
      i = j;
      continue;
    }
    let j = i;
    while (j < source.length) {
      const c = source.codePointAt(j)!;
      if (classOf(c) !== kind) break;
      j += c > 0xffff ? 2 : 1;
    }
    const piece = pieceOf(source.slice(i, j), kind);
    if (!piece.ascii && kind !== DIGIT) foreign = true;
    const segmentEnds = j >= source.length || classOf(source.codePointAt(j)!) === SEPARATOR;
    // A capital letter written against a number ("I3", "BF2I") is a letter of an acronym.
    const byNumber = kind === LETTER && j - i === 1 && /[A-Z]/.test(source[i]!) && ((pieceInSegment > 0 && lastKind === DIGIT) || (!segmentEnds && classOf(source.codePointAt(j)!) === DIGIT));
    lastKind = kind;
    addPiece(tokens, key, piece, kind, {
      byNumber,
      glued,
      caps: capsMean,
      abbreviated: segmentEnds && ABBREVIATION_END.test(source.slice(j, j + 2)),
      elided: segmentEnds && pieceInSegment === 0 && APOSTROPHE.test(source.slice(j, j + 1)),
      possessive: possessive && pieceInSegment === 0 && segmentEnds,
      alone: !glued && segmentEnds && !gluesNext(source, j),
    });
    glued = true;
    pieceInSegment++;
    i = j;
  }
  return { tokens, key: key.join(''), foreign };
}

interface PieceContext {
  glued: boolean;
  caps: boolean;
  abbreviated: boolean;
  elided: boolean;
  /** Right after an apostrophe, ending its segment ("Alzheimer's"): an English possessive if it is "s". */
  possessive: boolean;
  /** Neither glued to the previous piece nor to the next ("w", not "v2", "c.w."). */
  alone: boolean;
  /** One capital letter written against a number in one segment ("I3", "BF2I"): never a function word. */
  byNumber: boolean;
}

/** Whether the separator run at `at` glues the piece after it (as ./prepareText reads it). */
function gluesNext(source: string, at: number): boolean {
  let j = at;
  while (j < source.length && classOf(source.codePointAt(j)!) === SEPARATOR) j += source.codePointAt(j)! > 0xffff ? 2 : 1;
  return j < source.length && j - at <= 3 && !SPACE.test(source.slice(at, j));
}

function addPiece(tokens: Token[], key: string[], piece: Piece, kind: number, at: PieceContext): void {
  let flags = at.glued ? GLUED : 0;
  const raw = piece.raw;
  if (kind !== LETTER) {
    key.push(raw);
    if (kind === CJK_CHAR) addCjk(tokens, raw, flags);
    else tokens.push({ word: raw, raw, flags: flags | DIGITS });
    return;
  }
  if (at.caps && piece.capitals) flags |= CAPS;
  if (at.abbreviated && raw.length >= 2) flags |= ABBREVIATED;
  let word = piece.word;
  let stop = piece.stop;
  // "2D", "3D": a d right after a number is "dimensional".
  if (raw === 'd' && flags & GLUED && tokens.length > 0 && tokens[tokens.length - 1]!.flags & DIGITS) {
    word = 'dimensional';
    stop = STOP_WORDS.has(word);
  }
  if (at.byNumber) stop = false;
  if ((at.elided && raw.length === 1) || (at.possessive && raw === 's') || (!(flags & CAPS) && stop) || (at.alone && piece.lowerCaseStop)) flags |= STOP;
  key.push(word);
  tokens.push({ word, raw, flags });
}

/** Overlapping pairs of a CJK run ("国家超级" → 国家 家超 超级); a lone character stays one. */
function addCjk(tokens: Token[], run: string, flags: number): void {
  const chars = [...run];
  if (chars.length === 1) {
    tokens.push({ word: run, raw: run, flags: flags | CJK });
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = chars[i]! + chars[i + 1]!;
    tokens.push({ word: pair, raw: pair, flags: (i === 0 ? flags : flags | GLUED) | CJK });
  }
}

/** The searchable words of a text (function words left out): body text. */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  for (const t of prepareText(text).tokens) if (!(t.flags & STOP)) out.push(t.word);
  return out;
}

/** The exact-name key of a text (see prepareText). */
export function nameKey(text: string): string {
  return prepareText(text).key;
}
