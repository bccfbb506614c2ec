// The posting-list walk of a search (./search-index.ts): which documents match the query's
// words, each one's BM25+ score, and how many query words its title and its alternative names
// hold (a phrase tier needs them all in one name, ./match-tier.ts).
//
// A broad query walks tens of thousands of postings, so the per-document state lives in a few
// typed arrays reused by every search (searches are synchronous, so never shared) and stamped
// with an epoch instead of being cleared: a document's epoch says whether its state belongs to
// the current walk. Its epoch and its three counts (one packed integer) sit side by side, so a
// posting touches few cache lines.
import type { Field, InvertedIndex } from './inverted-index.js';

/** One query word: the indexed stems (term numbers, ascending) it stands for, with their weights. */
export interface Expansion {
  terms: readonly number[];
  weights: readonly number[];
}

const BOOST: Record<Field, number> = { 0: 4, 1: 2.5, 2: 1 };
// BM25+ (Lv & Zhai 2011) with presence-only term frequency: names are short, bodies are definitions.
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;

// `counts` bits: words matched (0–7), words in the title (8–15), words in alternative names
// (16–23); bits 24 and 25 mark the current word as counted in the title / alternative names;
// bits 26 and 27 say the title / an alternative name holds the `lastStem` of collect.
// A query has at most 60 words (search-index.ts), so no count overflows its byte.
const WORDS = 0xff;
const CURRENT_WORD_FLAGS = 0x3000000;
const TITLE_FLAG = 0x1000000;
const ALT_FLAG = 0x2000000;
const ADD_TITLE = TITLE_FLAG | 0x100;
const ADD_ALT = ALT_FLAG | 0x10000;
const LAST_STEM_IN_TITLE = 0x4000000;
const LAST_STEM_IN_ALT = 0x8000000;

export class MatchCollector {
  readonly scores: Float64Array;
  /** The latest walk's matches that may match as a phrase (all of them when any word will do). */
  readonly phrased: Int32Array;
  phrasedCount = 0;
  /** The latest walk's other matches: no name holds every query word, so tier allWords. */
  readonly plain: Int32Array;
  plainCount = 0;
  /** Per document d: at 2d the epoch (walk + word) it was last seen at, at 2d + 1 its counts. */
  private readonly state: Int32Array;
  private readonly offeredAt: Int32Array;
  private epoch = 0;
  /** The epoch of the latest walk: state stamped below it is stale. */
  private base = 0;
  /** Per field, each document's BM25+ length factor (K1 + 1) / (1 + K1·(1 − B + B·length/average)) + δ. */
  private readonly lengthFactors: Float64Array[];

  constructor(private readonly index: InvertedIndex) {
    const n = index.size;
    this.scores = new Float64Array(n);
    this.phrased = new Int32Array(n);
    this.plain = new Int32Array(n);
    this.state = new Int32Array(2 * n);
    this.offeredAt = new Int32Array(n);
    this.lengthFactors = index.fields.map((field) => {
      // The same operations, in the same order, as scoring each posting would do: same bits.
      const norm = K1 * (1 - B);
      const perLength = (K1 * B) / field.averageLength;
      const factors = new Float64Array(n);
      for (let d = 0; d < n; d++) factors[d] = (K1 + 1) / (1 + norm + perLength * field.lengths[d]!) + DELTA;
      return factors;
    });
  }

  /**
   * Walks the posting lists, scoring every document that matches, and returns how many match.
   * With `all`, a document must match every query word; otherwise any. `corrected` (typo pass)
   * widens "may match as a phrase" to any name word: the spelling ranked by may not be the one
   * matched. `lastStem` (a term number, or -1) is the last word's own stem when it may also be
   * completed: whether a name holds it tells a phrase from a completed one (see lastStemIn).
   */
  collect(expansions: readonly Expansion[], all: boolean, corrected = false, lastStem = -1): number {
    if (this.epoch > 0x7fff0000) {
      this.state.fill(0);
      this.offeredAt.fill(0);
      this.epoch = 0;
    }
    const base = (this.base = this.epoch += 64);
    const n = this.index.size;
    const { state, scores, phrased: touchedDocs } = this;
    let touched = 0;
    for (let k = 0; k < expansions.length; k++) {
      const { terms, weights } = expansions[k]!;
      for (let t = 0; t < terms.length; t++) {
        const term = terms[t]!;
        const weight = weights[t]!;
        for (let f = 0 as Field; f < 3; f = (f + 1) as Field) {
          const list = this.index.fields[f]!.postings[term];
          if (!list) continue;
          const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
          const w = BOOST[f] * weight * idf;
          const own = k === expansions.length - 1 && term === lastStem ? (f === 0 ? LAST_STEM_IN_TITLE : f === 1 ? LAST_STEM_IN_ALT : 0) : 0;
          touched = walk(list, w, this.lengthFactors[f]!, f, own, state, scores, touchedDocs, touched, base, k, all);
        }
      }
    }
    // Keep only the matching documents, in the order first met (document order within a word):
    // those that may match as a phrase first in `phrased`, the others in `plain`.
    const needed = all ? expansions.length : 1;
    let phrased = 0;
    let plain = 0;
    for (let i = 0; i < touched; i++) {
      const d = touchedDocs[i]!;
      const c = state[(d << 1) + 1]!;
      if ((c & WORDS) < needed) continue;
      const title = (c >>> 8) & 0xff;
      const alternatives = (c >>> 16) & 0xff;
      if (!all || (corrected ? title > 0 || alternatives > 0 : title === needed || alternatives === needed)) touchedDocs[phrased++] = d;
      else this.plain[plain++] = d;
    }
    this.phrasedCount = phrased;
    this.plainCount = plain;
    return phrased + plain;
  }

  /** Whether document `d` matched `words` query words in the latest walk. */
  matches(d: number, words: number): boolean {
    return this.state[d << 1]! >= this.base && this.words(d) >= words;
  }

  /** How many query words document `d` matched (valid for the latest walk's matches). */
  words(d: number): number {
    return this.state[(d << 1) + 1]! & WORDS;
  }

  titleWords(d: number): number {
    return (this.state[(d << 1) + 1]! >>> 8) & 0xff;
  }

  alternativeWords(d: number): number {
    return (this.state[(d << 1) + 1]! >>> 16) & 0xff;
  }

  /** Whether the title (0) or an alternative name (1) of `d` holds the `lastStem` given to collect. */
  lastStemIn(d: number, field: 0 | 1): boolean {
    return (this.state[(d << 1) + 1]! & (field === 0 ? LAST_STEM_IN_TITLE : LAST_STEM_IN_ALT)) !== 0;
  }

  /** Marks `d` as offered to the ranking in the latest walk; false if it already was. */
  offerOnce(d: number): boolean {
    if (this.offeredAt[d] === this.base) return false;
    this.offeredAt[d] = this.base;
    return true;
  }
}

/**
 * One posting list of query word `k` in field `f`: marks and counts each document (see
 * `counts` bits above, `own` the last-stem bit to set, if any), adds `w` times its length factor to its score and appends first-met
 * documents to `touchedDocs`; returns the new number of those. With `all`, a document that
 * missed an earlier word is passed over.
 */
function walk(
  list: Int32Array,
  w: number,
  lengthFactor: Float64Array,
  f: Field,
  own: number,
  state: Int32Array,
  scores: Float64Array,
  touchedDocs: Int32Array,
  touched: number,
  base: number,
  k: number,
  all: boolean,
): number {
  const mark = base + k;
  const flag = f === 0 ? TITLE_FLAG : f === 1 ? ALT_FLAG : 0;
  const add = f === 0 ? ADD_TITLE : f === 1 ? ADD_ALT : 0;
  for (let j = 0; j < list.length; j++) {
    const d = list[j]!;
    const at = d << 1;
    const seen = state[at]!;
    if (seen < base) {
      if (all && k > 0) continue; // missed an earlier word
      state[at] = mark;
      state[at + 1] = (1 + add) | own;
      scores[d] = w * lengthFactor[d]!; // = 0 + it: the term is positive
      touchedDocs[touched++] = d;
      continue;
    }
    let c = state[at + 1]!;
    if (seen < mark) {
      if (all && (c & WORDS) !== k) continue; // missed an earlier word
      state[at] = mark;
      c = (c & ~CURRENT_WORD_FLAGS) + 1;
    }
    if ((c & flag) === 0) c += add;
    state[at + 1] = c | own;
    scores[d]! += w * lengthFactor[d]!;
  }
  return touched;
}
