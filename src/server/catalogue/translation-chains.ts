// A discipline's noun and adjective are one subject: a word of another language found by its
// translation or cognate also reaches the other form of that English word ("antropologiju" →
// anthropology → anthropological; "Sociologický" → sociological → sociology;
// "botanický" → botanical → botany). The cognate and translation rules find the form the word's
// ending maps to, while English names write the subject either way ("Institute of Botany",
// "Botanical Institute"). Only the disciplines in -y of learned roots are followed (-logy,
// -nomy, -graphy, -metry, -scopy, -pathy, -sophy, -tomy, -tany and their -ic, -ical), not the
// English stem class, which also joins words of other meanings (german, germany; nature,
// natural; electronic, electron), nor -ics and -istry (physical chemistry is not physics).
import { ENGLISH_TERM, type InvertedIndex } from './inverted-index.js';

/** At most this many found words are followed. */
const MAX_SOURCES = 16;
/** A root shorter than this is not followed ("opt-ical"). */
const MIN_ROOT = 4;
/** Roots whose noun ends in -y: biology, economy, geography, geometry, microscopy, pathology, philosophy, anatomy, botany. */
const NOUN_IN_Y = /(?:log|nom|graph|metr|scop|path|soph|tom|tan)$/;
/** The noun's and adjective's endings in English, and the adjective's and noun's in French, German, Spanish, Italian, Portuguese. */
const ENDING = /(?:ically|ical|iques?|ic|icos?|icas?|ici|iche|ische[nrs]?|isch|y|ie|ia)$/;

/** The English discipline forms of a word ("biology", "biologique" → biological, biologic, biology), itself left out. */
export function disciplineForms(word: string): string[] {
  const ending = ENDING.exec(word);
  if (!ending) return [];
  const root = word.slice(0, ending.index);
  if (root.length < MIN_ROOT || !NOUN_IN_Y.test(root)) return [];
  return [`${root}ical`, `${root}ic`, `${root}y`].filter((f) => f !== word);
}

/** The index's words of English names that are discipline forms of `found`'s words (of any language: pharmacologiques), less `known`. */
export function chainedForms(index: InvertedIndex, found: readonly number[], known: ReadonlySet<number>): number[] {
  const out = new Set<number>();
  let sources = 0;
  for (const t of found) {
    if (sources++ >= MAX_SOURCES) break;
    for (const form of disciplineForms(index.terms[t]!)) {
      const f = index.termId(form);
      if (f >= 0 && index.termFlags[f]! & ENGLISH_TERM && !known.has(f)) out.add(f);
    }
  }
  return [...out];
}

/**
 * A South Slavic adjective in -oški (-oška, -oško, -oških, folded as -oski) is a learned adjective
 * in -ogical, its g softened before -ski: "imunološki" immunological, "pedagoški" pedagogical,
 * "kriminološka" criminological. The English-like form, to be looked up as a loan spelling
 * (./loan-spellings.ts: imunological → immunological), or null.
 */
export function softenedAdjective(word: string): string | null {
  const m = /^([a-z]{4,}o)sk(?:i|a|o|e|ih|og|om|oj|im|ima|ega|em|emu)$/.exec(word);
  return m ? `${m[1]}gical` : null;
}

