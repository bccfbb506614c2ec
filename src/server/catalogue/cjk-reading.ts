// An English reading of a query written in Chinese, Japanese or Korean, or in romanised
// Japanese or Korean, for records whose names are in English (./search-index.ts searches it
// as well as the query and keeps each record's better score):
//  - Han and kana are segmented by longest match against the generic and subject words of
//    organisation names (./han-words.ts: 国家重点实验室 → state key laboratory, 研究所 →
//    research institute, 水産 → fisheries; legal forms such as 一般財団法人 dropped) and place
//    names (./cjk-places.ts: 新疆 → Xinjiang, 福井 → Fukui); kana not found so is read in
//    Hepburn (./kana-hangul.ts) and then as romaji;
//  - Hangul likewise against Korean words (한국 → Korea, 연구원 → research institute), the rest
//    read in the Revised Romanization (대구 → daegu);
//  - romaji words (typed, or read from kana) against ./romaji-words.ts in their folded key
//    (kenkyūjo = kenkyujo → research institute, senta → center), a prefecture with "-ken",
//    "-fu" or "-to" glued on read as the prefecture (Naganoken → nagano prefecture).
// A Latin query gets a reading only when one of its words is such a romaji word.
import { HAN_COUNTRIES, HANGUL_COUNTRIES } from './cjk-countries.js';
import { HAN_PLACES, PREFECTURES } from './cjk-places.js';
import { HAN_ADMINISTRATION } from './han-administration.js';
import { HAN_FIELDS } from './han-fields.js';
import { HAN_SUBJECTS } from './han-subjects.js';
import { HAN_WORDS } from './han-words.js';
import { HANGUL_WORDS } from './hangul-words.js';
import { foldRomaji, hangulToLatin, hasKana, isHangulSyllable, kanaToRomaji } from './kana-hangul.js';
import { JAPANESE_NAMES } from './japanese-names.js';
import { kanjiNameAt } from './kanji-names.js';
import { katakanaLoan, type SkeletonWords } from './katakana-loans.js';
import { pinyinSyllables } from './pinyin.js';
import { chineseSpellings, japaneseSpellings } from './romanisations.js';
import { ROMAJI_WORDS } from './romaji-words.js';
import { IS_CJK } from './search-text.js';

interface Dictionary {
  words: Map<string, string>;
  longest: number;
}

/** "english: word word …" lines into a map from each word to its English (the first line naming a word wins). */
function dictionary(lines: readonly string[], key: (w: string) => string = (w) => w): Dictionary {
  const words = new Map<string, string>();
  let longest = 0;
  for (const line of lines.flatMap((l) => l.split('\n'))) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const english = line.slice(0, colon).trim();
    for (const w of line.slice(colon + 1).trim().split(/\s+/)) {
      if (!w) continue;
      const k = key(w);
      if (!words.has(k)) words.set(k, english === '-' ? '' : english);
      longest = Math.max(longest, [...k].length);
    }
  }
  return { words, longest };
}

type Dictionaries = { han: Dictionary; hangul: Dictionary; romaji: Dictionary; names: Dictionary; places: Set<string> };
let tables: Dictionaries | null = null;
function dictionaries(): Dictionaries {
  tables ??= {
    han: dictionary([HAN_WORDS, HAN_PLACES, HAN_COUNTRIES, HAN_ADMINISTRATION, HAN_SUBJECTS, HAN_FIELDS]),
    hangul: dictionary([HANGUL_WORDS, HANGUL_COUNTRIES]),
    romaji: dictionary([ROMAJI_WORDS], foldRomaji),
    names: dictionary([JAPANESE_NAMES]),
    places: new Set([...dictionary([HAN_PLACES]).words].filter(([, e]) => !COUNTRIES.has(e)).map(([w]) => w)),
  };
  return tables;
}

/** Countries name national bodies as often as "national" does: not a place that tells records apart. */
const COUNTRIES = new Set(['china', 'chinese', 'japan', 'korea', 'taiwan']);
/** Whether a Han or kana word of the tables is a place below a country (a province, a prefecture, a city). */
const isPlace = (word: string): boolean => dictionaries().places.has(word);

/** Whether the index has a word: a name's spellings are tried in order, the first it has is read. */
export type KnownWord = (word: string) => boolean;

/** Characters only Japanese writes (its own simplified forms): a text with one is Japanese even without kana. */
const JAPANESE_ONLY = /[県々栄沢浜斎関辺滝売読変総験図駅鉄発歯円済恵絵権応稲戦検査経営労働広気帯団薬楽仏産実戸豊児鉱脳転伝価観剤険蔵対専徳黒拠様縄処弾圧択巣単繊聴乗収]/u;

/**
 * A Japanese family name starting at `at` (./japanese-names.ts), in the first of its spellings
 * the index has; in a text that may be Chinese only when the index has one.
 */
function familyName(chars: readonly string[], at: number, japanese: boolean, known: KnownWord): [string, number] | null {
  for (let n = 3; n >= 2; n--) {
    const reading = dictionaries().names.words.get(chars.slice(at, at + n).join(''));
    if (reading === undefined) continue;
    const spellings = japaneseSpellings(reading);
    const spelling = spellings.find(known) ?? (japanese ? spellings[0] : undefined);
    if (spelling !== undefined) return [spelling, n];
  }
  return null;
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const PREFECTURE_SUFFIX = /^(.+?)(ken|fu|to)$/;
/** An English head word written last in Chinese ("…国家重点实验室") and first in English ("State Key Laboratory of …"). */
const HEADS = new Set(['state key laboratory', 'key laboratory']);

/** A city's name with "-shi" glued on ("hiroshimashi", "yokosukashi"), read as the city when the index has its name. */
const CITY_SUFFIX = /^([a-z]{4,}?)shi$/;

/** A romaji word in English, or null when it is none of the table's words nor a prefecture nor a city. */
function romajiWord(word: string, known: KnownWord): { english: string; generic: boolean; place?: string } | null {
  const key = foldRomaji(word);
  const english = dictionaries().romaji.words.get(key);
  if (english !== undefined) return { english, generic: true };
  if (PREFECTURES.has(key)) return { english: key, generic: false, place: key };
  const m = PREFECTURE_SUFFIX.exec(key);
  if (m && PREFECTURES.has(m[1]!)) return { english: `${m[1]} prefecture`, generic: true, place: m[1]! };
  const city = CITY_SUFFIX.exec(key);
  if (city && (PREFECTURES.has(city[1]!) || known(city[1]!))) return { english: `${city[1]} city`, generic: true, place: city[1]! };
  return null;
}

/**
 * Longest-match segmentation of a run of Han and kana; Han the tables lack is read in pinyin,
 * two characters as one word (烟台 → yantai), except in Japanese (a text with kana).
 */
function readHanKana(chars: readonly string[], out: string[], japanese: boolean, known: KnownWord, names: string[], loans?: SkeletonWords): void {
  const { words, longest } = dictionaries().han;
  const startsWord = (at: number): string | null => {
    for (let n = Math.min(longest, chars.length - at); n >= 1; n--) {
      const english = words.get(chars.slice(at, at + n).join(''));
      if (english !== undefined) return chars.slice(at, at + n).join('');
    }
    return null;
  };
  const pieces: string[] = [];
  let unknown: string[] = [];
  let read = false;
  const guessed: string[] = [];
  const flush = () => {
    const guess = unknown.length >= 2 && !japanese ? unknownName(unknown, !read, known) : null;
    if (guess !== null) guessed.push(pieces[pieces.push(guess) - 1]!);
    if (guess !== null) names.push(guess);
    if (unknown.length > 0) read = true;
    unknown = [];
  };
  let i = 0;
  while (i < chars.length) {
    const word = startsWord(i);
    if (word !== null || KANA.test(chars[i]!)) flush();
    // In Japanese a name the tables lack is read from its kanji's readings (湘南 → shonan).
    const kanji = japanese && (word === null || word.length === 1) ? familyName(chars, i, true, known) ?? kanjiNameAt(chars, i, known) : null;
    if (kanji !== null) {
      flush();
      read = true;
      pieces.push(kanji[0]);
      names.push(kanji[0]);
      i += kanji[1];
      continue;
    }
    if (word !== null) {
      const english = words.get(word)!;
      if (english) pieces.push(english);
      if (english && isPlace(word)) names.push(english);
      i += [...word].length;
      continue;
    }
    if (KANA.test(chars[i]!)) {
      let j = i + 1;
      while (j < chars.length && KANA.test(chars[j]!) && startsWord(j) === null) j++;
      const romaji = kanaToRomaji(chars.slice(i, j).join(''));
      const word = romajiWord(romaji, known);
      // Katakana no table has is most often a loanword (./katakana-loans.ts).
      const loan = word === null && loans ? katakanaLoan(chars, i, j, loans) : null;
      pieces.push(word?.english ?? loan?.words.join(' ') ?? foldRomaji(romaji));
      if (word?.place) names.push(word.place);
      else if (!word && !loan) names.push(foldRomaji(romaji));
      i = loan?.end ?? j;
      continue;
    }
    const name = familyName(chars, i, japanese, known);
    if (name !== null) {
      flush();
      read = true;
      pieces.push(name[0]);
      names.push(name[0]);
      i += name[1];
      continue;
    }
    unknown.push(chars[i]!);
    i++;
  }
  flush();
  const last = pieces[pieces.length - 1];
  if (pieces.length > 1 && last !== undefined && HEADS.has(last)) {
    // A (state) key laboratory is named after its field, not a place: no pinyin guess.
    for (const g of guessed) names.splice(names.indexOf(g), 1);
    for (const g of guessed) pieces.splice(pieces.indexOf(g), 1);
    pieces.unshift(pieces.pop()!);
  }
  out.push(...pieces.filter(Boolean));
}

/**
 * A name read from Han the tables lack, in a text that may be Chinese: a place name most often
 * comes first and is two characters, so the first unknown run's first two characters are read in
 * pinyin (in the first spelling the index has, else the first), or as a Japanese name when only
 * that is a word of the index (湘南 → shonan); a later run (more often a subject word) only when
 * the index has its reading.
 */
function unknownName(unknown: readonly string[], first: boolean, known: KnownWord): string | null {
  const spellings = chineseSpellings(pinyinSyllables(unknown.slice(0, 2)));
  const spelling = spellings.find(known) ?? kanjiNameAt(unknown, 0, known)?.[0];
  return spelling ?? (first ? spellings[0] ?? null : null);
}

/**
 * Longest-match segmentation of a run of Hangul; what the table lacks is romanised. A word of one
 * syllable (원, 시, 부) is no word where it would leave one syllable alone before it, or starts
 * the run with no word after it: place names have two syllables or more (창원, 시흥).
 */
function readHangul(chars: readonly string[], out: string[], names: string[]): void {
  const { words, longest } = dictionaries().hangul;
  const wordAt = (i: number): number => {
    let n = Math.min(longest, chars.length - i);
    while (n > 0 && !words.has(chars.slice(i, i + n).join(''))) n--;
    return n;
  };
  let unknown = '';
  for (let i = 0; i < chars.length; ) {
    let n = wordAt(i);
    if (n === 1 && (unknown.length === 1 || (i === 0 && i + 1 < chars.length && wordAt(i + 1) === 0))) n = 0;
    if (n === 0) {
      unknown += chars[i];
      i++;
      continue;
    }
    if (unknown) names.push(out[out.push(hangulToLatin(unknown)) - 1]!);
    unknown = '';
    const english = words.get(chars.slice(i, i + n).join(''))!;
    if (english) out.push(english);
    i += n;
  }
  if (unknown) names.push(out[out.push(hangulToLatin(unknown)) - 1]!);
}

export interface CjkReading {
  /** The query as typed, legal forms (一般財団法人, 有限公司) left out. */
  typed: string;
  /** Its English reading. */
  english: string;
  /** Its proper names (places below a country, family names, words read letter by letter), as the reading writes them. */
  names: string[];
}

/** A legal form of a Chinese or Japanese name (read as nothing), of four characters or more. */
function legalForms(): RegExp {
  const forms = [...dictionaries().han.words].filter(([w, e]) => e === '' && [...w].length >= 4).map(([w]) => w);
  legalFormPattern ??= new RegExp(forms.sort((a, b) => b.length - a.length).join('|'), 'gu');
  return legalFormPattern;
}
let legalFormPattern: RegExp | null = null;

/** The English reading of a query, or null when it has no CJK text and no romaji word. */
export function cjkReading(text: string, known: KnownWord = () => false, loans?: SkeletonWords): CjkReading | null {
  const names: string[] = [];
  const english = englishOf(text, known, names, loans);
  if (english === null) return null;
  const typed = text.replace(legalForms(), ' ').trim();
  return { typed: typed || text, english, names };
}

/** The first three letters of every romaji word and prefecture: a Latin query none of whose words starts so has no reading. */
let romajiStarts: Set<string> | null = null;
function mayBeRomaji(text: string): boolean {
  romajiStarts ??= new Set([...dictionaries().romaji.words.keys(), ...PREFECTURES].map((w) => w.slice(0, 3)));
  const folded = ASCII_TEXT.test(text) ? text.toLowerCase() : foldRomaji(text);
  for (const word of folded.split(/[^a-z]+/)) if (word.length >= 3 && romajiStarts.has(word.slice(0, 3))) return true;
  return false;
}
const ASCII_TEXT = /^[\x00-\x7f]*$/;
/** Katakana words apart (ナガノケン チクサン シケンジョウ): Japanese read aloud, not loanwords. */
const READ_ALOUD = /^[\p{Script=Katakana}ー]+(?:\s+[\p{Script=Katakana}ー]+)+$/u;

function englishOf(text: string, known: KnownWord, names: string[], loans?: SkeletonWords): string | null {
  const cjk = IS_CJK.test(text);
  if (!cjk && !mayBeRomaji(text)) return null;
  const out: string[] = [];
  const japanese = hasKana(text) || JAPANESE_ONLY.test(text);
  let generic = cjk;
  for (const run of text.normalize('NFKC').match(/[\p{Script=Hangul}]+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|[\p{L}\p{M}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (isHangulSyllable(run.codePointAt(0)!)) readHangul(chars, out, names);
    else if (HAN.test(run) || KANA.test(run)) readHanKana(chars, out, japanese, known, names, READ_ALOUD.test(text) ? undefined : loans);
    else {
      const romaji = romajiWord(run, known);
      if (romaji?.generic) generic = true;
      if (romaji?.place) names.push(romaji.place);
      out.push(romaji ? romaji.english : run);
    }
  }
  const reading = out.filter(Boolean).join(' ');
  return generic && reading && reading !== text ? reading : null;
}
