// Two indexes of consecutive parts of one catalogue made into the index of the whole, exactly
// as one build over the whole file would make it (./catalogue-build.ts builds a large file in
// parts, one process per core): the vocabularies merged in sorted order and every term number
// renumbered; each posting list the first part's documents then the second's (shifted, so still
// ascending); names as one build numbers them (every record's names, then every context name);
// exact-name keys merged in (hash, document) order; the record stores end to end. Priors are
// not merged: they depend on the whole catalogue's hierarchy and are worked out afterwards.
import type { FieldPostings } from './index-builder.js';
import { readIndexFile } from './index-file.js';
import type { NameArrays } from './name-table.js';
import { IdTable } from './record-ids.js';
import { type StoreArrays, storedLabels } from './record-store.js';
import type { IndexParts } from './search-index-builder.js';
import { Hierarchy } from './hierarchy.js';

/** A part's index and the hierarchy its records give (for the priors of the whole), as ./index-worker.ts writes it. */
export interface IndexPart {
  parts: IndexParts;
  children: Map<string, number[]>;
}

/**
 * The index of the whole catalogue from its parts, in order, each a part's file or a part
 * already in memory (the one the merging child built itself: ./index-worker.ts); priors from
 * the whole hierarchy. Null when two parts use one ID (the file is invalid: one build over it
 * says where).
 */
export function mergePartFiles(sources: readonly (string | IndexPart)[]): IndexParts | null {
  let whole: IndexParts | null = null;
  const hierarchy = new Hierarchy();
  for (const source of sources) {
    const part = typeof source === 'string' ? readIndexFile<IndexPart>(source) : source;
    hierarchy.append(part.children, part.parts.store.labelEnds.length);
    if (whole && partsClash(whole.store, part.parts.store)) return null;
    whole = whole ? mergeIndexParts(whole, part.parts) : part.parts;
  }
  whole!.prior = hierarchy.priors(whole!.store.labelEnds.length, storedLabels(whole!.store));
  return whole;
}

type IntArray = Int32Array | Uint32Array;

function concat<T extends IntArray | Uint8Array | Float32Array | Float64Array>(a: T, b: T, shift = 0): T {
  const out = new (a.constructor as new (n: number) => T)(a.length + b.length);
  out.set(a);
  if (shift === 0) out.set(b, a.length);
  else for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]! + shift;
  return out;
}

/** The sorted union of two sorted vocabularies, and where each part's terms went. */
function mergeTerms(a: readonly string[], b: readonly string[]): { terms: string[]; fromA: Int32Array; fromB: Int32Array; mapA: Int32Array; mapB: Int32Array } {
  const terms: string[] = [];
  const mapA = new Int32Array(a.length);
  const mapB = new Int32Array(b.length);
  const fromA: number[] = [];
  const fromB: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    const t = terms.length;
    if (y === undefined || (x !== undefined && x < y)) {
      terms.push(x!);
      mapA[i] = t;
      fromA.push(i++);
      fromB.push(-1);
    } else if (x === undefined || y < x) {
      terms.push(y);
      mapB[j] = t;
      fromA.push(-1);
      fromB.push(j++);
    } else {
      terms.push(x);
      mapA[i] = t;
      mapB[j] = t;
      fromA.push(i++);
      fromB.push(j++);
    }
  }
  return { terms, fromA: Int32Array.from(fromA), fromB: Int32Array.from(fromB), mapA, mapB };
}

function mergeField(a: FieldPostings, b: FieldPostings, fromA: Int32Array, fromB: Int32Array, shift: number): FieldPostings {
  const starts = new Int32Array(fromA.length + 1);
  const docs = new Int32Array(a.docs.length + b.docs.length);
  let at = 0;
  for (let t = 0; t < fromA.length; t++) {
    starts[t] = at;
    const ia = fromA[t]!;
    if (ia >= 0) for (let k = a.starts[ia]!; k < a.starts[ia + 1]!; k++) docs[at++] = a.docs[k]!;
    const ib = fromB[t]!;
    if (ib >= 0) for (let k = b.starts[ib]!; k < b.starts[ib + 1]!; k++) docs[at++] = b.docs[k]! + shift;
  }
  starts[fromA.length] = at;
  const lengths = concat(a.lengths, b.lengths);
  let sum = 0;
  for (let d = 0; d < lengths.length; d++) sum += lengths[d]!;
  return { starts, docs, lengths, averageLength: lengths.length > 0 ? Math.max(1, sum / lengths.length) : 1 };
}

function mergeNames(a: NameArrays, b: NameArrays, mapA: Int32Array, mapB: Int32Array, docsA: number): NameArrays {
  const namesA = a.nameTokens.length - 1;
  const namesB = b.nameTokens.length - 1;
  const contextA = namesA - a.contextBase;
  const nameTokens = new Int32Array(namesA + namesB + 1);
  const tokenTerm = new Int32Array(a.tokenTerm.length + b.tokenTerm.length);
  const tokenFlags = new Uint8Array(tokenTerm.length);
  let name = 0;
  let token = 0;
  const copy = (from: NameArrays, map: Int32Array, first: number, end: number) => {
    for (let n = first; n < end; n++) {
      nameTokens[name++] = token;
      for (let k = from.nameTokens[n]!; k < from.nameTokens[n + 1]!; k++) {
        tokenTerm[token] = map[from.tokenTerm[k]!]!;
        tokenFlags[token++] = from.tokenFlags[k]!;
      }
    }
  };
  copy(a, mapA, 0, a.contextBase); // the first part's records' names
  copy(b, mapB, 0, b.contextBase); // the second part's
  copy(a, mapA, a.contextBase, namesA); // then the context names, first part's first
  copy(b, mapB, b.contextBase, namesB);
  nameTokens[name] = token;
  const docNames = concat(a.docNames.subarray(0, -1), b.docNames, a.contextBase);
  const docContext = concat(a.docContext.subarray(0, -1), b.docContext, a.contextIds.length);
  const contextIds = concat(a.contextIds, b.contextIds, contextA);
  // Exact-name keys: both sorted by (hash, key document); merged in that order.
  const n = a.keyHashes.length + b.keyHashes.length;
  const keyHashes = new Float64Array(n);
  const keyDocs = new Int32Array(n);
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    const takeA = j >= b.keyHashes.length || (i < a.keyHashes.length && (a.keyHashes[i]! < b.keyHashes[j]! || (a.keyHashes[i] === b.keyHashes[j] && a.keyDocs[i]! <= b.keyDocs[j]! + 2 * docsA)));
    if (takeA) {
      keyHashes[k] = a.keyHashes[i]!;
      keyDocs[k] = a.keyDocs[i++]!;
    } else {
      keyHashes[k] = b.keyHashes[j]!;
      keyDocs[k] = b.keyDocs[j++]! + 2 * docsA;
    }
  }
  return { docNames, docContext, contextIds, contextBase: a.contextBase + b.contextBase, nameTokens, tokenTerm, tokenFlags, keyHashes, keyDocs };
}

function mergeStores(a: StoreArrays, b: StoreArrays): StoreArrays {
  const docsA = a.labelEnds.length;
  const retired = new Map(a.retired);
  for (const [id, d] of b.retired) retired.set(id, d + docsA);
  const blocksA = a.blockStarts.length - 1;
  return {
    types: concat(a.types, b.types),
    uuids: concat(a.uuids, b.uuids),
    labelBytes: concat(a.labelBytes, b.labelBytes),
    labelEnds: concat(a.labelEnds, b.labelEnds, a.labelBytes.length),
    retired,
    compressed: concat(a.compressed, b.compressed),
    blockStarts: concat(a.blockStarts, b.blockStarts.subarray(1), a.compressed.length),
    blockOf: concat(a.blockOf, b.blockOf, blocksA),
    startInBlock: concat(a.startInBlock, b.startInBlock),
    lineLength: concat(a.lineLength, b.lineLength),
  };
}

/** The index of part `a` followed by part `b` (priors left empty). */
export function mergeIndexParts(a: IndexParts, b: IndexParts): IndexParts {
  const docsA = a.store.labelEnds.length;
  const { terms, fromA, fromB, mapA, mapB } = mergeTerms(a.terms, b.terms);
  const termFlags = new Uint8Array(terms.length);
  for (let t = 0; t < terms.length; t++) termFlags[t] = (fromA[t]! >= 0 ? a.termFlags[fromA[t]!]! : 0) | (fromB[t]! >= 0 ? b.termFlags[fromB[t]!]! : 0);
  return {
    store: mergeStores(a.store, b.store),
    names: mergeNames(a.names, b.names, mapA, mapB, docsA),
    terms,
    termFlags,
    fields: a.fields.map((f, i) => mergeField(f, b.fields[i]!, fromA, fromB, docsA)),
    prior: new Float32Array(0),
  };
}

/** Type and UUID of every record of a store, as one key each. */
/**
 * Whether two parts use one ID twice (a record's or a merged term's): then the file is invalid,
 * and one build over the whole file says where.
 */
export function partsClash(a: StoreArrays, b: StoreArrays): boolean {
  // Each store's open-addressing table over its IDs' bytes (no string per record).
  const storeA = new IdTable(a.types, a.uuids, a.labelEnds.length);
  const storeB = new IdTable(b.types, b.uuids, b.labelEnds.length);
  for (let d = 0; d < b.labelEnds.length; d++) if (storeA.findBytes(b.types[d]!, b.uuids, d * 16) >= 0) return true;
  for (const id of b.retired.keys()) if (a.retired.has(id) || storeA.find(id) >= 0) return true;
  for (const id of a.retired.keys()) if (storeB.find(id) >= 0) return true;
  return false;
}
