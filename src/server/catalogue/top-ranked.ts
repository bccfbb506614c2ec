// The best `limit` candidates of a search, in rank order: tier (./match-tier.ts), then query
// words found in the title exactly as typed, then full-text score, then entity ID (unique, so the
// order is total and the same query always gives the same list). A broad query has tens of
// thousands of candidates and only a few enter the list, so the list lives in typed arrays
// reused by every search, a candidate is compared key by key and dropped as soon as it cannot
// enter, and no object is made per candidate.
import type { EncodedQuery, NameTable } from './match-tier.js';
import type { CatalogueEntry } from './source-record.js';

export class TopRanked {
  private doc = new Int32Array(0);
  private tier = new Float64Array(0);
  private exact = new Int32Array(0);
  private score = new Float64Array(0);
  private size = 0;
  private limit = 0;

  /** Entity IDs by document, in a plain array of strings (cheaper to read than off the records). */
  private readonly ids: string[];

  constructor(
    private readonly docs: readonly CatalogueEntry[],
    private readonly names: NameTable,
    private readonly scores: Float64Array,
  ) {
    // Ties on tier, words and score are common (a broad query's matches often score alike);
    // reading IDs off record objects of many shapes cost more than the rest of the comparison.
    this.ids = docs.map((e) => e.id);
  }

  /** Empties the list for a search returning at most `limit` records. */
  reset(limit: number): this {
    if (this.doc.length < limit) {
      this.doc = new Int32Array(limit);
      this.tier = new Float64Array(limit);
      this.exact = new Int32Array(limit);
      this.score = new Float64Array(limit);
    }
    this.size = 0;
    this.limit = Math.max(0, limit);
    return this;
  }

  /** Enters document `d` of tier `tier` if it ranks before the last of a full list. */
  offer(d: number, tier: number, query: EncodedQuery): void {
    const last = this.limit - 1;
    const full = this.size === this.limit;
    if (full && (last < 0 || tier < this.tier[last]!)) return;
    const exact = this.names.exactHits(d, query);
    const score = this.scores[d]!;
    if (full && this.compare(d, tier, exact, score, last) >= 0) return;
    let at = this.size;
    while (at > 0 && this.compare(d, tier, exact, score, at - 1) < 0) at--;
    for (let j = Math.min(this.size, last); j > at; j--) {
      this.doc[j] = this.doc[j - 1]!;
      this.tier[j] = this.tier[j - 1]!;
      this.exact[j] = this.exact[j - 1]!;
      this.score[j] = this.score[j - 1]!;
    }
    this.doc[at] = d;
    this.tier[at] = tier;
    this.exact[at] = exact;
    this.score[at] = score;
    if (!full) this.size++;
  }

  /**
   * Whether document `d` could enter if it reached tier `tier` with `exact` exact words (upper
   * bounds of both): its score and ID are known, so most candidates of a broad query are turned
   * away here before their tier is worked out. A candidate turned away now never enters later:
   * the list only gets better.
   */
  mayEnter(d: number, tier: number, exact: number): boolean {
    if (this.size < this.limit) return true;
    return this.limit > 0 && this.compare(d, tier, exact, this.scores[d]!, this.limit - 1) < 0;
  }

  /** The lowest tier that can still enter the list (0 while it is not full). */
  floor(): number {
    return this.size === this.limit && this.limit > 0 ? this.tier[this.limit - 1]! : 0;
  }

  /** True when the list is full and its last entry's tier is at least `tier`: nothing below `tier` can enter. */
  fullFrom(tier: number): boolean {
    return this.size === this.limit && (this.limit === 0 || this.tier[this.limit - 1]! >= tier);
  }

  hits(): { entry: CatalogueEntry; score: number }[] {
    const out: { entry: CatalogueEntry; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ entry: this.docs[this.doc[i]!]!, score: this.score[i]! });
    return out;
  }

  /** Negative when the candidate ranks before entry `j` of the list. */
  private compare(d: number, tier: number, exact: number, score: number, j: number): number {
    if (tier !== this.tier[j]) return this.tier[j]! - tier;
    if (exact !== this.exact[j]) return this.exact[j]! - exact;
    if (score !== this.score[j]) return this.score[j]! - score;
    const x = this.ids[d]!;
    const y = this.ids[this.doc[j]!]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }
}
