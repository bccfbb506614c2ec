// The qualities of the alternatives of a query unit (./query-plan.ts explains the order) and the
// sets of index fields each kind of alternative is walked in.
import { ACRONYM, ALT, BODY, CONTEXT, CONTEXT_ACRONYM, RUN, TITLE } from './inverted-index.js';

/** How much a unit found by each kind of alternative counts (see ./query-plan.ts). */
export const QUALITY = {
  word: 1,
  joined: 0.95,
  /** Two words joined by the first one's combining form ("thermal cycler" → thermocycler). */
  combined: 0.85,
  acronym: 0.95,
  stem: 0.9,
  abbreviation: 0.85,
  /** A letter written by convention: X for exchange, a number word's initial ("SAX", "DFWM"; ./conventional-letters.ts). */
  conventional: 0.85,
  lowerAcronym: 0.8,
  spelledOut: 0.8,
  cognate: 0.75,
  acronymVariant: 0.8,
  /** A letter variant of an acronym that is a likely slip (./slips.ts), and the others then. */
  likelyVariant: 0.85,
  unlikelyVariant: 0.7,
  /** A run inside a name's initials that the index holds only within the whole name's (./inner-initials.ts). */
  innerRun: 0.8,
  /** The letters a digit multiplies ("L2S" as lss): above a letter variant of the acronym typed. */
  multiplied: 0.9,
  /** The capitals of a word in mixed case ("CHiMaD" as chmd). */
  capitals: 0.8,
  syllabic: 0.55,
  /** Word beginnings a record's whole name was checked to spell ("IMAR", ./verified-spellings.ts): every letter typed explained, so above a letter variant of the acronym (one letter not). */
  spelt: 0.82,
  /** The same, of the one word of a query in capitals that records have as a word ("SOCIÉTÉ"): below those records. */
  shoutedSpelt: 0.7,
  /** Initials with a content word of the name left out ("UTOPI", ./skipped-initials.ts): below word beginnings. */
  skipped: 0.5,
  /** Word beginnings of any length, a word of the name left out ("IBMETRO", "MICALIS"; ./long-beginnings.ts). */
  longBeginnings: 0.5,
  longSkipped: 0.4,
  /** An own whole name's initials or word beginnings with a parent organisation's initials glued on ("IOCAS", ./parent-suffixes.ts): every letter explained, so above a letter variant of an acronym. */
  parentSuffixed: 0.83,
  likelyTypo: 0.75,
  /** A word of the same root with another derivational ending ("reflectivity" → reflectometry; ./derivations.ts). */
  derived: 0.7,
  completion: 0.6,
  /** The same stem with another instrument or method ending ("spectroscope" → spectrometry). */
  otherForm: 0.6,
  /** The other kind's ending of a stem whose endings name the same thing ("spectroscope" → spectroscopy), below the same kind's (spectrometer, at the stem's quality). */
  switchedForm: 0.85,
  typo: 0.4,
  /** Word beginnings of a word in capitals where capitals say nothing: below a slip's correction. */
  shoutedSyllabic: 0.35,
  /** A content word left out, in a query where capitals say nothing: below word beginnings there. */
  shoutedSkipped: 0.3,
} as const;

/** Field sets walked for each kind of alternative. */
export const WORD_FIELDS = (1 << TITLE) | (1 << ALT) | (1 << CONTEXT) | (1 << BODY);
export const ACRONYM_FIELDS = (1 << ACRONYM) | (1 << RUN) | (1 << CONTEXT_ACRONYM);
/** The record's own names (label and alternative names), as words. */
export const NAME_FIELDS = (1 << TITLE) | (1 << ALT);
export const JOINED_FIELDS = (1 << TITLE) | (1 << ALT) | ACRONYM_FIELDS;
