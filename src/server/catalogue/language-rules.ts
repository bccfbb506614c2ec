// Language rules of the search engine, applied identically to records and queries (see
// docs/ARCHITECTURE.md, "Adding a language rule"). Every rule here is general: a pattern of a
// language, never a word taken from the catalogue. Words arrive folded (lower case, accents
// removed, ß → ss, ø → o).

import { PREFECTURES } from './cjk-places.js';

/**
 * Function words of English and of the languages of the catalogue's organisation names. They
 * are not searched for (a query "Institute of Chemistry" finds "Institute for Chemistry"), but
 * they stay in names, so the exact-name key and the initials "with function words" keep them.
 * A word written in capitals ("ITS", "AND") is never one: it is an acronym.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // English
  'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or',
  'the', 'this', 'that', 'to', 'with',
  // French
  'de', 'des', 'du', 'en', 'et', 'la', 'le', 'les', 'aux', 'au', 'sur', 'pour', 'dans', 'par', 'avec', 'chez', 'contre',
  // German
  'der', 'die', 'das', 'den', 'dem', 'und', 'fur', 'von', 'vom', 'zur', 'zum', 'im', 'am', 'bei', 'mit', 'uber',
  // Spanish, Portuguese, Italian, Catalan
  'del', 'di', 'el', 'los', 'las', 'y', 'e', 'da', 'do', 'dos', 'das', 'em', 'na', 'no', 'della', 'delle', 'dei',
  'degli', 'dell', 'per', 'il', 'lo', 'i', 'pelo', 'pela', 'sobre',
  // Dutch, Scandinavian
  'van', 'voor', 'het', 'een', 'och', 'og', 'af', 'ved',
  // Slavic, Baltic, Hungarian, Finnish and Estonian, Romanian, Turkish and Azerbaijani
  'za', 'dla', 'oraz', 'pri', 'ter', 'ir', 'es', 'ja', 'pentru', 've',
  // Russian, Ukrainian, Belarusian, Bulgarian, Serbian, Kazakh (folded: й → и; "имени": named after)
  'и', 'в', 'во', 'на', 'по', 'для', 'при', 'с', 'со', 'о', 'об', 'от', 'из', 'к', 'у', 'а', 'до', 'за', 'имени', 'им',
  'і', 'та', 'з', 'із', 'зі', 'імені', 'ім', 'және',
  // Greek, Armenian (և is եւ), Georgian
  'και', 'του', 'της', 'των', 'το', 'τη', 'την', 'στο', 'στη', 'για', 'η', 'ο', 'եւ', 'და',
  // Arabic, Persian; Hindi (folded without vowel signs: के, की, का → क; में → म; एवं → एव)
  'و', 'في', 'من', 'در', 'और', 'एव', 'क', 'म',
  // Persian, Arabic, Urdu particles and the Persian plural written apart ("بیماری های")
  'های', 'ها', 'بر', 'برای', 'به', 'با', 'از', 'را', 'على', 'الى', 'عن', 'مع', 'اور', 'کے', 'کی', 'کا', 'برائے', 'لئے', 'میں',
]);

/**
 * Function words of the languages of Central and Eastern Europe, Romania, Portugal, Spain, Italy,
 * Germany, France, Indonesia and Vietnam that are also letters or words English names use in
 * capitals or with a capital ("vitamin A", "Paris V", "U 1194", "Orbitrap Pro", "NAS", "AUS"):
 * they are function words only as written in lower case ("Obserwatorium Astrogeodynamiczne w
 * Borówcu", "Jednota slovenských matematikov a fyzikov", "v. v. i.", "Viện Khoa học và Công
 * nghệ", "Zentrum aus Kiel", "Centro de Estudos nas Cidades").
 */
export const LOWER_CASE_STOP_WORDS: ReadonlySet<string> = new Set([
  'o', 'u', 'v', 'w', 'z', 'ze', 'we', 'pro', 'pre', 'al', 'si', 'din', 'ao', 'aos', 'ed', 'nel', 'nella', 'sul', 'sulla',
  'dello', 'imienia', 'az', 'til', 'vid', 'dan', 'untuk', 'dari', 'va', 'cua', 'ke', 'con', 'nos', 'nas', 'aus', 'sans',
]);

/**
 * Words that only a name in another language has: such a name's words are not put through the
 * English stemmer ("hors" in a French name must not match "horses"). English words that are
 * also function words elsewhere ("an", "die", "no") are left out.
 */
export const OTHER_LANGUAGE_MARKERS: ReadonlySet<string> = new Set([
  'de', 'des', 'du', 'la', 'le', 'les', 'et', 'aux', 'au', 'sur', 'pour', 'dans', 'der', 'das', 'den', 'dem', 'und',
  'fur', 'von', 'vom', 'zur', 'zum', 'bei', 'del', 'di', 'el', 'los', 'las', 'y', 'da', 'do', 'dos', 'em', 'della',
  'delle', 'dei', 'degli', 'dell', 'il', 'van', 'voor', 'het', 'een', 'och', 'og', 'ved',
]);

// British spellings → American, as patterns over a whole folded word. Both sides of a search go
// through them, so a rule only has to make the two spellings meet; it never shows.
const GLUED_PREFECTURE = new RegExp(`^(${[...PREFECTURES].join('|')})(?:ken|fu|to|shi)$`);
const OE_INSIDE: Readonly<Record<string, string>> = { coel: 'cel', amoeb: 'ameb', homoe: 'home', manoeuv: 'maneuv' };
const SPELLING_RULES: readonly (readonly [RegExp, string | ((match: string) => string)])[] = [
  [/isation(s?)$/, 'ization$1'], // crystallisation, ionisation, organisation
  [/^(.{3,}[^w])is(e|ed|es|ing|er|ers)$/, '$1iz$2'], // characterise, ionising, polarised
  [/ys(e|ed|es|ing|er|ers)$/, 'yz$1'], // analyse, catalysed, hydrolysing
  [/([ea])ll(ing|ed|er|ers)$/, '$1l$2'], // labelling, modelled, travelling, signalling
  [/([ea])lliz(ations?|e[drs]?|ers|ing)$/, '$1liz$2'], // metallization, metalization; crystallize
  [/^(.{3,}|[aeiou][^aeiou])our(s|al|ally|ed|ing|ful|less|able|ably|ite|ites|ism|ist|er|ers|hood)?$/, '$1or$2'], // colour, odour, behavioural
  [/(col|flav|hum|lab|od|vap|harb|tum|behavi|neighb|hon|vig|arm|fav|sav|rum)our(?=[a-z])/, '$1or'], // colourimetric, labourer
  [/^(.{2,}[bt])re(s?)$/, '$1er$2'], // centre, metre, fibre, litre
  [/^(.{2,}[bt])red$/, '$1ered'], // centred
  [/^oe(?=[bcdfgmnpst])/, 'e'], // oesophagus, oestrogen, oedema
  [/^foet/, 'fet'], // foetal, foetus
  [/rrhoe/, 'rrhe'], // diarrhoea
  [/^(coel|amoeb|homoe|manoeuv)/, (m) => OE_INSIDE[m] ?? m], // coeliac, amoeba, homoeopathy
  [/^haem(s?)$/, 'heme$1'], // haem (the word; haemoglobin below)
  [/([hnpckfl])ae(?=[a-z])/, '$1e'], // haem, anaemia, paediatric, caesium, leukaemia, archaeology, faeces
  [/^ae(?=t|st)/, 'e'], // aetiology, aesthetic
  [/sulph/, 'sulf'], // sulphur, sulphate
  [/geing$/, 'ging'], // ageing
  [/gramme(s?)$/, 'gram$1'], // programme
  [/logue(s?)$/, 'log$1'], // catalogue, analogue, dialogue
  [/uminium$/, 'uminum'], // aluminium
  [/^(def|off|lic|pret)ence(s?)$/, '$1ense$2'], // defence, licence
  [/cuss(ed|ing|es)$/, 'cus$1'], // focussed, focussing
  [/^disc(s?)$/, 'disk$1'], // disc
  [/mould/, 'mold'], // mould, moulding, micromoulding
  [GLUED_PREFECTURE, '$1'], // Saitamaken, Osakafu, Tokyoto, Hiroshimashi: a Japanese prefecture (or its city) with its romanised 県, 府, 都, 市 glued on
];

// Words of French, Spanish, Portuguese and Catalan that end as a British -tre/-bre does but are
// no British spelling: the rules would read "entre" (between) as enter, "outre" as outer, "notre"
// and "votre" as noter and voter, "timbre" as timber. Both sides keep them as written.
const ROMANCE_TRE_BRE: ReadonlySet<string> = new Set([
  'entre', 'contre', 'outre', 'notre', 'votre', 'nostre', 'vostre', 'autre', 'quatre', 'sobre', 'libre', 'timbre',
]);

/** A folded Latin word in the one spelling both sides use (American). */
export function canonicalSpelling(word: string): string {
  if (word.length < 4 || ROMANCE_TRE_BRE.has(word)) return word;
  let w = word;
  for (const [pattern, replacement] of SPELLING_RULES) w = w.replace(pattern, replacement as string);
  return w;
}

/**
 * Combining forms of scientific English whose second part also gives an initial in acronyms:
 * "infrared" → IR, "ultraviolet" → UV, "photoluminescence" → PL, "thermogravimetric" → TG,
 * "immunohistochemistry" → IHC, "radiofrequency" → RF.
 */
export const COMBINING_FORMS: readonly string[] = [
  'micro', 'nano', 'pico', 'femto', 'macro', 'infra', 'ultra', 'super', 'photo', 'electro', 'thermo', 'magneto',
  'radio', 'chemi', 'chemo', 'bio', 'cryo', 'opto', 'piezo', 'ferro', 'hydro', 'geo', 'neuro', 'immuno', 'histo',
  'cyto', 'spectro', 'cardio', 'poly', 'multi', 'hetero', 'tomo', 'sono', 'aero', 'astro', 'pyro',
  'iso', 'tacho', 'encephalo', 'myo', 'oculo', 'retino', 'pneumo',
];
const MIN_REMAINDER = 3;
// Classical endings that follow a combining form inside one word: "microscopy", "biology",
// "chemistry", "spectrometry" are single concepts, not two initials.
const BOUND_ENDING = /^(log|scop|metr|meter|graph|gram|stry|st$|sis|nom|cyt|path|phys|lys|morph|gen|tic|nic|mer|mers|ic|ics|phil|phob|therap|troph|zo|cal|n$|ns$)/;

// After two combining forms, a recording's "-graphy"/"-gram" gives its own initial, as in the
// clinical recordings (electrocardiography → ECG, electroencephalography → EEG, electromyography → EMG).
const RECORDING = /^(graph|gram)/;

/** The initials of a word split at its combining forms ("immunohistochemistry" → ihc, "isoelectric" → ie), or null. */
export function combinedInitials(word: string): string | null {
  let initials = '';
  let rest = word;
  for (;;) {
    const form = COMBINING_FORMS.find((f) => rest.startsWith(f) && rest.length - f.length >= MIN_REMAINDER && !BOUND_ENDING.test(rest.slice(f.length)));
    if (!form) break;
    initials += form[0];
    rest = rest.slice(form.length);
  }
  if (initials.length === 0) return null;
  const last = COMBINING_FORMS.find((f) => rest.startsWith(f) && RECORDING.test(rest.slice(f.length)));
  return last ? `${initials}${last[0]}g` : initials + rest[0];
}

/**
 * A table looked up by words a researcher typed: no prototype, so "constructor" or "__proto__"
 * finds nothing rather than one of Object's own members.
 */
function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** Number words as digits, so "two-dimensional" and "2D" meet ("2D" is read as "2 dimensional"). */
export const NUMBER_WORDS = wordTable<string>({
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
});

/**
 * Abbreviations of organisation words, with the full words they stand for in the catalogue's
 * languages (folded), and the chemist's shorthand of common solvents. A query word that is one of
 * these also matches those words.
 */
export const ABBREVIATIONS = wordTable<readonly string[]>({
  univ: ['university', 'universite', 'universitat', 'universitaet', 'universidad', 'universidade', 'universita', 'universiteit', 'uniwersytet', 'univerzita', 'universitet'],
  uni: ['university', 'universite', 'universitat', 'universidad', 'universidade', 'universita', 'universiteit'],
  inst: ['institute', 'institut', 'instituto', 'istituto', 'institution', 'instytut', 'institutet', 'instituut'],
  acad: ['academy', 'academie', 'akademie', 'academia', 'accademia', 'akademia', 'akademija', 'academic'],
  sci: ['science', 'sciences', 'scientific', 'scientifique', 'wissenschaft', 'wissenschaften', 'ciencia', 'ciencias', 'scienze', 'ciencias'],
  natl: ['national', 'nationale', 'nacional', 'nazionale', 'narodowy'],
  nat: ['national', 'nationale', 'nacional', 'nazionale', 'natural', 'nature'],
  ctr: ['center', 'centre', 'centro', 'zentrum', 'centrum'],
  cent: ['center', 'centre', 'central', 'centro', 'centrum'],
  cntr: ['center', 'centre', 'centro'],
  lab: ['laboratory', 'laboratories', 'laboratoire', 'laboratorio', 'laboratorium', 'labor'],
  labs: ['laboratories', 'laboratory', 'laboratoires', 'laboratorios'],
  dept: ['department', 'departement', 'departamento', 'dipartimento'],
  dep: ['department', 'departement', 'departamento', 'dipartimento'],
  res: ['research', 'recherche', 'recherches', 'ricerca', 'investigacion', 'forschung'],
  technol: ['technology', 'technologies', 'technological', 'technologie', 'tecnologia', 'technologique'],
  tech: ['technology', 'technical', 'technique', 'technische', 'tecnologia', 'technologie'],
  med: ['medicine', 'medical', 'medizin', 'medicina', 'medecine', 'medicale', 'medizinische'],
  hosp: ['hospital', 'hopital', 'hospitalier', 'ospedale', 'hospitalario'],
  assoc: ['association', 'associate', 'associated'],
  soc: ['society', 'societe', 'social', 'sociedad', 'societa'],
  intl: ['international', 'internationale', 'internacional', 'internazionale'],
  int: ['international', 'internationale', 'internacional', 'internazionale'],
  engn: ['engineering'],
  eng: ['engineering', 'engineer'],
  div: ['division'],
  expt: ['experimental', 'experiment'],
  exp: ['experimental', 'experiment'],
  grp: ['group'],
  fac: ['faculty', 'faculte', 'facultad', 'fakultat'],
  fdn: ['foundation'],
  found: ['foundation'],
  coll: ['college'],
  observ: ['observatory', 'observatoire', 'observatorio'],
  mus: ['museum', 'musee', 'museo'],
  biol: ['biology', 'biological', 'biologie', 'biologia'],
  chem: ['chemistry', 'chemical', 'chemie', 'chimie', 'quimica'],
  phys: ['physics', 'physical', 'physique', 'physik', 'fisica'],
  math: ['mathematics', 'mathematical', 'mathematiques', 'mathematik', 'matematica'],
  environ: ['environment', 'environmental', 'environnement'],
  agr: ['agriculture', 'agricultural', 'agricole'],
  agric: ['agriculture', 'agricultural', 'agricole'],
  mol: ['molecular', 'moleculaire'],
  seq: ['sequencing'], // the method's clipped name in assay names ("MNase-seq", "ISO-seq")
  // the chemist's shorthand of common solvents ("EtOH extraction", "MeOH/water")
  etoh: ['ethanol', 'ethanolic'],
  meoh: ['methanol', 'methanolic'],
  proh: ['propanol'],
  iproh: ['isopropanol'],
  buoh: ['butanol'],
  thf: ['tetrahydrofuran'],
  dmf: ['dimethylformamide'],
  st: ['saint', 'state', 'street'],
  mt: ['mount'],
  ft: ['fort'],
});

/**
 * The generic words of organisation and place names in the catalogue's languages (folded), one
 * group per meaning: the translations of one word are not cognates by spelling ("research",
 * "recherche", "Forschung"). A query word of a group also matches the group's other words, read
 * like an abbreviation's full words (./plan-builder.ts): the unit weighs what all of them do
 * together, so a word this common never outweighs a distinctive one.
 */
const EQUIVALENT_GROUPS: readonly (readonly string[])[] = [
  ['research', 'recherche', 'recherches', 'investigacion', 'investigaciones', 'investigacao', 'ricerca', 'ricerche', 'forschung', 'onderzoek', 'forskning'],
  ['university', 'universite', 'universidad', 'universidade', 'universitat', 'universitaet', 'universita', 'universiteit', 'universitet', 'uniwersytet', 'univerzita'],
  ['institute', 'institut', 'instituto', 'istituto', 'instituut', 'institutet', 'instytut'],
  ['laboratory', 'laboratoire', 'laboratorio', 'laboratorium', 'labor', 'laboratori'],
  ['laboratories', 'laboratoires', 'laboratorios', 'laboratorien'],
  ['center', 'centro', 'zentrum', 'centrum'],
  ['national', 'nationale', 'nacional', 'nazionale', 'nationaal', 'narodowy'],
  ['school', 'ecole', 'escuela', 'escola', 'scuola', 'schule'],
  ['society', 'societe', 'sociedad', 'sociedade', 'societa', 'gesellschaft'],
  ['foundation', 'fondation', 'fundacion', 'fundacao', 'fondazione', 'stiftung'],
  ['academy', 'academie', 'akademie', 'academia', 'accademia'],
  ['hospital', 'hopital', 'ospedale', 'krankenhaus'],
  ['museum', 'musee', 'museo', 'museu'],
  ['observatory', 'observatoire', 'observatorio', 'osservatorio', 'sternwarte'],
  ['department', 'departement', 'departamento', 'dipartimento', 'abteilung'],
  ['faculty', 'faculte', 'facultad', 'faculdade', 'facolta', 'fakultat'],
  ['science', 'sciences', 'wissenschaft', 'wissenschaften', 'ciencia', 'ciencias', 'scienza', 'scienze', 'wetenschappen'],
  ['german', 'deutsch', 'deutsche', 'deutsches', 'deutschen', 'allemand', 'aleman', 'tedesco'],
  ['french', 'francais', 'francaise', 'frances', 'francesa', 'francese', 'franzosisch'],
  ['east', 'est', 'ost', 'oost'],
  ['west', 'ouest', 'oeste', 'ovest'],
  ['north', 'nord', 'norte', 'noord'],
  ['south', 'sud', 'sued', 'zuid'],
];

/** Each word of EQUIVALENT_GROUPS with the other words of its group. */
export const EQUIVALENTS = wordTable<readonly string[]>(
  Object.fromEntries(
    EQUIVALENT_GROUPS.map((group) => group.map(canonicalSpelling)).flatMap((group) => group.map((w) => [w, group.filter((o) => o !== w)])),
  ),
);

// The light English stemmer: the longest suffix that leaves at least four letters is removed,
// so "microscope", "microscopy", "microscopes" and "microscopic" meet at "microscop".
const ENGLISH_SUFFIXES = ['ical', 'ries', 'ies', 'ric', 'ic', 'ry', 'er', 'es', 's', 'y', 'e'] as const;
const MIN_STEM = 4;

// An adjective in -al of a noun meets the noun: agricultural, agriculture; national, nation;
// environmental, environment; commercial, commerce; industrial, industry, industries. Only after
// -ion, -nt, -ur (and -ial after -c, leaving five letters, and -rial after -ust): "signal" is not
// "sign", "special" not "species", "partial" not "part", "material" not "mate".
const ADJECTIVE_AL = /(?:(?<=ion|nt|ur)al|(?<=.{5}c)ial|(?<=ust)rial)s?$/;
export function englishStem(word: string): string {
  if (word.length <= MIN_STEM) return word;
  const adjective = ADJECTIVE_AL.exec(word);
  if (adjective && adjective.index >= MIN_STEM) return word.slice(0, adjective.index);
  for (const suffix of ENGLISH_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Other Latin-script languages: only a plural -s or -x comes off ("recherches", "travaux" stay apart). */
export function otherStem(word: string): string {
  if (word.length <= MIN_STEM + 1) return word;
  const last = word[word.length - 1];
  return last === 's' ? word.slice(0, -1) : word;
}
