// A light stemmer for the inflections of the European languages whose words change at the end
// by case and number: Polish, Czech, Slovak, Slovene, Croatian/Serbian/Bosnian, Lithuanian,
// Latvian, Hungarian, Finnish, Estonian, Romanian and Turkish/Azerbaijani ("fizyki", "fiziku",
// "fizikos" → fizik/fizyk; "veterinárního" → veterinar; "technologijos" → technolog). It is a
// pattern of those languages, never a list of the catalogue's words, and is used only where the
// word as written finds nothing (./plan-builder.ts), and to look up generic words
// (./european-words.ts). Words arrive folded (accents removed).

/**
 * Endings. An adjective's -n-/-sk- suffix comes off with its ending
 * ("veterinarniho", "slovenskej"), as the adjective and its noun name the same thing.
 */
const ENDINGS: readonly string[] = [
  // Czech, Slovak, Polish, South Slavic adjectives and nouns (-ijski is the adjective of a noun in -ija: istorijski, istorija)
  'ijskih', 'ijskog', 'ijskom', 'ijskoj', 'ijski', 'ijska', 'ijske', 'ijsko',
  'skiego', 'skiej', 'skich', 'skimi', 'skeho', 'skemu', 'skych', 'skymi', 'skega', 'skemu', 'skih', 'skog', 'skoj', 'skom',
  'niho', 'nimu', 'nich', 'nimi', 'neho', 'nemu', 'nych', 'nymi', 'nego', 'nemu', 'nej', 'nih', 'nog', 'noj', 'nom',
  'ijos', 'ijoje', 'ijas', 'iju', 'ija', 'ije', 'iji', 'ijo',
  'ovych', 'ovymi', 'owych', 'owej', 'owego', 'owie',
  'ego', 'emu', 'ych', 'ymi', 'imi', 'iho', 'imu', 'ami', 'ach', 'ich', 'iej', 'ima', 'ama', 'oga', 'ega', 'ih',
  'ski', 'ska', 'ske', 'sko', 'sky', 'ny', 'ni', 'na', 'ne', 'no', 'nu',
  'ow', 'om', 'em', 'ej', 'ie', 'ii', 'ia', 'iu', 'og', 'im',
  // Lithuanian, Latvian
  'inis', 'ines', 'iniu', 'ybes', 'ibas', 'ibu', 'os', 'as', 'is', 'ys', 'us', 'ai', 'es',
  // Hungarian (adjective -i after a consonant, cases)
  'aban', 'eben', 'anak', 'enek', 'ban', 'ben', 'bol', 'nak', 'nek', 'ok', 'ek',
  // Finnish, Estonian
  'iden', 'tten', 'ssa', 'sta', 'lla', 'lle', 'ksi', 'ien', 'jen', 'ide', 'en', 'an', 'in', 'te',
  // Romanian, Turkish, Azerbaijani
  'ului', 'ilor', 'lari', 'leri', 'lar', 'ler', 'ul', 'ei', 'nin', 'su', 'si',
  // final vowels of any of them
  'a', 'e', 'i', 'o', 'u', 'y',
];
/** The endings by length, longest first: the longest ending that fits comes off. */
const BY_LENGTH = byLength(ENDINGS);
const VOWELS = byLength(['a', 'e', 'i', 'o', 'u', 'y']);
/** The shortest stem an ending may leave. */
const MIN_STEM = 4;

function byLength(endings: readonly string[]): { length: number; endings: ReadonlySet<string> }[] {
  const lengths = [...new Set(endings.map((e) => e.length))].sort((a, b) => b - a);
  return lengths.map((length) => ({ length, endings: new Set(endings.filter((e) => e.length === length)) }));
}

/** Without the longest of `endings` it ends with that leaves MIN_STEM letters, or the word itself. */
function strip(word: string, endings: readonly { length: number; endings: ReadonlySet<string> }[]): string {
  for (const { length, endings: these } of endings) {
    if (word.length - length >= MIN_STEM && these.has(word.slice(word.length - length))) return word.slice(0, word.length - length);
  }
  return word;
}

/**
 * The word without its inflectional endings, or the word itself. After one ending, a final
 * vowel may still come off ("arastirmalari" → arastirma → arastirm, "zgodovino" → zgodov).
 */
export function inflectionStem(word: string): string {
  const once = strip(word, BY_LENGTH);
  return once === word ? word : strip(once, VOWELS);
}
