// The slices a held-out name is reported in. Each rule is defined here, on its own folding, so a
// slice does not move when the engine's normalisation changes. A name can be in several slices.
//
//   few-shared-words  at most a third of the name's content words (folded, function words of
//                     the list below left out) are words of the record's label
//   acronym           Latin letters only, at most two space-separated parts, at least two
//                     capital letters and more capitals than small letters ("ENRI", "UPR 5301",
//                     "LC-MS/MS", "MALDI-TOF MS")
//   other-script      a letter of a script other than Latin (Han, Kana, Hangul, Cyrillic,
//                     Greek, Arabic, …); cjk is the Chinese/Japanese/Korean part of it
//   other-language    Latin script, not an acronym, and either a letter with a diacritic or a
//                     letter English does not use (é, ü, ß, ø, ł, …), or a word of the non-English
//                     function-word (in lower case) or organisation-word lists below ("de", "und",
//                     "Institut", "Universidad", …). An English name with a foreign place name
//                     ("Wrocław Centre for …") is in it too.
//   normalisation     once case, accents, spaces and punctuation are removed, equal to the label
//                     or to a name the record still has ("UPR5301" when "UPR 5301" remains)
//   shared-name       the same name (folded words) is a name of another record in the catalogue,
//                     which may rightly come first
//   rest              none of the first four (an English wording that shares words with the label)

export const SLICES = [
  'few-shared-words', 'acronym', 'other-script', 'cjk', 'other-language', 'normalisation', 'shared-name', 'rest',
] as const;
export type Slice = (typeof SLICES)[number];

const SPELLED_OUT: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPELLED_OUT[c] ?? c);
}

export function foldedWords(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
}

/** Letters and digits only, folded: "UPR 5301", "upr5301" and "UPR-5301" have the same key. */
export function compactKey(text: string): string {
  return foldedWords(text).join('');
}

// Function words of English and of the languages of the catalogue's organisation names.
const FUNCTION_WORDS = new Set([
  'a', 'an', 'and', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with',
  ...'de des du la le les et aux au d l fur und der die das den dem zur zum von vom di del della delle dei degli y el los las do da dos em van voor het en och og'.split(' '),
]);

// Words only a non-English name has. Function words count only as written in lower case ("de",
// "und"), so acronyms ("EM", "ET", "DE") do not; organisation words count in any case. English
// words ("an", "i", "e", "no", "die") are left out, so a word list never puts an English name here.
const NON_ENGLISH_FUNCTION_WORDS = new Set(
  ('de des du la le les et aux au d l für und der das den dem zur zum von vom im di del della delle dei degli y el ' +
    'los las do da dos em van voor het en och og ve ja').split(' '),
);
const NON_ENGLISH_ORGANISATION_WORDS = new Set(
  ('institut instituto istituto instytut universidad universitat universitaet universite universita universidade ' +
    'uniwersytet laboratoire laboratorio laboratorium zentrum centro recherche recherches investigacion ' +
    'investigaciones forschung ricerca ricerche pesquisa hochschule akademie academia politecnico ecole escuela ' +
    'escola scuola hopital hospitalier klinikum fakultat facultad faculdade unite mixte tecnologia technologie ' +
    'nacional nazionale nationale gesellschaft stiftung fondazione fundacion fundacao sante salud saude medecine ' +
    'medicina').split(' '),
);

const LATIN_LETTER = /\p{Script=Latin}/u;
const LETTER = /\p{L}/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// A letter with a mark once decomposed, or one of the letters English does not use.
const FOREIGN_LETTER = /[ßæœøłđðþı]/iu;

function letters(text: string): string[] {
  return text.match(LETTER) ?? [];
}

export function isOtherScript(name: string): boolean {
  return letters(name).some((c) => !LATIN_LETTER.test(c));
}

export function isAcronym(name: string): boolean {
  if (isOtherScript(name)) return false;
  if (name.trim().split(/\s+/).length > 2) return false;
  const ls = letters(name);
  const upper = ls.filter((c) => c !== c.toLowerCase()).length;
  return upper >= 2 && upper > ls.length - upper;
}

function hasForeignLetter(name: string): boolean {
  return FOREIGN_LETTER.test(name) || /\p{M}/u.test(name.normalize('NFD'));
}

export function isOtherLanguage(name: string): boolean {
  if (isOtherScript(name) || isAcronym(name)) return false;
  if (hasForeignLetter(name)) return true;
  if (name.split(/[^\p{L}]+/u).some((w) => NON_ENGLISH_FUNCTION_WORDS.has(w))) return true;
  return foldedWords(name).some((w) => NON_ENGLISH_ORGANISATION_WORDS.has(w));
}

/** Share of the name's content words that are words of the label (0 when none are). */
export function labelOverlap(name: string, label: string): number {
  const all = foldedWords(name);
  const content = all.filter((w) => !FUNCTION_WORDS.has(w));
  const counted = content.length > 0 ? content : all;
  if (counted.length === 0) return 0;
  const labelWords = new Set(foldedWords(label));
  return counted.filter((w) => labelWords.has(w)).length / counted.length;
}

export const FEW_SHARED_WORDS_MAX = 1 / 3;

export interface SliceContext {
  label: string;
  /** The names the record still has (label excluded). */
  remaining: readonly string[];
  /** Whether another record of the catalogue has a name with these folded words. */
  otherRecordNamed: (foldedKey: string) => boolean;
}

export function slicesOf(name: string, ctx: SliceContext): Slice[] {
  const out: Slice[] = [];
  if (labelOverlap(name, ctx.label) <= FEW_SHARED_WORDS_MAX) out.push('few-shared-words');
  if (isAcronym(name)) out.push('acronym');
  if (isOtherScript(name)) out.push('other-script');
  if (CJK.test(name)) out.push('cjk');
  if (isOtherLanguage(name)) out.push('other-language');
  if (out.length === 0) out.push('rest');
  const key = compactKey(name);
  if (key === compactKey(ctx.label) || ctx.remaining.some((n) => compactKey(n) === key)) out.push('normalisation');
  if (ctx.otherRecordNamed(foldedWords(name).join(' '))) out.push('shared-name');
  return out;
}
