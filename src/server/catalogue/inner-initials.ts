// Acronyms that spell a run of a name the index does not hold as its own term: a run from the
// middle of the name ("LIESMARS": State Key Laboratory of Information Engineering in Surveying,
// MApping and Remote Sensing), one longer than the start and end runs indexed ("RAMPAGE": RNA
// Annotation and Mapping of Promoters for the Analysis of Gene Expression), or one that holds
// function words ("IFEU": Institut für Energie- und Umweltforschung). Each such run is part of
// the initials of the whole name (./acronyms.ts indexes those in every reading), so the records
// are found through the derived acronyms that contain the typed letters: a table of the
// three-letter groups of every derived whole-name acronym, built on first use (a few hundred
// kB), narrows the vocabulary to the terms holding the rarest group of the query; no record is
// read. The ranking then finds the run in the record's names (./initials-match.ts).
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

/** Per three-letter group, the derived whole-name acronyms holding it (ascending term numbers). */
class GramTable {
  private readonly starts: Int32Array;
  private readonly terms: Int32Array;

  constructor(private readonly index: InvertedIndex) {
    const size = BASE ** GRAM;
    const counts = new Int32Array(size + 1);
    const { starts } = index.fields[ACRONYM]!;
    const seen = new Int32Array(MAX_ACRONYM);
    // Each group of a term once, so every list is ascending and holds a term at most once.
    const each = (visit: (g: number, t: number) => void) => {
      for (let t = 0; t < index.termCount; t++) {
        if (starts[t + 1] === starts[t]) continue;
        const term = index.terms[t]!;
        if (term.length < MIN_INNER) continue;
        let kept = 0;
        for (let i = 0; i + GRAM <= term.length; i++) {
          const g = gramAt(term, i);
          let known = g < 0;
          for (let k = 0; k < kept && !known; k++) known = seen[k] === g;
          if (known) continue;
          seen[kept++] = g;
          visit(g, t);
        }
      }
    };
    each((g) => counts[g + 1]!++);
    for (let g = 0; g < size; g++) counts[g + 1]! += counts[g]!;
    this.starts = counts.slice();
    this.terms = new Int32Array(counts[size]!);
    each((g, t) => {
      this.terms[counts[g]!++] = t;
    });
  }

  /** Derived acronyms other than `text` itself that contain it, or [] when too many do. */
  containing(text: string): number[] {
    let best = -1;
    let bestSize = Infinity;
    for (let i = 0; i + GRAM <= text.length; i++) {
      const g = gramAt(text, i);
      if (g < 0) return [];
      const size = this.starts[g + 1]! - this.starts[g]!;
      if (size < bestSize) [best, bestSize] = [g, size];
    }
    if (best < 0 || bestSize === 0) return [];
    const out: number[] = [];
    for (let k = this.starts[best]!; k < this.starts[best + 1]!; k++) {
      const t = this.terms[k]!;
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
  let table = TABLES.get(index);
  if (!table) TABLES.set(index, (table = new GramTable(index)));
  return table.containing(text);
}
