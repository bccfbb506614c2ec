// Builds the arrays of ./inverted-index.ts in two passes without an object per posting: terms
// get a number as first seen, postings are appended as (term, document) pairs to one growing
// typed array per field, and at the end the terms are sorted and the pairs counted into place.
// A name shared by many records (the same object from the preparer's cache) has its acronyms
// and its language worked out once.
import { nameAcronyms, wholeNameAcronyms } from './acronyms.js';
import { OTHER_LANGUAGE_MARKERS } from './language-rules.js';
import { NameCollector, type NameTable } from './name-table.js';
import { GLUED, type PreparedText, STOP, type Token } from './search-text.js';

export const TITLE = 0;
export const ALT = 1;
export const CONTEXT = 2;
export const BODY = 3;
export const ACRONYM = 4;
export const CONTEXT_ACRONYM = 5;
export const RUN = 6;
export const FIELD_COUNT = 7;

/** Term flags: the term is a word of an English text (the English stemmer applies) / of another language. */
export const ENGLISH_TERM = 1;
export const OTHER_TERM = 2;

/** Joined forms are made of at most this many glued tokens, and at most this long. */
const MAX_JOINED_TOKENS = 4;
const MAX_JOINED_LENGTH = 24;

export interface IndexableDoc {
  /** Title first, then the alternative names. */
  names: readonly PreparedText[];
  /** Numbers of the record's context names (parent organisations, city, country) in the shared table. */
  context: readonly number[];
  body: readonly string[];
}

/** Whether a name is in a language other than English (its words are not English-stemmed). */
export function isOtherLanguage(name: PreparedText): boolean {
  if (name.foreign) return true;
  for (const t of name.tokens) if (OTHER_LANGUAGE_MARKERS.has(t.word) && !(t.flags & ~(STOP | GLUED))) return true;
  return false;
}

/** Joined forms of tokens written together: each glued pair, and each whole glued group. */
export function joinedForms(tokens: readonly Token[], out: string[]): void {
  let groupStart = 0;
  for (let i = 1; i <= tokens.length; i++) {
    if (i < tokens.length && tokens[i]!.flags & GLUED) {
      const pair = tokens[i - 1]!.word + tokens[i]!.word;
      if (pair.length <= MAX_JOINED_LENGTH) out.push(pair);
      continue;
    }
    const size = i - groupStart;
    if (size > 2 && size <= MAX_JOINED_TOKENS) {
      let whole = '';
      for (let j = groupStart; j < i; j++) whole += tokens[j]!.word;
      if (whole.length <= MAX_JOINED_LENGTH) out.push(whole);
    }
    groupStart = i;
  }
}

/** (term, document) pairs of one field, in document order. */
class PairBuffer {
  pairs = new Int32Array(1 << 16);
  count = 0;
  /** The last document each term was added for (no duplicate postings). */
  lastDoc = new Int32Array(1 << 12).fill(-1);
  /** Per document, the field's length in words (grows as documents are added). */
  lengths = new Float32Array(1024);

  setLength(doc: number, value: number): void {
    if (doc >= this.lengths.length) {
      const grown = new Float32Array(Math.max(doc + 1, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[doc] = value;
  }

  add(term: number, doc: number): void {
    if (term >= this.lastDoc.length) {
      const grown = new Int32Array(Math.max(term + 1, this.lastDoc.length * 2)).fill(-1);
      grown.set(this.lastDoc);
      this.lastDoc = grown;
    }
    if (this.lastDoc[term] === doc) return;
    this.lastDoc[term] = doc;
    if (this.count + 2 > this.pairs.length) {
      const grown = new Int32Array(this.pairs.length * 2);
      grown.set(this.pairs);
      this.pairs = grown;
    }
    this.pairs[this.count++] = term;
    this.pairs[this.count++] = doc;
  }
}

/** What a name gives the index, worked out once per name. */
interface NameTerms {
  /** Every token's provisional term number, function words too (for the name table). */
  all: Int32Array;
  words: number[];
  joined: number[];
  acronyms: number[];
  runs: number[];
  contentCount: number;
}

export interface FieldPostings {
  /** Documents of term t: docs[starts[t]] … docs[starts[t + 1] − 1], ascending. */
  starts: Int32Array;
  docs: Int32Array;
  lengths: Float32Array;
  averageLength: number;
}

export interface BuiltIndex {
  terms: string[];
  termFlags: Uint8Array;
  fields: FieldPostings[];
  names: NameTable;
}

/** Names repeat (a synonym shared by many records): this many are remembered while building. */
const NAME_CACHE_SIZE = 4096;

export class IndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private flags = new Uint8Array(1 << 12);
  private readonly fields: PairBuffer[];
  private readonly named = new Map<PreparedText, NameTerms>();
  /** Term numbers of a body's words, by the preparer's array (records of one source repeat a definition). */
  private readonly bodies = new Map<readonly string[], Int32Array>();
  private readonly contextTerms: NameTerms[] = [];
  private readonly names = new NameCollector();
  /** Documents added so far (they are added in order: 0, 1, 2 …). */
  private size = 0;

  /** `context`: the shared context names the documents point into (it may grow between documents). */
  constructor(private readonly context: readonly PreparedText[]) {
    this.fields = Array.from({ length: FIELD_COUNT }, () => new PairBuffer());
  }

  private id(word: string, flag = 0): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
      if (id >= this.flags.length) {
        const grown = new Uint8Array(this.flags.length * 2);
        grown.set(this.flags);
        this.flags = grown;
      }
    }
    this.flags[id]! |= flag;
    return id;
  }

  private nameTerms(n: PreparedText): NameTerms {
    let known = this.named.get(n);
    if (known) return known;
    const flag = isOtherLanguage(n) ? OTHER_TERM : ENGLISH_TERM;
    const tokens = n.tokens;
    const all = new Int32Array(tokens.length);
    const words: number[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const id = (all[i] = this.id(tokens[i]!.word, flag));
      if (!(tokens[i]!.flags & STOP)) words.push(id);
    }
    const joined: string[] = [];
    joinedForms(tokens, joined);
    const whole = new Set<string>();
    const runs = new Set<string>();
    nameAcronyms(tokens, whole, runs);
    known = { all, words, joined: this.termsOf(joined), acronyms: this.termsOf(whole), runs: this.termsOf(runs), contentCount: words.length };
    if (this.named.size >= NAME_CACHE_SIZE) this.named.clear();
    this.named.set(n, known);
    return known;
  }

  /** Term numbers of strings (without an iterator object per string: names are many). */
  private termsOf(xs: readonly string[] | ReadonlySet<string>): number[] {
    const out: number[] = [];
    if (Array.isArray(xs)) for (let i = 0; i < xs.length; i++) out.push(this.id(xs[i]!));
    else if ((xs as ReadonlySet<string>).size > 0) (xs as ReadonlySet<string>).forEach((x) => out.push(this.id(x)));
    return out;
  }

  private bodyTerms(body: readonly string[]): Int32Array {
    let ids = this.bodies.get(body);
    if (!ids) {
      ids = new Int32Array(body.length);
      for (let i = 0; i < body.length; i++) ids[i] = this.id(body[i]!, ENGLISH_TERM);
      if (this.bodies.size >= NAME_CACHE_SIZE) this.bodies.clear();
      this.bodies.set(body, ids);
    }
    return ids;
  }

  private contextName(c: number): NameTerms {
    let terms = this.contextTerms[c];
    if (!terms) {
      const n = this.context[c]!;
      const whole = new Set<string>();
      wholeNameAcronyms(n.tokens, whole);
      terms = { ...this.nameTerms(n), acronyms: this.termsOf(whole) };
      this.contextTerms[c] = terms;
    }
    return terms;
  }

  addDoc(d: number, doc: IndexableDoc): void {
    if (d !== this.size) throw new Error(`documents are added in order: expected ${this.size}, got ${d}`);
    this.size = d + 1;
    const f = this.fields;
    let altWords = 0;
    const nameTerms = doc.names.map((n) => this.nameTerms(n));
    this.names.addDoc(d, doc.names, nameTerms.map((t) => t.all), doc.context);
    doc.names.forEach((n, i) => {
      const terms = nameTerms[i]!;
      const field = f[i === 0 ? TITLE : ALT]!;
      for (const t of terms.words) field.add(t, d);
      for (const t of terms.joined) field.add(t, d);
      for (const t of terms.acronyms) f[ACRONYM]!.add(t, d);
      for (const t of terms.runs) f[RUN]!.add(t, d);
      if (i === 0) field.setLength(d, terms.contentCount);
      else altWords += terms.contentCount;
    });
    if (doc.names.length > 1) f[ALT]!.setLength(d, altWords / (doc.names.length - 1));
    let contextWords = 0;
    for (const c of doc.context) {
      const terms = this.contextName(c);
      for (const t of terms.words) f[CONTEXT]!.add(t, d);
      for (const t of terms.acronyms) f[CONTEXT_ACRONYM]!.add(t, d);
      contextWords += terms.contentCount;
    }
    f[CONTEXT]!.setLength(d, contextWords);
    for (const t of this.bodyTerms(doc.body)) f[BODY]!.add(t, d);
    f[BODY]!.setLength(d, doc.body.length);
  }

  /** How many documents the index holds. */
  get documents(): number {
    return this.size;
  }

  finish(): BuiltIndex {
    this.named.clear();
    this.bodies.clear();
    const contextTerms = this.context.map((_, c) => this.contextName(c).all);
    const words = this.words;
    // The words are distinct, and the default order compares UTF-16 code units, as `<` does
    // (several times faster than a comparator over numbers).
    const terms = words.slice().sort();
    const finalOf = new Int32Array(words.length);
    const termFlags = new Uint8Array(terms.length);
    for (let final = 0; final < terms.length; final++) {
      const provisional = this.ids.get(terms[final]!)!;
      finalOf[provisional] = final;
      termFlags[final] = this.flags[provisional]!;
    }
    this.ids.clear();
    const names = this.names.finish(this.context, contextTerms, finalOf);
    return { terms, termFlags, fields: this.fields.map((b) => this.postings(b, finalOf)), names };
  }

  private postings(b: PairBuffer, finalOf: Int32Array): FieldPostings {
    const starts = new Int32Array(finalOf.length + 1);
    for (let i = 0; i < b.count; i += 2) starts[finalOf[b.pairs[i]!]! + 1]!++;
    for (let t = 0; t < finalOf.length; t++) starts[t + 1]! += starts[t]!;
    const next = starts.slice(0, -1);
    const docs = new Int32Array(b.count >> 1);
    for (let i = 0; i < b.count; i += 2) docs[next[finalOf[b.pairs[i]!]!]!++] = b.pairs[i + 1]!;
    const lengths = new Float32Array(this.size);
    lengths.set(b.lengths.subarray(0, Math.min(this.size, b.lengths.length)));
    b.lengths = new Float32Array(0);
    b.pairs = new Int32Array(0);
    let sum = 0;
    for (let d = 0; d < this.size; d++) sum += lengths[d]!;
    return { starts, docs, lengths, averageLength: this.size > 0 ? Math.max(1, sum / this.size) : 1 };
  }
}
