// The shapes of a query plan (./query-plan.ts builds it, ./plan-builder.ts its alternatives):
// the units, each reading a unit may match, and what the plan asks of the ranking.
import type { CaseSpelling } from './case-segments.js';
import type { Token } from './search-text.js';

export interface Unit {
  token: Token;
  /** How much this unit counts: the rarer its matches, the more (inverse document frequency). */
  weight: number;
}

/** How an alternative is checked in names before the walk (./verified-spellings.ts). */
export type Verify = boolean | 'spelt' | 'head';

export interface Alternative {
  /** Terms, either listed or a range [from, to) when `terms` is null. */
  terms: readonly number[] | null;
  from: number;
  to: number;
  quality: number;
  /** The units it stands for (a bit per unit). */
  units: number;
  fields: number;
  /** Matched by initials (checked against names' initials, not their words). */
  acronym: string | null;
  /** The initials may be word beginnings of several letters ("LERNA": Laboratoire d'Économie des Ressources NAturelles). */
  syllabic: boolean;
  /** A content word of the name may give no letter ("UTOPI", ./skipped-initials.ts). */
  skip?: boolean;
  /** Word beginnings of any length (./long-beginnings.ts). */
  long?: boolean;
  /**
   * Kept only for the records whose names spell it (./verified-spellings.ts); 'spelt': the walk
   * does not read its terms either (the letters are another name's initials: their holders are
   * not candidates for that), only the records found so are ranked; 'head': its terms are the
   * initials of the words that end a name, kept for the records whose name with its head word
   * left out they spell ("PROMES": Laboratoire PROcédés, Matériaux et Energie Solaire).
   */
  verify?: Verify;
  /** Initials spelled out by several query words: not credited in a record whose own names spell them (./spelled-out.ts). */
  spelled?: boolean;
  /**
   * Each unit it spans weighs the whole of it, not its share (./query-plan.ts): the Latin
   * initials of words in another alphabet, which may be the only reading those words have.
   */
  undivided?: boolean;
  /** Read by where the capitals of a word in mixed case begin the name's words (./case-segments.ts). */
  segments?: CaseSpelling;
  /** Credited only in these records' own names, found to spell it (./parent-suffixes.ts); not walked. */
  only?: ReadonlySet<number>;
}

export interface QueryPlan {
  units: Unit[];
  alternatives: Alternative[];
  key: string;
  totalWeight: number;
  /** Records whose names spell a reading that is kept only so (./verified-spellings.ts): ranked whatever their coverage. */
  spelt?: number[];
}
