// Query words in Cyrillic, Greek, Armenian or Georgian letters read in Latin ones, so that a
// name typed in its own alphabet meets the record's Latin name through the usual readings
// (./plan-builder.ts: exact, stem, cognate, generic-word equivalents). Words arrive folded
// (./search-text.ts: lower case, marks removed, so й → и, ё → е, ї → і, Greek without tonos).
// A word gets up to two readings (and a place-name adjective's stem as a word beginning):
//  - its *standard* reading, letter by letter: Cyrillic by BGN/PCGN (х kh, ц ts, ч ch, ш sh,
//    щ shch, ж zh, ы y, я ya, ю yu; й folds to и, so i), an adjective's ending made the
//    masculine singular's ("научного" → nauchnyi): how a person's or place's name is written
//    in Latin letters ("Соболева" → soboleva, whose cognate key is sobolev), and the form
//    generic words have in EQUIVALENTS (./language-rules.ts);
//  - its *loan* reading, as English writes the Greek and Latin words Russian, Ukrainian and
//    their neighbours borrowed: endings mapped (-ический → -ical, -ика → -ics, -ия → -y,
//    -ция → -tion, -альный → -al, other -ный → -ic, -ский → -ian, case endings off), kh → ch
//    (not at the start of a name: Kharkiv), ks → x, ts → c before e and i (the k English
//    writes c is left to the cognates), and the Greek letters Russian writes otherwise (ф for φ "ph", т for θ
//    "th", г for the rough breathing "h", и for υ "y": "физики" → physics, "теория" → theory,
//    "гидрология" → hydrology, "системы" → systems). The readings are query-time only: nothing
//    is added to the index.
// Greek is read the way English borrowed it (φ ph, χ ch, θ th, υ y, η e, ου u), Armenian and
// Georgian by their usual Latin schemes (Armenian ASCII Hübschmann–Meillet, Georgian national,
// ფ written ph). Devanagari and Arabic script are not read: folding removes Devanagari's vowel
// signs, and Arabic script writes no short vowels, so a reading would rarely meet an English
// word; their generic words are in ./script-words.ts.

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y',
  ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Ukrainian, Belarusian
  і: 'i', є: 'ye', ґ: 'g', ў: 'u',
  // Serbian, Macedonian
  ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѕ: 'dz',
  // Kazakh and other Turkic languages
  ә: 'a', ғ: 'gh', қ: 'q', ң: 'ng', ө: 'o', ұ: 'u', ү: 'u', һ: 'h', ҳ: 'h', ҷ: 'j', ӣ: 'i', ӯ: 'u',
};

const GREEK: Readonly<Record<string, string>> = {
  α: 'a', β: 'b', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'e', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x',
  ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'ph', χ: 'ch', ψ: 'ps', ω: 'o',
};

// U stands for the digraph ու (u).
// U stands for ου and for the υ of αυ, ευ (u); γ before γ, κ, χ, ξ is n.
const GREEK_DIGRAPHS: Readonly<Record<string, string>> = { ...GREEK, U: 'u' };

const ARMENIAN: Readonly<Record<string, string>> = {
  U: 'u',
  ա: 'a', բ: 'b', գ: 'g', դ: 'd', ե: 'e', զ: 'z', է: 'e', ը: 'y', թ: 't', ժ: 'zh', ի: 'i', լ: 'l', խ: 'kh', ծ: 'ts',
  կ: 'k', հ: 'h', ձ: 'dz', ղ: 'gh', ճ: 'ch', մ: 'm', յ: 'y', ն: 'n', շ: 'sh', ո: 'o', չ: 'ch', պ: 'p', ջ: 'j', ռ: 'r',
  ս: 's', վ: 'v', տ: 't', ր: 'r', ց: 'ts', ւ: 'v', փ: 'p', ք: 'k', օ: 'o', ֆ: 'f',
};

const GEORGIAN: Readonly<Record<string, string>> = {
  ა: 'a', ბ: 'b', გ: 'g', დ: 'd', ე: 'e', ვ: 'v', ზ: 'z', თ: 't', ი: 'i', კ: 'k', ლ: 'l', მ: 'm', ნ: 'n', ო: 'o',
  პ: 'p', ჟ: 'zh', რ: 'r', ს: 's', ტ: 't', უ: 'u', ფ: 'ph', ქ: 'k', ღ: 'gh', ყ: 'q', შ: 'sh', ჩ: 'ch', ც: 'ts',
  ძ: 'dz', წ: 'ts', ჭ: 'ch', ხ: 'kh', ჯ: 'j', ჰ: 'h',
};

const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/;
const GREEK_WORD = /^[\u0370-\u03ff]+$/;
const ARMENIAN_WORD = /^[\u0531-\u0587]+$/;
const GEORGIAN_WORD = /^[\u10a0-\u10ff]+$/;

function letters(word: string, table: Readonly<Record<string, string>>): string {
  let out = '';
  for (const c of word) out += table[c] ?? '';
  return out;
}

const CYRILLIC_VOWEL = /[аеиоуыэюяіїєёәөұүі]/;

// Ukrainian (a word with і, ї, є or ґ and no Kazakh letter) by its national scheme: г h, и y, є ie.
const UKRAINIAN: Readonly<Record<string, string>> = { ...CYRILLIC, г: 'h', и: 'y', є: 'ie', ї: 'i' };
const UKRAINIAN_WORD = /[іїєґ]/;
/** Kazakh also writes і: a word with a letter of its own is not Ukrainian. */
const TURKIC_WORD = /[әғқңөұүһ]/;

/** Cyrillic letter by letter (BGN/PCGN); я, ю after a consonant as a, u and г as g when `loan`. */
function cyrillicLetters(word: string, loan: boolean): string {
  const table = !loan && UKRAINIAN_WORD.test(word) && !TURKIC_WORD.test(word) ? UKRAINIAN : CYRILLIC;
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    const afterConsonant = i > 0 && !CYRILLIC_VOWEL.test(word[i - 1]!) && word[i - 1] !== 'ь' && word[i - 1] !== 'ъ';
    if (loan && afterConsonant && (c === 'я' || c === 'ю')) out += c === 'я' ? 'a' : 'u';
    else if (loan && c === 'г') out += 'g';
    else out += table[c] ?? '';
  }
  return out;
}

// Adjective endings (folded: й → и) after the stems that make adjectives: -ск-, -н-.
const ADJECTIVE = /(ськ|ск|н|ов|ев)(ыи|ии|іи|ая|яя|ое|ее|ого|его|ому|ему|ым|им|ом|ем|ую|юю|ые|ие|ых|их|ыми|ими|ои|еи|ою|ею|оі|а|е|і|ы|и|о)$/;
const SOFT_STEM = /[кгхжшчщ]$/;
// Noun endings of the Greek and Latin words borrowed (case endings as well), with the English ending.
const LOAN_NOUNS: readonly (readonly [RegExp, string])[] = [
  [/ци(я|и|ю|еи|і|ія|ії|ею)$/, 'tion'],
  [/ик(а|и|е|у|ои|ою|ам|ах|ами)?$/, 'ics'],
  [/(и|і)(я|и|ю|еи|і|ю|єю)$/, 'y'],
  [/ур(а|ы|и|е|у|ои)$/, 'ure'],
  [/изм(а|у|ом|ы|і|и)?$/, 'ism'],
];
const CASE_ENDING = /(ами|ями|ов|ев|ам|ям|ах|ях|ом|ем|ои|еи|ою|ею|а|я|у|ю|ы|и|е|і)$/;
const MIN_STEM = 4;

/** A Cyrillic adjective's stem and its masculine singular ending, or null. */
function adjective(word: string): [stem: string, lemma: string] | null {
  const m = ADJECTIVE.exec(word);
  if (!m || m.index + m[1]!.length < MIN_STEM) return null;
  const stem = word.slice(0, m.index + m[1]!.length);
  if (m[1] === 'ов' || m[1] === 'ев') return m[2]!.length >= 2 && m[2] !== 'ом' && m[2] !== 'ым' && m[2] !== 'им' ? [stem, stem + 'ыи'] : null;
  // A one-letter ending (Bulgarian, Serbian, Belarusian) only after a suffix that makes adjectives.
  if (m[2]!.length === 1 && m[2] !== 'і' && !/(ичн|ычн|ионн|альн|ск)$/.test(stem)) return null;
  return [stem, stem + (SOFT_STEM.test(stem) ? 'ии' : 'ыи')];
}

// Kazakh endings on a borrowed word: the adjective -лық/-лік (and -дық, -тық), the plural
// -лар/-лер (and -дар, -тар), the possessive -ы/-і after them ("экономикалық" → экономика).
const KAZAKH_ENDING = /(лық|лік|дық|дік|тық|тік|лар|лер|дар|дер|тар|тер)(ы|і)?$/;

/** The English ending of a Cyrillic word borrowed from Greek or Latin, applied; the word otherwise. */
function loanCyrillic(word: string): [stem: string, ending: string] {
  const kazakh = KAZAKH_ENDING.exec(word);
  if (kazakh && kazakh.index >= MIN_STEM) word = word.slice(0, kazakh.index);
  const adj = adjective(word);
  if (adj) {
    const stem = adj[0];
    const ical = /(ическ|ичн|ічн|ычн|іческ)$/.exec(stem);
    if (ical && ical.index >= 2) return [stem.slice(0, ical.index), 'ical'];
    const sk = /ь?с?ь?к$/.exec(stem);
    if (/(ськ|ск)$/.test(stem) && sk) return [stem.slice(0, sk.index), 'ian'];
    const al = /(альн|арн|ярн|ивн|ільн)$/.exec(stem);
    if (al) return [stem.slice(0, al.index), ({ альн: 'al', ільн: 'il', арн: 'ar', ярн: 'ar', ивн: 'ive' } as Record<string, string>)[al[1]!]!];
    // -ионный as its noun ("информационный" → information); any other adjective in -н- as one
    // in -ic ("атомный" → atomic, "электронный" → electronic).
    if (/ионн$/.test(stem)) return [stem.slice(0, -1), ''];
    const n = /[^аеиоуыэюяі]н?н$/.exec(stem);
    return n ? [stem.slice(0, n.index + 1), 'ic'] : [stem, ''];
  }
  for (const [pattern, ending] of LOAN_NOUNS) {
    const m = pattern.exec(word);
    if (m && m.index >= 2) return [word.slice(0, m.index), ending];
  }
  const m = CASE_ENDING.exec(word);
  return m && m.index >= MIN_STEM ? [word.slice(0, m.index), ''] : [word, ''];
}

// The Greek letters Russian writes with other letters, at the start of a loan ("физ" φυσ),
// and the English spellings of Russian letters in loans (х ch, кс x, ц c before e and i).
const LOAN_RULES: readonly (readonly [RegExp, string])[] = [
  [/^fiz/, 'phys'], [/^fil(?=[oa])/, 'phil'], [/^fot/, 'phot'], [/^fon/, 'phon'], [/^fos/, 'phos'], [/^farm/, 'pharm'],
  [/^fit/, 'phyt'], [/^fen/, 'phen'], [/graf/, 'graph'], [/morf/, 'morph'], [/sfer/, 'spher'], [/trof/, 'troph'],
  [/^psikh/, 'psych'], [/^khim/, 'chem'], [/^poli(?=[mgtf])/, 'poly'], [/^gidr/, 'hydr'], [/^gist/, 'hist'], [/^gem(?=[ao])/, 'hem'], [/^gig/, 'hyg'], [/^gip/, 'hyp'],
  [/^giper/, 'hyper'], [/^sint/, 'synt'], [/^sist/, 'syst'], [/^sim(?=[pbm])/, 'sym'], [/^tsit/, 'cyt'], [/^tsikl/, 'cycl'],
  [/^teor/, 'theor'], [/^term/, 'therm'], [/^terap/, 'therap'], [/^matemat/, 'mathemat'], [/^metod/, 'method'],
  [/^patol/, 'pathol'], [/^antrop/, 'anthrop'], [/^etn/, 'ethn'], [/^ort(?=o)/, 'orth'], [/^ekz/, 'ex'],
  [/(?<=.)kh|^kh(?=[lr])/g, 'ch'], [/ks/g, 'x'], [/tsi(?=on)/g, 'ti'], [/ts(?=[eiy])/g, 'c'],
  [/([bcdfgkmnpstv])r$/, '$1er'], [/ii$/, 'y'],
];

function loanSpelling(latin: string): string {
  let w = latin;
  for (const [pattern, replacement] of LOAN_RULES) w = w.replace(pattern, replacement);
  return w;
}

export interface LatinReading {
  word: string;
  /** The word's beginning only (a place-name adjective's stem: "Казанский" → kazan, Kazan). */
  beginning: boolean;
}

/**
 * The Latin readings of a folded word written in Cyrillic, Greek, Armenian or Georgian letters
 * (standard, loan, and an -sk- adjective's stem as a beginning); none for any other word.
 */
export function latinReadings(word: string): LatinReading[] {
  let standard: string;
  let loan: string;
  if (CYRILLIC_WORD.test(word)) {
    const adj = adjective(word);
    standard = cyrillicLetters(adj ? adj[1] : word, false);
    const [stem, ending] = loanCyrillic(word);
    loan = loanSpelling(cyrillicLetters(stem, true)) + ending;
    const place = ending === 'ian' ? cyrillicLetters(stem, false) : '';
    if (place.length >= MIN_STEM) return readings([standard, loan]).concat({ word: place, beginning: true });
  } else if (GREEK_WORD.test(word)) {
    standard = letters(word.replace(/ου/g, 'U').replace(/(?<=[αε])υ/g, 'U').replace(/γ(?=[γκχξ])/g, 'ν'), GREEK_DIGRAPHS);
    loan = loanSpelling(standard);
  } else if (ARMENIAN_WORD.test(word)) {
    standard = letters(word.replace(/ու/g, 'U'), ARMENIAN);
    loan = loanSpelling(standard.replace(/^ye/, 'e'));
  } else if (GEORGIAN_WORD.test(word)) {
    standard = letters(word, GEORGIAN);
    loan = loanSpelling(standard.replace(/^ph/, 'f'));
  } else return [];
  return readings([standard, loan]);
}

function readings(words: readonly string[]): LatinReading[] {
  return [...new Set(words.filter((w) => w.length > 0))].map((w) => ({ word: w, beginning: false }));
}

/** A word in Cyrillic, Greek, Armenian or Georgian letters letter by letter, for its initials ("ВНИИ" → vnii); null for any other. */
export function latinLetters(word: string): string | null {
  if (CYRILLIC_WORD.test(word)) return cyrillicLetters(word, false);
  if (GREEK_WORD.test(word)) return letters(word, GREEK);
  if (ARMENIAN_WORD.test(word)) return letters(word, ARMENIAN);
  if (GEORGIAN_WORD.test(word)) return letters(word, GEORGIAN);
  return null;
}
