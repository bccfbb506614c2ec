// How English scientific words are formed from one another, read by the plan builder
// (./plan-builder.ts) where a query and a record form the same idea differently
// (test/search-slips.test.ts):
//   combining forms  a stem in -o joined to the next word (a compound split, or a hyphen)
//                    stands for its adjective: "thermo-" (thermocycler, "thermo-cycler") for
//                    thermal, "electro-" for electric and electrical, "opto-" for optical; a
//                    word in -o standing alone is not read so ("Centro", "radio"); and the
//                    adjective before a word may be the combining form joined to it ("thermal
//                    cycler" finds thermocycler, "glucose meter" glucometer);
//   instruments      the endings of an instrument and its method: -scope, -meter, -metre,
//                    -graph and -scopy, -metry, -graphy, so "spectroscope" also reads as
//                    spectrometer where a record has no spectroscope.
import type { InvertedIndex } from './inverted-index.js';

/** Adjective endings a combining form in -o stands for. */
const ADJECTIVE_ENDINGS = ['al', 'ic', 'ical', 'ac'] as const;
/** Endings taken off a word before its combining form ("glucose" → gluco-, "thermal" → thermo-). */
const BEFORE_COMBINING = /(?:ical|ic|al|ous|ose|ar|e|y)$/;
/** A stem shorter than this ("bi-", "ge-") is too short to be read by its ending. */
const MIN_STEM = 3;
/** The endings of an instrument's name and of its method's. */
const INSTRUMENT_ENDING = /(?:scope|scopy|meter|metre|metry|graph|graphy)$/;
const INSTRUMENT_ENDINGS = ['scope', 'scopy', 'meter', 'metre', 'metry', 'graph', 'graphy'] as const;
/** An instrument's stem has at least this many letters ("spectro-", "calori-"): "meter" alone is none, and "tele-" (telescope, telemetry) too short to say. */
const MIN_INSTRUMENT_STEM = 5;

/** The adjectives of the index a combining form in -o stands for ("thermo" → thermal, thermic). */
export function adjectivesOf(index: InvertedIndex, word: string): number[] {
  if (!word.endsWith('o') || word.length - 1 < MIN_STEM || !/^[a-z]+$/.test(word)) return [];
  const stem = word.slice(0, -1);
  const out: number[] = [];
  for (const end of ADJECTIVE_ENDINGS) {
    const t = index.termId(stem + end);
    if (t >= 0) out.push(t);
  }
  return out;
}

/**
 * The spellings of two neighbouring words joined by the first one's combining form, for a first
 * word that is not one already ("thermal", "cycler" → thermocycler; "glucose", "meter" →
 * glucometer).
 */
export function combinedSpellings(first: string, second: string): string[] {
  if (!/^[a-z]+$/.test(first) || !/^[a-z]+$/.test(second) || first.endsWith('o')) return [];
  const out = new Set<string>();
  const m = BEFORE_COMBINING.exec(first);
  const stems = m ? [first.slice(0, m.index), first] : [first];
  for (const stem of stems) if (stem.length >= MIN_STEM) out.add(`${stem}o${second}`);
  return [...out];
}

/** The index's words for the same stem with another instrument or method ending ("spectroscope" → spectrometer, spectrometry). */
export function instrumentForms(index: InvertedIndex, word: string): number[] {
  const m = INSTRUMENT_ENDING.exec(word);
  if (!m || m.index < MIN_INSTRUMENT_STEM) return [];
  const stem = word.slice(0, m.index);
  const out: number[] = [];
  for (const end of INSTRUMENT_ENDINGS) {
    if (end === m[0]) continue;
    const t = index.termId(stem + end);
    if (t >= 0) out.push(t);
  }
  return out;
}
