// A compact inverted index over the catalogue: one sorted vocabulary of terms (words, joined
// words, acronyms), and per field a posting list of document numbers for each term, stored as
// one array of documents with an offset per term (no object per term or per posting). Built
// once per catalogue and never changed (a new catalogue gets a new index).
//
// Fields (what each contributes to a search, see docs/ARCHITECTURE.md):
//   TITLE, ALT        words of the record's label / alternative names, and the joined forms of
//                     words written together ("LC-PDA" → lcpda, "micro-probe" → microprobe);
//   CONTEXT           words of the parent organisations, city and country (shared strings);
//   BODY              words of the definition, broader terms and manufacturer;
//   ACRONYM           initials of each whole name (./acronyms.ts);
//   CONTEXT_ACRONYM   initials of each parent organisation ("NASU" for the National Academy of
//                     Sciences of Ukraine);
//   RUN               initials of runs of words inside a name ("NMR" in "nuclear magnetic
//                     resonance spectrometer").
// Terms are numbered in sorted order, so the completions of a prefix are one range of numbers.
import { editDistanceWithin } from './edit-distance.js';
import { type FieldPostings, IndexBuilder, type IndexableDoc } from './index-builder.js';
import type { PreparedText } from './search-text.js';

export { editDistanceWithin };
export type { FieldPostings, IndexableDoc };
export { ACRONYM, ALT, BODY, CONTEXT, CONTEXT_ACRONYM, ENGLISH_TERM, FIELD_COUNT, OTHER_TERM, RUN, TITLE } from './index-builder.js';

/** How many misspellings' near terms an index remembers (a few kB). */
const NEAR_CACHE_SIZE = 512;

export class InvertedIndex {
  /** Every term, sorted; a term's number is its position here. */
  readonly terms: string[];
  readonly termFlags: Uint8Array;
  readonly fields: FieldPostings[];
  private readonly termIds: Map<string, number>;
  private readonly nearCache = new Map<string, readonly number[]>();

  private constructor(
    readonly size: number,
    builder: IndexBuilder,
  ) {
    const built = builder.finish();
    this.terms = built.terms;
    this.termIds = built.termIds;
    this.termFlags = built.termFlags;
    this.fields = built.fields;
  }

  /** Indexes documents; `context` is the shared table of context names the documents point into. */
  static build(docs: readonly IndexableDoc[], context: readonly PreparedText[]): InvertedIndex {
    const b = new IndexBuilder(docs.length, context);
    for (let d = 0; d < docs.length; d++) b.addDoc(d, docs[d]!);
    return new InvertedIndex(docs.length, b);
  }

  /** Same, yielding to the event loop every few hundred documents so a server keeps answering. */
  static async buildInBackground(docs: readonly IndexableDoc[], context: readonly PreparedText[]): Promise<InvertedIndex> {
    const b = new IndexBuilder(docs.length, context);
    for (let d = 0; d < docs.length; d++) {
      b.addDoc(d, docs[d]!);
      if (d % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    }
    return new InvertedIndex(docs.length, b);
  }

  get termCount(): number {
    return this.terms.length;
  }

  /** The number of a term, or -1. */
  termId(term: string): number {
    return this.termIds.get(term) ?? -1;
  }

  /** Documents of term `t` in field `f`: [from, to) of fields[f].docs. */
  range(f: number, t: number): [from: number, to: number] {
    const s = this.fields[f]!.starts;
    return [s[t]!, s[t + 1]!];
  }

  /** In how many documents term `t` occurs in field `f`. */
  frequency(f: number, t: number): number {
    const s = this.fields[f]!.starts;
    return s[t + 1]! - s[t]!;
  }

  /** Term numbers [from, to) of the terms starting with `prefix` (including `prefix` itself). */
  prefixRange(prefix: string): [from: number, to: number] {
    const terms = this.terms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]!.startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /**
   * Terms (numbers, ascending) within `maxEdits` edits of `term` (Levenshtein), for typos. Only
   * terms with the same first letter are tried: people rarely mistype the first letter, and it
   * keeps the scan to a slice of the sorted vocabulary. The latest few hundred answers are kept.
   */
  termsNear(term: string, maxEdits: number): readonly number[] {
    const key = `${maxEdits}:${term}`;
    const known = this.nearCache.get(key);
    if (known) {
      this.nearCache.delete(key); // most recently used last
      this.nearCache.set(key, known);
      return known;
    }
    const out: number[] = [];
    const [from, to] = this.prefixRange(term.slice(0, 1));
    for (let id = from; id < to; id++) {
      const candidate = this.terms[id]!;
      if (Math.abs(candidate.length - term.length) > maxEdits || candidate === term) continue;
      if (editDistanceWithin(term, candidate, maxEdits)) out.push(id);
    }
    if (this.nearCache.size >= NEAR_CACHE_SIZE) this.nearCache.delete(this.nearCache.keys().next().value!);
    this.nearCache.set(key, out);
    return out;
  }
}
