// Acronyms that spell a run of a name the index does not hold as its own term: a run from the
// middle of the name ("LIESMARS": State Key Laboratory of Information Engineering in Surveying,
// MApping and Remote Sensing), one longer than the start and end runs indexed ("RAMPAGE": RNA
// Annotation and Mapping of Promoters for the Analysis of Gene Expression), or one that holds
// function words ("IFEU": Institut für Energie- und Umweltforschung). Each such run is part of
// the initials of the whole name (./acronyms.ts indexes those in every reading), so the records
// are found through the derived acronyms that contain the typed letters: a table of the
// three-letter groups of the derived whole-name acronyms, built when the index is built or read
// (about half a MB and 20–60 ms for the shipped catalogue), narrows the vocabulary to the terms
// holding the rarest groups of the query; no record is read. The ranking then finds the run in the record's names (./initials-match.ts).
import { MAX_ACRONYM } from './acronyms.js';
import { ACRONYM, type InvertedIndex } from './inverted-index.js';

/** Groups of this many letters index the derived acronyms. */
const GRAM = 3;
/** Letters and digits: a group is a number in base 37 (0 is "no character"). */
const BASE = 37;
/** A run is looked for from this many letters: shorter ones are in too many names. */
export const MIN_INNER = 4;
/** At most this many derived acronyms are returned (more: the letters say too little). */
const MAX_TERMS = 48;

function code(c: number): number {
  if (c >= 97 && c <= 122) return c - 96;
  if (c >= 48 && c <= 57) return c - 48 + 27;
  return -1;
}

function gramAt(text: string, i: number): number {
  let g = 0;
  for (let k = 0; k < GRAM; k++) {
    const c = code(text.charCodeAt(i + k));
    if (c < 0) return -1;
    g = g * BASE + c;
  }
  return g;
}

/**
 * Per three-letter group, the derived whole-name acronyms longer than MIN_INNER holding it at an
 * even position (ascending term numbers, each term once). A run of MIN_INNER letters or more
 * has a group at an even position of any acronym holding it, whichever position the run starts
 * at: the group at its first letter or the one after it. Half the groups of every acronym are
 * kept, so the table is about half a MB for the shipped catalogue.
 */
class GramTable {
  private readonly starts: Int32Array;
  private readonly terms: Int32Array;

  constructor(private readonly index: InvertedIndex) {
    const size = BASE ** GRAM;
    const { starts } = index.fields[ACRONYM]!;
    let most = 0;
    for (let t = 0; t < index.termCount; t++) if (starts[t + 1] !== starts[t]) most += (index.terms[t]!.length - 1) >> 1;
    // One pass gathers (group, term) pairs; a counting sort by group keeps the terms ascending.
    const pairGram = new Int32Array(most);
    const pairTerm = new Int32Array(most);
    const counts = new Int32Array(size + 1);
    const seen = new Int32Array(MAX_ACRONYM);
    let pairs = 0;
    for (let t = 0; t < index.termCount; t++) {
      if (starts[t + 1] === starts[t]) continue;
      const term = index.terms[t]!;
      if (term.length <= MIN_INNER) continue;
      let kept = 0;
      for (let i = 0; i + GRAM <= term.length; i += 2) {
        const g = gramAt(term, i);
        let known = g < 0;
        for (let k = 0; k < kept && !known; k++) known = seen[k] === g;
        if (known) continue;
        seen[kept++] = g;
        pairGram[pairs] = g;
        pairTerm[pairs++] = t;
        counts[g + 1]!++;
      }
    }
    for (let g = 0; g < size; g++) counts[g + 1]! += counts[g]!;
    this.starts = counts.slice();
    this.terms = new Int32Array(pairs);
    for (let k = 0; k < pairs; k++) this.terms[counts[pairGram[k]!]!++] = pairTerm[k]!;
  }

  /** The group at an even or odd position of `text` (`parity`) that the fewest acronyms hold, or −1. */
  private rarest(text: string, parity: number): number {
    let best = -1;
    let bestSize = Infinity;
    for (let i = parity; i + GRAM <= text.length; i += 2) {
      const g = gramAt(text, i);
      if (g < 0) return -1;
      const size = this.starts[g + 1]! - this.starts[g]!;
      if (size < bestSize) [best, bestSize] = [g, size];
    }
    return best;
  }

  /** Derived acronyms other than `text` itself that contain it, or [] when too many do. */
  containing(text: string): number[] {
    const even = this.rarest(text, 0);
    const odd = this.rarest(text, 1);
    if (even < 0 || odd < 0) return [];
    // The two lists, merged in ascending order: an acronym holding the run is in one or both.
    let a = this.starts[even]!;
    let b = this.starts[odd]!;
    const aEnd = this.starts[even + 1]!;
    const bEnd = this.starts[odd + 1]!;
    const out: number[] = [];
    while (a < aEnd || b < bEnd) {
      const ta = a < aEnd ? this.terms[a]! : Infinity;
      const tb = b < bEnd ? this.terms[b]! : Infinity;
      const t = Math.min(ta, tb);
      if (ta === t) a++;
      if (tb === t) b++;
      const term = this.index.terms[t]!;
      if (term.length > text.length && term.includes(text)) {
        if (out.length === MAX_TERMS) return [];
        out.push(t);
      }
    }
    return out;
  }
}

const TABLES = new WeakMap<InvertedIndex, GramTable>();

/**
 * Derived whole-name acronyms (./acronyms.ts) that hold `text` as a run of their letters, for
 * an acronym of at least MIN_INNER letters; [] when none or too many do.
 */
export function innerInitials(index: InvertedIndex, text: string): number[] {
  if (text.length < MIN_INNER) return [];
  return tableOf(index).containing(text);
}

/**
 * Builds the table of an index that will be searched (./search-index-builder.ts, when the index
 * is built or read), so that the first acronym query does not wait for it.
 */
export function prepareInnerInitials(index: InvertedIndex): void {
  tableOf(index);
}

/** Whether the table of `index` is built (it is once the index is built or read to be searched). */
export function innerInitialsReady(index: InvertedIndex): boolean {
  return TABLES.has(index);
}

function tableOf(index: InvertedIndex): GramTable {
  let table = TABLES.get(index);
  if (!table) TABLES.set(index, (table = new GramTable(index)));
  return table;
}
