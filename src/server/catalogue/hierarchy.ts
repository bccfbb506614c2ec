// The catalogue's hierarchy (broader terms) as the priors read it (./search-prepare.ts): a
// module of its own, without the text rules, so that the child that merges the parts of an
// index (./index-merge.ts) loads only what it uses.
import type { CatalogueEntry } from './source-record.js';

/**
 * Descendants per lower-cased label: how many records have it as a broader term, directly or
 * through others. A concept counts at least as much as each of its narrower ones, so the plain
 * concept ranks before its variants when both fit a query equally well. Fed one record at a
 * time while the catalogue is read (the narrower records kept as document numbers: a part of a
 * catalogue writes them to its index file, ./index-merge.ts); counted once at the end.
 */
export class Hierarchy {
  /** Lower-cased broader term → its narrower records, in document order. */
  readonly children = new Map<string, number[]>();
  /** Records noted (or appended) so far: the next record's document number. */
  private size = 0;

  /** Appends the edges of the `size` records that come after these (an index built in parts). */
  append(children: ReadonlyMap<string, readonly number[]>, size: number): void {
    const shift = this.size;
    for (const [key, list] of children) {
      let mine = this.children.get(key);
      if (!mine) this.children.set(key, (mine = []));
      for (const d of list) mine.push(d + shift);
    }
    this.size += size;
  }

  /** Per record, 0…1, from the labels in document order: how general a concept it is. */
  priors(size: number, label: (d: number) => string): Float32Array {
    const lower = Array.from({ length: size }, (_, d) => label(d).toLowerCase());
    const descendants = this.descendantCounts(lower);
    const prior = new Float32Array(size);
    for (let d = 0; d < size; d++) prior[d] = Math.min(1, Math.log2(1 + (descendants.get(lower[d]!) ?? 0)) / 8);
    return prior;
  }

  /** Notes the next record (records are noted in document order). */
  note(e: Pick<CatalogueEntry, 'parents'>): void {
    const d = this.size++;
    for (const p of e.parents) {
      const key = p.toLowerCase();
      const list = this.children.get(key);
      if (list) list.push(d);
      else this.children.set(key, [d]);
    }
  }

  /** `lower`: every record's lower-cased label, by document number. */
  descendantCounts(lower: readonly string[]): Map<string, number> {
    const { children } = this;
    const counts = new Map<string, number>();
    const visiting = new Set<string>();
    const count = (label: string): number => {
      const known = counts.get(label);
      if (known !== undefined) return known;
      if (visiting.has(label)) return 0; // a cycle in the source's hierarchy
      visiting.add(label);
      let n = 0;
      for (const c of children.get(label) ?? []) n += 1 + count(lower[c]!);
      visiting.delete(label);
      counts.set(label, n);
      return n;
    };
    for (const label of children.keys()) count(label);
    return counts;
  }
}
