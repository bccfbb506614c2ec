// A researcher often types a child organisation with its parent's long name ("United States
// Department of Energy Office of Science Ames National Laboratory"). The parent's words occur
// together in the names of all its children, so they are one piece of evidence, not eight: summed
// word by word they outweigh the child's one rare word, and a sibling holding the whole parent name
// outranks the child asked for. So in a long query, adjacent units whose records in names largely
// coincide (most of the rarer one's records hold both) form a run: its heaviest unit keeps its
// weight, the others OTHERS of theirs.
import type { InvertedIndex } from './inverted-index.js';
import { MAX_UNITS } from './plan-builder.js';
import { NAME_FIELDS } from './plan-quality.js';
import type { Token } from './search-text.js';

/** Shorter queries are a name, not a name with its parent's. */
const MIN_UNITS = 5;
/** Two units are one phrase when this share of the rarer one's records in names also hold the commoner one. */
const TOGETHER = 0.6;
/** What the other units of a run keep of their weight (the heaviest keeps all of its). */
const OTHERS = 0.75;
/** Units that few records hold in names say too little about co-occurrence. */
const MIN_RECORDS = 3;

/** A word's records in each name field (each list ascending), none for a word no record has. */
function nameRecords(index: InvertedIndex, word: string): Int32Array[] {
  const t = index.termId(word);
  if (t < 0) return [];
  const parts: Int32Array[] = [];
  for (let f = 0; f < index.fields.length; f++) {
    if (!(NAME_FIELDS & (1 << f))) continue;
    const [from, to] = index.range(f, t);
    if (to > from) parts.push(index.fields[f]!.docs.subarray(from, to));
  }
  return parts;
}

/** Two ascending lists merged, each record once. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const x = j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!;
    if (k === 0 || out[k - 1] !== x) out[k++] = x;
  }
  return out.subarray(0, k);
}

/** Whether an ascending list holds a record. */
function holds(list: Int32Array, doc: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === doc;
}

const total = (parts: readonly Int32Array[]): number => parts.reduce((n, p) => n + p.length, 0);

/** Whether most of the rarer word's records also hold the other (looked up in the commoner's lists, never merged). */
function together(a: readonly Int32Array[], b: readonly Int32Array[]): boolean {
  const [rare, common] = total(a) <= total(b) ? [a, b] : [b, a];
  if (rare.length === 0) return false;
  const docs = rare.reduce(union);
  if (docs.length < MIN_RECORDS) return false;
  let shared = 0;
  for (const d of docs) if (common.some((list) => holds(list, d))) shared++;
  return shared >= TOGETHER * docs.length;
}

/** Weights with each run of units that occur together in names: its heaviest unit keeps its weight, the others OTHERS of theirs. */
export function phraseRunWeights(index: InvertedIndex, tokens: readonly Token[], weights: number[]): number[] {
  const m = Math.min(tokens.length, MAX_UNITS);
  if (m < MIN_UNITS) return weights;
  const records = tokens.slice(0, m).map((t) => nameRecords(index, t.word));
  const linked = (u: number): boolean => together(records[u]!, records[u + 1]!);
  const out = weights.slice();
  for (let start = 0; start < m; ) {
    let end = start + 1;
    while (end < m && linked(end - 1)) end++;
    if (end - start > 1) {
      let top = start;
      for (let u = start + 1; u < end; u++) if (weights[u]! > weights[top]!) top = u;
      for (let u = start; u < end; u++) if (u !== top) out[u] = weights[u]! * OTHERS;
    }
    start = end;
  }
  return out;
}
