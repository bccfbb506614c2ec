// Every record's names, and the shared context names (parent organisations, cities,
// countries), as term numbers in flat typed arrays: comparing a query with the names of a few
// dozen candidates touches a few cache lines per record instead of a string per word.
// Also the exact-name keys (./search-text.ts: every token joined, nothing between), as 52-bit
// hashes sorted for binary search. Filled while the index is built (./index-builder.ts), so
// no prepared name outlives its record's turn.
import type { PreparedText } from './search-text.js';
import { GrowingArray } from './growing-array.js';

/** A 52-bit hash of a key (two 26-bit FNV-1a variants), exact in a double. */
export function keyHash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 6) * 0x4000000 + (b >>> 6);
}

/** Collects the names while the index is built, with provisional term numbers. */
export class NameCollector {
  private readonly docNames = new GrowingArray(new Int32Array(1024));
  private readonly docContext = new GrowingArray(new Int32Array(1024));
  private readonly contextIds = new GrowingArray(new Int32Array(1024));
  private readonly nameTokens = new GrowingArray(new Int32Array(4096));
  private readonly tokenTerm = new GrowingArray(new Int32Array(16384));
  private readonly tokenFlags = new GrowingArray(new Uint8Array(16384));
  private readonly keyHashes = new GrowingArray(new Float64Array(4096));
  private readonly keyDocs = new GrowingArray(new Int32Array(4096));

  /** Document d's names (title first; `terms` their tokens' provisional numbers) and context names. */
  addDoc(d: number, names: readonly PreparedText[], terms: readonly Int32Array[], context: readonly number[]): void {
    this.docNames.push(this.nameTokens.length);
    this.docContext.push(this.contextIds.length);
    for (const c of context) this.contextIds.push(c);
    names.forEach((n, i) => {
      this.keyHashes.push(keyHash(n.key));
      this.keyDocs.push(d * 2 + (i === 0 ? 0 : 1));
      this.addName(n, terms[i]!);
    });
  }

  private addName(n: PreparedText, terms: Int32Array): void {
    this.nameTokens.push(this.tokenTerm.length);
    for (let i = 0; i < terms.length; i++) {
      this.tokenTerm.push(terms[i]!);
      this.tokenFlags.push(n.tokens[i]!.flags);
    }
  }

  /** The table, the context names appended after the documents' names, terms renumbered by `finalOf`. */
  finish(context: readonly PreparedText[], contextTerms: readonly Int32Array[], finalOf: Int32Array): NameTable {
    this.docNames.push(this.nameTokens.length);
    this.docContext.push(this.contextIds.length);
    const contextBase = this.nameTokens.length;
    context.forEach((n, c) => this.addName(n, contextTerms[c]!));
    this.nameTokens.push(this.tokenTerm.length);
    const tokenTerm = this.tokenTerm.done();
    for (let i = 0; i < tokenTerm.length; i++) tokenTerm[i] = finalOf[tokenTerm[i]!]!;
    const hashes = this.keyHashes.done();
    const docs = this.keyDocs.done();
    const order = Int32Array.from({ length: hashes.length }, (_, i) => i).sort((x, y) => hashes[x]! - hashes[y]! || docs[x]! - docs[y]!);
    return new NameTable({
      docNames: this.docNames.done(),
      docContext: this.docContext.done(),
      contextIds: this.contextIds.done(),
      contextBase,
      nameTokens: this.nameTokens.done(),
      tokenTerm,
      tokenFlags: this.tokenFlags.done(),
      keyHashes: Float64Array.from(order, (i) => hashes[i]!),
      keyDocs: Int32Array.from(order, (i) => docs[i]!),
    });
  }
}

/** The table's arrays (exact-name keys sorted by hash), as made by NameCollector or sent by a worker. */
export interface NameArrays {
  docNames: Int32Array;
  docContext: Int32Array;
  contextIds: Int32Array;
  contextBase: number;
  nameTokens: Int32Array;
  tokenTerm: Int32Array;
  tokenFlags: Uint8Array;
  keyHashes: Float64Array;
  keyDocs: Int32Array;
}

export class NameTable {
  /** Names of document d: [docNames[d], docNames[d + 1]); the first is the title. */
  readonly docNames: Int32Array;
  /** Context names of document d: contextIds[docContext[d]] … contextIds[docContext[d + 1] − 1]. */
  readonly docContext: Int32Array;
  readonly contextIds: Int32Array;
  /** Number of the first context name among all names (document names come first). */
  readonly contextBase: number;
  /** Tokens of name n: [nameTokens[n], nameTokens[n + 1]) of tokenTerm / tokenFlags. */
  readonly nameTokens: Int32Array;
  readonly tokenTerm: Int32Array;
  readonly tokenFlags: Uint8Array;
  private readonly keyHashes: Float64Array;
  /** Per sorted key: the document, times 2, plus 1 when the key is not the title's. */
  private readonly keyDocs: Int32Array;

  constructor(private readonly a: NameArrays) {
    ({ docNames: this.docNames, docContext: this.docContext, contextIds: this.contextIds, contextBase: this.contextBase } = a);
    ({ nameTokens: this.nameTokens, tokenTerm: this.tokenTerm, tokenFlags: this.tokenFlags } = a);
    this.keyHashes = a.keyHashes;
    this.keyDocs = a.keyDocs;
  }

  /** The arrays, to rebuild the table elsewhere (indexParts/fromParts in ./search-index-builder.ts, written by ./index-file.ts). */
  get arrays(): NameArrays {
    return this.a;
  }

  /**
   * The documents with a name whose exact key is `key`, each as document × 2 (+1 when it is
   * not the title), title matches of a document before its other matches.
   */
  exactMatches(key: string): number[] {
    const h = keyHash(key);
    let lo = 0;
    let hi = this.keyHashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keyHashes[mid]! < h) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.keyHashes.length && this.keyHashes[i] === h; i++) out.push(this.keyDocs[i]!);
    return out;
  }
}
