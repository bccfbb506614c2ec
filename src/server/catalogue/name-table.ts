// Every record's names, and the shared context names (parent organisations, cities,
// countries), as term numbers in flat typed arrays: comparing a query with the names of a few
// hundred candidates touches a few cache lines per record instead of a string per word.
// Also the exact-name keys (./search-text.ts: every token joined, nothing between), as 52-bit
// hashes sorted for binary search, and each record's prior (how general a concept it is).
import type { InvertedIndex } from './inverted-index.js';
import type { PreparedText } from './search-text.js';

export interface NamedDoc {
  /** Title first, then alternative names. */
  names: readonly PreparedText[];
  /** Further exact keys of the record (a name without its parenthesised part). */
  keys: readonly string[];
  /** Numbers of its context names in the shared table. */
  context: readonly number[];
}

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

  constructor(docs: readonly NamedDoc[], context: readonly PreparedText[], index: InvertedIndex) {
    let nameCount = context.length;
    let tokenCount = 0;
    let contextCount = 0;
    let keyCount = 0;
    for (const d of docs) {
      nameCount += d.names.length;
      contextCount += d.context.length;
      keyCount += d.names.length + d.keys.length;
      for (const n of d.names) tokenCount += n.tokens.length;
    }
    for (const n of context) tokenCount += n.tokens.length;
    this.docNames = new Int32Array(docs.length + 1);
    this.docContext = new Int32Array(docs.length + 1);
    this.contextIds = new Int32Array(contextCount);
    this.nameTokens = new Int32Array(nameCount + 1);
    this.tokenTerm = new Int32Array(tokenCount);
    this.tokenFlags = new Uint8Array(tokenCount);
    const hashes = new Float64Array(keyCount);
    const keyDocs = new Int32Array(keyCount);
    let name = 0;
    let token = 0;
    let c = 0;
    let k = 0;
    const addName = (n: PreparedText) => {
      this.nameTokens[name++] = token;
      for (const t of n.tokens) {
        this.tokenTerm[token] = index.termId(t.word);
        this.tokenFlags[token++] = t.flags;
      }
    };
    for (let d = 0; d < docs.length; d++) {
      const doc = docs[d]!;
      this.docNames[d] = name;
      this.docContext[d] = c;
      for (const id of doc.context) this.contextIds[c++] = id;
      doc.names.forEach((n, i) => {
        hashes[k] = keyHash(n.key);
        keyDocs[k++] = d * 2 + (i === 0 ? 0 : 1);
        addName(n);
      });
      for (const key of doc.keys) {
        hashes[k] = keyHash(key);
        keyDocs[k++] = d * 2 + 1;
      }
    }
    this.docNames[docs.length] = name;
    this.docContext[docs.length] = c;
    this.contextBase = name;
    for (const n of context) addName(n);
    this.nameTokens[name] = token;
    const order = Array.from({ length: keyCount }, (_, i) => i).sort((x, y) => hashes[x]! - hashes[y]! || keyDocs[x]! - keyDocs[y]!);
    this.keyHashes = Float64Array.from(order, (i) => hashes[i]!);
    this.keyDocs = Int32Array.from(order, (i) => keyDocs[i]!);
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
