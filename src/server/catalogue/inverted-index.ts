// A compact inverted index over the catalogue: for each of three fields (title, alternative
// names, body) a posting list of document numbers per word stem, plus each document's field
// length. Built once per catalogue and never changed (a new catalogue gets a new index).
//
// Why not a general search library: ranking here is decided mostly by phrase tiers over the
// names (./match-tier.ts); the full-text score only breaks ties. Walking typed-array posting
// lists into preallocated score arrays, with no object per candidate, keeps a broad query over a
// catalogue ten times the shipped size in single-digit milliseconds (docs/benchmarks.md), where
// MiniSearch built a result object per match and sorted them all.
import type { PreparedName } from './search-text.js';
import { STOP_WORDS, stem, words } from './search-text.js';

// Fields by number: 0 title, 1 alternative names, 2 body.
export type Field = 0 | 1 | 2;

/** How many misspellings' near stems an index remembers (a few kB). */
const NEAR_CACHE_SIZE = 512;

class PostingsBuilder {
  readonly lists = new Map<string, number[]>();
  readonly lengths: number[] = [];

  add(doc: number, stems: readonly string[]): void {
    this.lengths[doc] = stems.length;
    for (const s of new Set(stems)) {
      let list = this.lists.get(s);
      if (!list) this.lists.set(s, (list = []));
      list.push(doc);
    }
  }
}

export interface FieldIndex {
  /** Posting list (ascending document numbers) by term number; undefined when the term is not in this field. */
  postings: (Int32Array | undefined)[];
  lengths: Float32Array;
  averageLength: number;
}

/** Word stems of a text as indexed: folded, stop words removed, stemmed. */
export function indexStems(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!STOP_WORDS.has(w)) out.push(stem(w));
  return out;
}

export interface IndexableDoc {
  names: readonly PreparedName[];
  body: string;
}

function addDoc(builders: PostingsBuilder[], d: number, doc: IndexableDoc): void {
  builders[0]!.add(d, doc.names[0]?.stems ?? []);
  const alt: string[] = [];
  for (let i = 1; i < doc.names.length; i++) alt.push(...doc.names[i]!.stems);
  builders[1]!.add(d, alt);
  builders[2]!.add(d, indexStems(doc.body));
}

/**
 * Terms are numbered in sorted order, so the completions of a prefix are one range of numbers
 * and a query walks posting lists by array index instead of hashing strings.
 */
export class InvertedIndex {
  readonly fields: FieldIndex[] = [];
  /** Every indexed stem, sorted; a term's number is its position here. */
  readonly terms: string[];
  private readonly termIds = new Map<string, number>();
  private readonly nearCache = new Map<string, readonly number[]>();

  private constructor(
    readonly size: number,
    builders: PostingsBuilder[],
  ) {
    const all = new Set<string>();
    for (const b of builders) for (const term of b.lists.keys()) all.add(term);
    this.terms = [...all].sort();
    this.terms.forEach((t, i) => this.termIds.set(t, i));
    for (const b of builders) {
      const postings: (Int32Array | undefined)[] = new Array(this.terms.length).fill(undefined);
      for (const [term, list] of b.lists) postings[this.termIds.get(term)!] = Int32Array.from(list);
      const lengths = new Float32Array(size);
      let total = 0;
      for (let d = 0; d < size; d++) total += lengths[d] = b.lengths[d] ?? 0;
      this.fields.push({ postings, lengths, averageLength: size > 0 ? Math.max(1, total / size) : 1 });
    }
  }

  /** Indexes documents given as names (title first, then alternative names) and body text. */
  static build(docs: readonly IndexableDoc[]): InvertedIndex {
    const builders = [new PostingsBuilder(), new PostingsBuilder(), new PostingsBuilder()];
    for (let d = 0; d < docs.length; d++) addDoc(builders, d, docs[d]!);
    return new InvertedIndex(docs.length, builders);
  }

  /** Same, yielding to the event loop every few hundred documents so a server keeps answering. */
  static async buildInBackground(docs: readonly IndexableDoc[]): Promise<InvertedIndex> {
    const builders = [new PostingsBuilder(), new PostingsBuilder(), new PostingsBuilder()];
    for (let d = 0; d < docs.length; d++) {
      addDoc(builders, d, docs[d]!);
      if (d % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    }
    return new InvertedIndex(docs.length, builders);
  }

  /** The number of an indexed stem, or -1. */
  termId(term: string): number {
    return this.termIds.get(term) ?? -1;
  }

  /** Term numbers [from, to) of the indexed stems starting with `prefix` (including `prefix` itself). */
  prefixRange(prefix: string): [from: number, to: number] {
    const terms = this.terms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    // From `lo` on, the stems starting with `prefix` come first: find where they end.
    const from = lo;
    hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]!.startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /** In how many documents a stem occurs, in any field (an upper bound: fields are counted apart). */
  documentFrequency(term: number): number {
    let n = 0;
    for (const f of this.fields) n += f.postings[term]?.length ?? 0;
    return n;
  }

  /** Edit distance of two stems, up to 3 (larger distances are reported as 3). */
  editDistance(a: string, b: string): number {
    for (let d = 0; d < 3; d++) if (editDistanceWithin(a, b, d)) return d;
    return 3;
  }

  /**
   * Indexed stems (numbers, ascending) within `maxEdits` edits of `term` (Levenshtein), for the
   * typo pass. Only stems with the same first letter are tried: people rarely mistype the first
   * letter, and it keeps the scan to a small slice of the sorted vocabulary. The answers for the
   * latest few hundred misspellings are kept (the index never changes, so they stay true).
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
      if (Math.abs(candidate.length - term.length) > maxEdits) continue;
      if (editDistanceWithin(term, candidate, maxEdits)) out.push(id);
    }
    if (this.nearCache.size >= NEAR_CACHE_SIZE) this.nearCache.delete(this.nearCache.keys().next().value!);
    this.nearCache.set(key, out);
    return out;
  }
}

// Two reusable rows for editDistanceWithin (searches are synchronous, so never shared).
let ROW_A = new Int32Array(128);
let ROW_B = new Int32Array(128);

/** Levenshtein distance of `a` and `b` ≤ `max`. */
export function editDistanceWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (max <= 0) return max === 0 && a === b;
  if (max === 1) return withinOneEdit(a, b);
  return withinEdits(a, b, max);
}

/** At most one letter replaced, inserted or deleted: a straight scan instead of a table. */
function withinOneEdit(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  if (i === short.length) return true; // equal, or one letter appended
  // The first difference: the rest must match after replacing (same length) or skipping one letter of the longer.
  const skip = short.length === long.length ? 1 : 0;
  for (let j = i + skip; j < short.length; j++) if (short.charCodeAt(j) !== long.charCodeAt(j + 1 - skip)) return false;
  return true;
}

/**
 * Levenshtein distance ≤ max, computing only the diagonal band |i − j| ≤ max (Ukkonen): cells
 * outside it are necessarily above max. Stops as soon as a whole row exceeds max.
 */
function withinEdits(a: string, b: string, max: number): boolean {
  const width = b.length + 1;
  const big = max + 1;
  if (ROW_A.length < width) ROW_A = new Int32Array(width * 2);
  if (ROW_B.length < width) ROW_B = new Int32Array(width * 2);
  let previous = ROW_A.fill(big, 0, width);
  let current = ROW_B.fill(big, 0, width);
  for (let j = 0; j <= Math.min(b.length, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    // Only the band and the cells just outside it are read: reset those instead of the row.
    current[from - 1] = i <= max ? i : big;
    if (to < b.length) current[to + 1] = big;
    let rowMin = current[from - 1]!;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = v > big ? big : v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length]! <= max;
}
