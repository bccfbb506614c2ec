// The posting-list walk of a search (./search-index.ts): which documents match which query
// units, in which class of field (names, context, body), and each one's BM25+ score.
//
// A broad query walks tens of thousands of postings, so the per-document state lives in typed
// arrays reused by every search (searches are synchronous, so never shared) and stamped with an
// epoch instead of being cleared: a document's epoch says whether its state belongs to the
// current walk. Its epoch and its three unit masks sit side by side, so a posting touches one
// cache line.
import { ACRONYM, ALT, BODY, CONTEXT, CONTEXT_ACRONYM, FIELD_COUNT, type InvertedIndex, RUN, TITLE } from './inverted-index.js';
import type { QueryPlan } from './query-plan.js';

/** Classes of fields: a unit found in a name counts more than in the context, more than in the body. */
export const NAMES = 0;
export const PLACE = 1;
export const TEXT = 2;
const CLASS_OF_FIELD: readonly number[] = (() => {
  const c: number[] = [];
  c[TITLE] = NAMES;
  c[ALT] = NAMES;
  c[ACRONYM] = NAMES;
  c[RUN] = NAMES;
  c[CONTEXT] = PLACE;
  c[CONTEXT_ACRONYM] = PLACE;
  c[BODY] = TEXT;
  return c;
})();

const BOOST: readonly number[] = (() => {
  const b: number[] = [];
  b[TITLE] = 4;
  b[ALT] = 2.5;
  b[ACRONYM] = 3;
  b[RUN] = 1.5;
  b[CONTEXT] = 1.5;
  b[CONTEXT_ACRONYM] = 1.2;
  b[BODY] = 1;
  return b;
})();

// BM25+ (Lv & Zhai 2011) with presence-only term frequency: names are short, bodies are definitions.
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;
/** Per document: epoch, the unit masks of the three field classes, the units found strongly, the units found by more than a guess. */
const STRIDE = 6;
const STRONG = 4;
const FAIR = 5;
/** reachedUnits' classes for strongUnits and fairUnits. */
export const STRONG_UNITS = STRONG - 1;
export const FAIR_UNITS = FAIR - 1;
/** Alternatives of at least this quality find a unit strongly (a word, its stem, an acronym). */
export const STRONG_QUALITY = 0.85;
/** Alternatives above this quality are more than a guess (not a near spelling or bare word beginnings; ./coverage.ts). */
export const FAIR_QUALITY = 0.55;

export class MatchCollector {
  readonly scores: Float64Array;
  /** The latest walk's documents, in the order first met. */
  readonly touched: Int32Array;
  touchedCount = 0;
  private readonly state: Int32Array;
  private epoch = 0;
  /** Per field, each document's BM25+ length factor (K1 + 1) / (1 + K1·(1 − B + B·length/average)) + δ. */
  private readonly lengthFactors: Float32Array[];

  constructor(private readonly index: InvertedIndex) {
    const n = index.size;
    this.scores = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.state = new Int32Array(STRIDE * n);
    this.lengthFactors = index.fields.map((field) => {
      const factors = new Float32Array(n);
      const perLength = (K1 * B) / field.averageLength;
      for (let d = 0; d < n; d++) factors[d] = (K1 + 1) / (1 + K1 * (1 - B) + perLength * field.lengths[d]!) + DELTA;
      return factors;
    });
  }

  /** Walks the posting lists of every alternative of the plan; returns how many documents match a unit. */
  collect(plan: QueryPlan): number {
    if (this.epoch > 0x7ffffff0) {
      this.state.fill(0);
      this.epoch = 0;
    }
    const epoch = ++this.epoch;
    const n = this.index.size;
    let touched = 0;
    for (const alt of plan.alternatives) {
      for (let f = 0; f < FIELD_COUNT; f++) {
        if (!(alt.fields & (1 << f))) continue;
        const { starts, docs } = this.index.fields[f]!;
        const weight = BOOST[f]! * alt.quality;
        const factors = this.lengthFactors[f]!;
        const offset = 1 + CLASS_OF_FIELD[f]!;
        const count = alt.terms === null ? alt.to - alt.from : alt.terms.length;
        for (let k = 0; k < count; k++) {
          const t = alt.terms === null ? alt.from + k : alt.terms[k]!;
          const from = starts[t]!;
          const to = starts[t + 1]!;
          if (from === to) continue;
          const w = weight * Math.log(1 + (n - (to - from) + 0.5) / (to - from + 0.5));
          touched = this.walk(docs, from, to, w, factors, offset, alt.units, alt.quality >= STRONG_QUALITY ? alt.units : 0, alt.quality > FAIR_QUALITY ? alt.units : 0, epoch, touched);
        }
      }
    }
    this.touchedCount = touched;
    return touched;
  }

  private walk(docs: Int32Array, from: number, to: number, w: number, factors: Float32Array, offset: number, units: number, strong: number, fair: number, epoch: number, touched: number): number {
    const state = this.state;
    const scores = this.scores;
    for (let j = from; j < to; j++) {
      const d = docs[j]!;
      const at = d * STRIDE;
      if (state[at] !== epoch) {
        state[at] = epoch;
        state[at + 1] = 0;
        state[at + 2] = 0;
        state[at + 3] = 0;
        state[at + STRONG] = 0;
        state[at + FAIR] = 0;
        scores[d] = 0;
        this.touched[touched++] = d;
      }
      state[at + STRONG]! |= strong;
      state[at + FAIR]! |= fair;
      // Body text adds nothing for a unit a name already has: a record named by the query
      // comes before one whose definition also repeats it.
      if (offset === 1 + TEXT && (state[at + 1 + NAMES]! & units) === units) continue;
      const mask = state[at + offset]!;
      // A unit counts once per class of field: the first (best) alternative that found it there.
      if ((mask & units) !== units) {
        state[at + offset] = mask | units;
        scores[d]! += w * factors[d]!;
      }
    }
    return touched;
  }

  /** Whether the latest walk reached document `d`. */
  walked(d: number): boolean {
    return this.state[d * STRIDE] === this.epoch;
  }

  /** The units document `d` matched in field class `c` (NAMES, PLACE, TEXT) in the latest walk (none if it did not reach `d`). */
  units(d: number, c: number): number {
    return this.walked(d) ? this.state[d * STRIDE + 1 + c]! : 0;
  }

  /**
   * The same without the check, for a document the latest walk reached (one of `touched`): the
   * units it matched in field class `c`, or with c = STRONG_UNITS or FAIR_UNITS, strongUnits and
   * fairUnits (./coverage.ts reads every touched document).
   */
  reachedUnits(d: number, c: number): number {
    return this.state[d * STRIDE + 1 + c]!;
  }

  /** The units document `d` matched with an alternative of at least STRONG_QUALITY. */
  strongUnits(d: number): number {
    return this.walked(d) ? this.state[d * STRIDE + STRONG]! : 0;
  }

  /** The units document `d` matched with an alternative above FAIR_QUALITY. */
  fairUnits(d: number): number {
    return this.walked(d) ? this.state[d * STRIDE + FAIR]! : 0;
  }
}
