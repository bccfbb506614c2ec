// Initials spelled out by several query words ("National Institute of Cardiology" → NIC,
// ./plan-builder.ts) stand for a record's acronym written as a word of a name ("NIC"). A record
// whose own names spell those initials says what its acronym stands for ("National Institute of
// Chemistry"): the query's words are read against those words as they are, and the spelled-out
// reading counts in that record only half its quality (./name-match.ts: Cardiology is not
// Chemistry; not nothing, since one acronym may have been spelled out two ways, a laboratory's
// old and new names). A record that has the acronym but no name spelling it (its full name in
// another language, "Instituto Nacional de Cardiología") keeps the reading whole.
import { ACRONYM, type InvertedIndex, RUN } from './inverted-index.js';
import type { NameTable } from './name-table.js';
import type { Unit } from './plan-builder.js';
import type { TermMarks } from './term-marks.js';

/** Fields holding the initials of a record's own names: of each whole name, of the runs that start or end one. */
const OWN_INITIALS = [ACRONYM, RUN] as const;

/** Whether record `d` has a name whose initials (as indexed) are term `t`. */
export function spellsItself(index: InvertedIndex, t: number, d: number): boolean {
  for (const f of OWN_INITIALS) {
    const { starts, docs } = index.fields[f]!;
    // A term's documents are in ascending order (./index-builder.ts).
    let lo = starts[t]!;
    let hi = starts[t + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = docs[mid]!;
      if (at === d) return true;
      if (at < d) lo = mid + 1;
      else hi = mid;
    }
  }
  return false;
}

/** Letters a name's word shares with a query word's beginning to read it. */
const SAME_BEGINNING = 4;

/**
 * The units no word of record `d`'s own names reads (by any mark but spelled-out initials, or
 * by its first SAME_BEGINNING letters): spelled-out initials covering one are contradicted where
 * the record's names spell them ("Cardiology" at "Chemistry"); where every word is read ("Inst
 * Microbiol Chinese Acad Sci" at "Institute of Microbiology, Chinese Academy of Sciences";
 * "Atmospher" at "Atmospheric"), they stand.
 */
export function unreadUnits(names: NameTable, index: InvertedIndex, marks: TermMarks, units: readonly Unit[], d: number): number {
  let read = 0;
  for (let n = names.docNames[d]!; n < names.docNames[d + 1]!; n++) {
    for (let p = names.nameTokens[n]!; p < names.nameTokens[n + 1]!; p++) {
      const t = names.tokenTerm[p]!;
      for (let s = marks.first(t); s >= 0; s = marks.next[s]!) if (!marks.spelled[s]) read |= marks.units[s]!;
      const term = index.terms[t]!;
      for (let u = 0; u < units.length && u < 30; u++) if (!(read & (1 << u)) && term.startsWith(units[u]!.token.word.slice(0, SAME_BEGINNING))) read |= 1 << u;
    }
  }
  return ~read;
}
