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
// Built by ./index-builder.ts.
import { editDistanceWithin, oneSwapApart } from './edit-distance.js';
import { ALT, type BuiltIndex, CONTEXT, type FieldPostings, type IndexableDoc, TITLE } from './index-builder.js';

export { editDistanceWithin };
export type { FieldPostings, IndexableDoc };
export { ACRONYM, ALT, BODY, CONTEXT, CONTEXT_ACRONYM, ENGLISH_TERM, FIELD_COUNT, OTHER_TERM, RUN, TITLE } from './index-builder.js';

/** How many misspellings' near terms an index remembers (a few hundred kB at most). */
const NEAR_CACHE_SIZE = 4096;
/** Words whose one-edit neighbours are spelled out and looked up (./inverted-index.ts termsNear). */
const SIMPLE = /^[a-z0-9]{2,24}$/;
const EDIT_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** How many words' stem classes and cognates an index remembers. */
const CLASS_CACHE_SIZE = 8192;

function termHash(term: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * The vocabulary's lookup table: a typed array of a quarter to a half load, a few bytes per term
 * (a Map of the same strings takes several times that, and churns while it grows).
 */
function termSlots(terms: readonly string[]): Int32Array {
  let size = 16;
  while (size < terms.length * 2) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let t = 0; t < terms.length; t++) {
    let s = termHash(terms[t]!) & mask;
    while (slots[s] !== 0) s = (s + 1) & mask;
    slots[s] = t + 1;
  }
  return slots;
}

export class InvertedIndex {
  /** Every term, sorted; a term's number is its position here. */
  readonly terms: string[];
  readonly termFlags: Uint8Array;
  readonly fields: FieldPostings[];
  /** Open addressing over the terms: term number + 1, 0 for an empty slot (./term-table below). */
  private readonly termSlots: Int32Array;
  private readonly nearCache = new Map<string, readonly number[]>();
  private readonly classCache = new Map<string, number[]>();
  /** Per first character, the terms by length, built on a first typo with that letter. */
  private readonly lengthBuckets = new Map<string, Map<number, number[]>>();

  constructor(
    readonly size: number,
    built: BuiltIndex,
  ) {
    this.terms = built.terms;
    this.termSlots = termSlots(built.terms);
    this.termFlags = built.termFlags;
    this.fields = built.fields;
  }

  get termCount(): number {
    return this.terms.length;
  }

  /**
   * A list of terms worked out from the vocabulary for a word (its stem class, its cognates),
   * remembered: the index never changes, and researchers' words repeat.
   */
  remembered(key: string, compute: () => number[]): readonly number[] {
    let found = this.classCache.get(key);
    if (!found) {
      if (this.classCache.size >= CLASS_CACHE_SIZE) this.classCache.delete(this.classCache.keys().next().value!);
      this.classCache.set(key, (found = compute()));
    }
    return found;
  }

  /** The number of a term, or -1. */
  termId(term: string): number {
    const slots = this.termSlots;
    const mask = slots.length - 1;
    for (let s = termHash(term) & mask; slots[s] !== 0; s = (s + 1) & mask) if (this.terms[slots[s]! - 1] === term) return slots[s]! - 1;
    return -1;
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

  /** Postings of the terms from … to − 1 (one term: t, t + 1) over the fields in the bit set `fields`. */
  postings(from: number, to: number, fields: number): number {
    let n = 0;
    for (let f = 0; f < this.fields.length; f++) {
      if (!(fields & (1 << f))) continue;
      const s = this.fields[f]!.starts;
      n += s[to]! - s[from]!;
    }
    return n;
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
   * Terms (numbers, ascending) within `maxEdits` edits of `term` (Levenshtein, and a swap of
   * two neighbouring letters counting as one edit), for typos. Only
   * terms with the same first letter are tried: people rarely mistype the first letter, and it
   * keeps the scan to a slice of the sorted vocabulary. The latest few thousand answers are kept.
   */
  termsNear(term: string, maxEdits: number): readonly number[] {
    const key = `${maxEdits}:${term}`;
    const known = this.nearCache.get(key);
    if (known) {
      this.nearCache.delete(key); // most recently used last
      this.nearCache.set(key, known);
      return known;
    }
    const out = maxEdits === 1 && SIMPLE.test(term) ? this.oneEditAway(term) : this.scanNear(term, maxEdits);
    if (this.nearCache.size >= NEAR_CACHE_SIZE) this.nearCache.delete(this.nearCache.keys().next().value!);
    this.nearCache.set(key, out);
    return out;
  }

  /**
   * Terms one edit from `term` (a letter deleted, replaced or inserted, or two neighbours
   * swapped), the first letter kept: every such spelling is looked up, a few hundred lookups
   * instead of a scan of every term with the same first letter.
   */
  private oneEditAway(term: string): number[] {
    const found = new Set<number>();
    const look = (candidate: string) => {
      const id = this.termId(candidate);
      if (id >= 0 && candidate !== term) found.add(id);
    };
    for (let i = 1; i <= term.length; i++) {
      const head = term.slice(0, i);
      const tail = term.slice(i);
      if (i < term.length) look(head + tail.slice(1));
      if (i + 1 < term.length) look(head + tail[1] + tail[0] + tail.slice(2));
      for (const c of EDIT_LETTERS) {
        if (i < term.length && c !== tail[0]) look(head + c + tail.slice(1));
        look(head + c + tail);
      }
    }
    return [...found].sort((a, b) => a - b);
  }

  private scanNear(term: string, maxEdits: number): number[] {
    const out: number[] = [];
    const byLength = this.termsByLength(term.slice(0, 1));
    for (let length = Math.max(1, term.length - maxEdits); length <= term.length + maxEdits; length++) {
      for (const id of byLength.get(length) ?? []) {
        const candidate = this.terms[id]!;
        if (candidate !== term && (editDistanceWithin(term, candidate, maxEdits) || oneSwapApart(term, candidate))) out.push(id);
      }
    }
    return out.sort((a, b) => a - b);
  }

  /** The terms starting with `first` (one character), by length: the typo scan reads only the lengths in reach. */
  private termsByLength(first: string): Map<number, number[]> {
    let byLength = this.lengthBuckets.get(first);
    if (!byLength) {
      byLength = new Map();
      const [from, to] = this.prefixRange(first);
      for (let id = from; id < to; id++) {
        const length = this.terms[id]!.length;
        const bucket = byLength.get(length);
        if (bucket) bucket.push(id);
        else byLength.set(length, [id]);
      }
      this.lengthBuckets.set(first, byLength);
    }
    return byLength;
  }
}

/** Weight of each term as a word of a name: its inverse document frequency over names and context. */
export function termWeights(index: InvertedIndex): Float32Array {
  const n = index.size;
  const out = new Float32Array(index.termCount);
  for (let t = 0; t < out.length; t++) {
    const df = index.frequency(TITLE, t) + index.frequency(ALT, t) + index.frequency(CONTEXT, t);
    out[t] = Math.log(1 + n / (1 + Math.min(df, n)));
  }
  return out;
}
