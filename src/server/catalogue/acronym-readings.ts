// A query unit read as an acronym (./plan-builder.ts): the derived acronyms equal to it; in
// capitals, its initials anywhere in a candidate's names, its letter variants ("MALS" for
// MALLS) and, for a string nothing else explains, word beginnings ("LERNA"); the derived
// acronyms that hold it as a run inside them (./inner-initials.ts: "LIESMARS"); and those
// with a word it leaves out (./skipped-initials.ts: "UTOPI").
import { MAX_ACRONYM, MIN_ACRONYM } from './acronyms.js';
import { syllabicInitials } from './initials-match.js';
import { innerInitials } from './inner-initials.js';
import { ACRONYM, type InvertedIndex } from './inverted-index.js';
import { ACRONYM_FIELDS, JOINED_FIELDS, QUALITY } from './plan-quality.js';
import { conventionalSpellings } from './conventional-letters.js';
import { likelyVariants } from './slips.js';
import { exponentReading, spreadExponent } from './repeated-letters.js';
import { skippedInitials } from './skipped-initials.js';
import type { Verify } from './plan-types.js';

/** Acronyms of word beginnings (./initials-match.ts) are at most this long. */
const MAX_SYLLABIC = 10;
/** A word no record has is read as word beginnings from this length ("ecco" is more likely a slip). */
const MIN_SYLLABIC = 5;
/** Word beginnings checked in names (./verified-spellings.ts) are read from this length ("CLO" is more likely C·L·O than C·LO). */
const MIN_SPELT = 4;
/** Word beginnings of an acronym other readings explain are read only as the initials of at most this many records' names. */
const FEW_RECORDS = 4;
/** Readings of an acronym that is another name's initials (a word left out, word beginnings) count this much of their quality. */
const TAKEN = 0.6;
/** At most this many letter variants of an acronym are tried. */
const MAX_VARIANTS = 24;

/**
 * The acronym with each multiplied letter written out, or null: a digit before a letter
 * multiplies it ("ad2m" → admm) or, when none does, a 2 or 3 after one, as an exponent is
 * written ("m2p2" → mmpp, "i3" → iii: I³).
 */
export function multiplied(raw: string): string | null {
  if (/[2-4][a-z]/.test(raw)) {
    const out = raw.replace(/([2-4])([a-z])/g, (_, n: string, letter: string) => letter.repeat(Number(n)));
    // Another letter besides the multiplied ones: "3D" is three-dimensional, not D D D.
    if (!/[0-9]/.test(out) && new Set(out).size >= 2) return out;
  }
  if (!/^[a-z]/.test(raw) || !/[a-z][23](?![0-9])/.test(raw)) return null;
  const out = raw.replace(/([a-z])([23])(?![0-9])/g, (_, letter: string, n: string) => letter.repeat(Number(n)));
  // Written out, at least three letters: "i2" or "h2" is a name or a formula, not I I.
  return /[0-9]/.test(out) || out.length < 3 ? null : out;
}

/**
 * The capitals of each word written in mixed case ("CHiMaD" → chmd, "DECIPHer" → deciph), by
 * the word folded as the query's tokens have it; only words that start with a capital and have
 * another and a small letter.
 */
export function mixedCaseCapitals(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of text.match(/[A-Za-z]+/g) ?? []) {
    const capitals = word.replace(/[a-z]/g, '');
    // Small letters after a capital continue its word; a small letter first is a word's
    // initial or a word of its own ("qPCR", "cryoSEM"), so such a word keeps all its letters.
    if (capitals.length >= 2 && capitals.length < word.length && /^[A-Z]/.test(word)) out.set(word.toLowerCase(), capitals.toLowerCase());
  }
  return out;
}

/**
 * The fewest initials word beginnings of an acronym other readings also explain are read with:
 * most of its letters (a few clipped words, "CREATIS": C·RE·A·T·I·S), not a short acronym
 * many names have with most of the letters typed taken as beginnings.
 */
function mostlyInitials(raw: string): number {
  return Math.max(3, Math.ceil(raw.length * 0.6));
}

/** Where the readings go: the plan's alternatives (./plan-builder.ts). */
export interface ReadingSink {
  /** The term `word` as an alternative if some document has it in one of `fields`; true when one has. */
  term(word: string, quality: number, units: number, fields: number, acronym?: string | null): boolean;
  list(terms: readonly number[], quality: number, units: number, fields: number, acronym?: string | null, syllabic?: boolean, skip?: boolean, verify?: Verify): void;
  /** Initials read off every candidate's names, with no term of the index behind them. */
  initialsOnly(acronym: string, quality: number, units: number): void;
}

export class AcronymReadings {
  /** `shouted`: the query has no small letter, so capitals say nothing of its words. */
  constructor(
    private readonly index: InvertedIndex,
    private readonly sink: ReadingSink,
    private readonly shouted: boolean,
  ) {}

  /**
   * A unit read as an acronym: derived acronyms equal to it, or (in capitals) close to it.
   * `alone`: the only word of a query in capitals, which may be an acronym even when it is
   * also a word ("SPRITE"); `only`: the query's only word.
   */
  read(raw: string, bits: number, caps: boolean, isWord: boolean, alone = false, only = false): boolean {
    if (raw.length < MIN_ACRONYM || raw.length > MAX_ACRONYM || !/^[a-z0-9]+$/.test(raw)) return false;
    const sink = this.sink;
    const exact = sink.term(raw, caps ? QUALITY.acronym : QUALITY.lowerAcronym, bits, ACRONYM_FIELDS, raw);
    // A run from the middle of a name, a long one, or one with function words ("LIESMARS"),
    // for an acronym in capitals or a word no record has.
    const inner = (caps || !isWord || alone) && this.innerRuns(raw, bits);
    const many = this.repeats(raw, bits, caps);
    // A content word left out ("UTOPI"), for one typed word (also one that is a word, typed
    // alone in capitals); when it is another record's whole name's initials ("SIOM": the Sobolev
    // Institute of Mathematics, and the Shanghai Institute of Optics and Fine Mechanics) only for
    // the query's only word, below them, ranked only where a whole name spells it (./verified-spellings.ts).
    const taken = this.wholeName(raw);
    if ((caps || !isWord || alone) && (bits & (bits - 1)) === 0 && (!taken || only)) this.skipped(raw, bits, caps ? QUALITY.skipped : QUALITY.shoutedSkipped, taken);
    // Word beginnings of an acronym in capitals of MIN_SYLLABIC letters or more ("CREATIS"), below
    // every other reading, even when another record has it as its own or as a word ("CESAM"):
    // most of its letters initials, of the names of a few records only.
    const clipped = caps && raw.length >= MIN_SYLLABIC && this.syllabic(raw, bits, QUALITY.syllabic, mostlyInitials(raw), FEW_RECORDS);
    // Word beginnings of an acronym in capitals typed as one word that no name has as its
    // initials ("IMAR": Institute of MARine Research), for any derived initials a split gives,
    // kept only where a record's whole name spells it (./verified-spellings.ts); so too the one
    // word of a query in capitals, where capitals say nothing ("CERMES": CEntre de Recherche
    // MEdicale et Sanitaire), else read only by bare word beginnings, a guess; below the records
    // that have it as a word, when some do ("SOCIÉTÉ"). An acronym some name has as its initials
    // is read so only as the query's only word, below that name, and the walk does not read the
    // initials the beginnings give: only the records whose whole names spell it are ranked ("INSB":
    // IN·S·B of Institut des Sciences Biologiques, below the names whose initials are I N S B).
    if ((!exact || only) && (caps || (alone && this.shouted)) && (bits & (bits - 1)) === 0 && raw.length >= MIN_SPELT && raw.length <= MAX_SYLLABIC && /^[a-z]+$/.test(raw)) {
      const quality = caps || !isWord ? QUALITY.spelt : QUALITY.shoutedSpelt;
      this.sink.list(syllabicInitials(this.index, raw, false, 2), exact ? quality * TAKEN : quality, bits, ACRONYM_FIELDS, raw, true, false, exact ? 'spelt' : true);
      // The same of a name with its head word left out ("PROMES": Laboratoire PROcédés, Matériaux
      // et Energie Solaire), by the initials of the words that end names, checked after the whole names.
      if (!exact) this.sink.list(syllabicInitials(this.index, raw, true, 2, Infinity, true), quality, bits, ACRONYM_FIELDS, raw, true, false, 'head');
    }
    if (exact) return true;
    // A letter written by convention: X for exchange, a number word's initial ("SAX", "DFWM").
    let conventional = false;
    if (caps) for (const spelling of conventionalSpellings(raw)) conventional = sink.term(spelling, QUALITY.conventional, bits, ACRONYM_FIELDS, raw) || conventional;
    // Not the initials of a whole name or of its start or end; the ranking still reads the
    // initials inside every candidate's names ("TOF" in "MALDI time-of-flight mass spectrometry").
    if (caps) sink.initialsOnly(raw, QUALITY.acronym, bits);
    // The one word of a query with no small letter that is a word: its initials in candidates'
    // names, with function words ("IMAGER": Institut des Mondes Anglophone, Germanique Et Roman).
    else if (alone && this.shouted) sink.initialsOnly(raw, QUALITY.shoutedSpelt, bits);
    // A word no record has, typed in capitals among other words of a query where capitals say
    // nothing (alone it is read as in capitals, ./query-plan.ts), may still be word beginnings,
    // and so may the one word of such a query that is a word ("LHUMAIN"); it is not read as a
    // letter variant (a slip's corrections are tried instead), and words run together ("GRC
    // IMAGES") are not read so.
    if (!caps) {
      const shoutedSyllabic = this.shouted && (!isWord || alone) && (bits & (bits - 1)) === 0 && raw.length >= MIN_SYLLABIC && (isWord ? this.syllabic(raw, bits, QUALITY.shoutedSyllabic, mostlyInitials(raw), FEW_RECORDS) : this.syllabic(raw, bits, QUALITY.shoutedSyllabic));
      return inner || many || shoutedSyllabic;
    }
    if (raw.length < 3) return inner || many || conventional;
    // Letter variants of an acronym nobody has as typed ("MALS" for MALLS); one a record has is meant.
    const near = [...this.index.termsNear(raw, 1)];
    if (raw.length >= 4) {
      const [from, to] = this.index.prefixRange(raw);
      for (let t = from; t < to && t < from + 64; t++) near.push(t);
    }
    // Each variant is read as initials under its own spelling ("HLPC" as hplc); of a long enough
    // acronym, a swap of neighbours first ("qPRC" for qPCR, ./slips.ts).
    const likely = likelyVariants(this.index, raw, near.slice(0, MAX_VARIANTS));
    for (const t of near.slice(0, MAX_VARIANTS)) {
      const quality = likely.has(t) ? QUALITY.likelyVariant : likely.size > 0 ? QUALITY.unlikelyVariant : QUALITY.acronymVariant;
      sink.list([t], quality, bits, JOINED_FIELDS, this.index.terms[t]!);
    }
    // Word beginnings without those limits only for a string nothing else explains: they fit many names loosely.
    const syllabic = !isWord && !inner && near.length === 0 && this.syllabic(raw, bits);
    return inner || many || conventional || near.length > 0 || syllabic || clipped;
  }

  /**
   * Letters an acronym is read as besides its own: the capitals of a word in mixed case
   * ("CHiMaD": Center for Hierarchical Materials Design), the letters a digit multiplies
   * ("L2S": Laboratoire des Signaux et Systèmes): the derived acronyms equal to them or
   * holding them, and their initials in every candidate's names.
   */
  capitals(letters: string, bits: number, quality: number): boolean {
    if (letters.length < 3 || letters.length > MAX_ACRONYM) return false;
    const exact = this.sink.term(letters, quality, bits, ACRONYM_FIELDS, letters);
    const inner = innerInitials(this.index, letters);
    this.sink.list(inner, quality * QUALITY.innerRun, bits, 1 << ACRONYM, letters);
    if (!exact) this.sink.initialsOnly(letters, quality, bits);
    return exact || inner.length > 0;
  }

  /**
   * The letters a digit repeats: a digit multiplies the letter after it ("AD2M": Adaptation et
   * Diversité en Milieu Marin) or, between or after letters, is an exponent of the letter before
   * it ("L2CM" = llcm, "CI3" = ciii), whose repeats may stand apart ("I2BC" = ibic; ./repeated-letters.ts).
   */
  repeats(raw: string, bits: number, caps: boolean): boolean {
    const repeated = multiplied(raw);
    let many = repeated !== null && this.capitals(repeated, bits, QUALITY.multiplied);
    const exponent = exponentReading(raw);
    if (exponent !== null && exponent !== repeated) many = this.capitals(exponent, bits, QUALITY.multiplied) || many;
    if (caps) for (const spread of spreadExponent(raw)) many = this.sink.term(spread, QUALITY.conventional, bits, ACRONYM_FIELDS, spread) || many;
    return many;
  }

  /** Derived acronyms holding the letters as a run inside them (./inner-initials.ts). */
  private innerRuns(raw: string, bits: number): boolean {
    const terms = innerInitials(this.index, raw);
    this.sink.list(terms, QUALITY.innerRun, bits, 1 << ACRONYM, raw);
    return terms.length > 0;
  }

  /**
   * Initials with a content word of the name left out (./skipped-initials.ts), for one word
   * typed; `taken`: the letters are another name's initials, so only names that spell them
   * with the word left out are kept (./verified-spellings.ts), below that name.
   */
  private skipped(raw: string, bits: number, quality: number, taken: boolean): void {
    this.sink.list(skippedInitials(this.index, raw), taken ? quality * TAKEN : quality, bits, ACRONYM_FIELDS, raw, true, true, taken ? 'spelt' : false);
  }

  /** Whether some name's initials are `raw` (not only those of the words that start or end it). */
  private wholeName(raw: string): boolean {
    const t = this.index.termId(raw);
    return t >= 0 && this.index.frequency(ACRONYM, t) > 0;
  }

  /** Word beginnings; those of the words that start or end a name only for one word typed ("GSO CESTA" is two names). */
  private syllabic(raw: string, bits: number, quality: number = QUALITY.syllabic, fewest = 3, rarest = Infinity): boolean {
    const terms = raw.length <= MAX_SYLLABIC ? syllabicInitials(this.index, raw, (bits & (bits - 1)) === 0, fewest, rarest) : [];
    this.sink.list(terms, quality, bits, ACRONYM_FIELDS, raw, true);
    return terms.length > 0;
  }
}
