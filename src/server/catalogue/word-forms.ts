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
//                    spectrometer where a record has no spectroscope. Where the index's own
//                    names use two endings of a stem for one thing (records named both "…
//                    spectroscopy" and "… spectrometry"), the other ending of the same kind
//                    reads as closely as the stem class (spectroscope → spectrometer,
//                    spectrometry → spectroscopy) and the other kind just below it; elsewhere
//                    ("microscope", "micrometer"; "photometry", "photography") every other
//                    ending stays far. The connecting vowel of -meter and -metry is spelt
//                    either way (fluorimeter, fluorometer).
import { ALT, type InvertedIndex, TITLE } from './inverted-index.js';

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
/** The instruments' endings; the others are their methods'. */
const INSTRUMENT_KIND = new Set(['scope', 'meter', 'metre', 'graph']);
/** Each ending's family: the words of a name that show a stem takes it ("spectroscopic" for -scope). */
const FAMILY: Record<string, readonly string[]> = {
  scop: ['scope', 'scopes', 'scopy', 'scopic', 'scopical'],
  metr: ['meter', 'meters', 'metre', 'metres', 'metry', 'metric', 'metrical'],
  graph: ['graph', 'graphs', 'graphy', 'graphic', 'graphical'],
};
const familyOf = (ending: string): string => (ending.startsWith('scop') ? 'scop' : ending.startsWith('met') ? 'metr' : 'graph');
/**
 * Two endings of a stem name one thing when at least this many records have both in their names
 * (spectroscopy and spectrometry name the same methods; microscopy and micrometry never do).
 */
const CO_NAMED = 2;
/** A connecting vowel of an instrument's ending, spelt either way (fluorimeter, fluorometer; conductimetry). */
const CONNECTING_VOWEL = /([io])(met(?:er|re|ry|ric))$/;

/** The index's words for the same stem with another instrument or method ending, as ./plan-builder.ts weighs them. */
export interface InstrumentForms {
  /** The same word with the other connecting vowel ("fluorimeter" → fluorometer). */
  spelling: number[];
  /** The same kind (instrument or method) with an ending the index's names use for the same thing ("spectroscope" → spectrometer). */
  alike: number[];
  /** Of a stem whose endings name the same thing, the other kind ("spectroscope" → spectroscopy, spectrometry): below `alike`. */
  switched: number[];
  /** The other endings ("microscope" → microscopy, micrometer). */
  other: number[];
}

/** The index's words for the same stem with another instrument or method ending ("spectroscope" → spectrometer, spectrometry). */
export function instrumentForms(index: InvertedIndex, word: string): InstrumentForms {
  const out: InstrumentForms = { spelling: [], alike: [], switched: [], other: [] };
  const v = CONNECTING_VOWEL.exec(word);
  if (v && v.index >= MIN_STEM) {
    const t = index.termId(word.slice(0, v.index) + (v[1] === 'i' ? 'o' : 'i') + v[2]);
    if (t >= 0) out.spelling.push(t);
  }
  const m = INSTRUMENT_ENDING.exec(word);
  if (!m || m.index < MIN_INSTRUMENT_STEM) return out;
  const stem = word.slice(0, m.index);
  const kind = INSTRUMENT_KIND.has(m[0]);
  const family = familyOf(m[0]);
  const found: [term: number, end: string][] = [];
  for (const end of INSTRUMENT_ENDINGS) {
    const t = end === m[0] ? -1 : index.termId(stem + end);
    if (t >= 0) found.push([t, end]);
  }
  const alike = (end: string) => familyOf(end) === family || coNamed(index, stem, familyOf(end), family);
  for (const [t, end] of found) if (INSTRUMENT_KIND.has(end) === kind && alike(end)) out.alike.push(t);
  for (const [t, end] of found) {
    if (INSTRUMENT_KIND.has(end) === kind && alike(end)) continue;
    (out.alike.length > 0 && alike(end) ? out.switched : out.other).push(t);
  }
  return out;
}

/** Whether CO_NAMED records have the stem with both endings' families in their names (remembered). */
function coNamed(index: InvertedIndex, stem: string, a: string, b: string): boolean {
  const [x, y] = a < b ? [a, b] : [b, a];
  return index.remembered(`conamed:${stem}:${x}:${y}`, () => [namedBoth(index, stem, x, y) ? 1 : 0])[0] === 1;
}

function namedBoth(index: InvertedIndex, stem: string, a: string, b: string): boolean {
  const docs = new Set<number>();
  const each = (family: string, visit: (d: number) => boolean): boolean => {
    for (const end of FAMILY[family]!) {
      const t = index.termId(stem + end);
      if (t < 0) continue;
      for (const f of [TITLE, ALT]) {
        const [from, to] = index.range(f, t);
        const list = index.fields[f]!.docs;
        for (let i = from; i < to; i++) if (visit(list[i]!)) return true;
      }
    }
    return false;
  };
  each(a, (d) => (docs.add(d), false));
  let both = 0;
  const seen = new Set<number>();
  return each(b, (d) => docs.has(d) && !seen.has(d) && (seen.add(d), ++both >= CO_NAMED));
}

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
