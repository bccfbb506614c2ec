// The best `limit` candidates of a search, in rank order: score, then entity ID (unique, so the
// order is total and the same query always gives the same list). The list lives in typed
// arrays reused by every search, and no object is made per candidate.
import type { CatalogueEntry } from './source-record.js';

export class TopRanked {
  private doc = new Int32Array(0);
  private score = new Float64Array(0);
  private size = 0;
  private limit = 0;

  /** Entity IDs by document, in a plain array of strings (cheaper to read than off the records). */
  private readonly ids: string[];

  constructor(private readonly docs: readonly CatalogueEntry[]) {
    this.ids = docs.map((e) => e.id);
  }

  /** Empties the list for a search returning at most `limit` records. */
  reset(limit: number): this {
    if (this.doc.length < limit) {
      this.doc = new Int32Array(limit);
      this.score = new Float64Array(limit);
    }
    this.size = 0;
    this.limit = Math.max(0, limit);
    return this;
  }

  /** Enters document `d` with `score` if it ranks before the last of a full list. */
  offer(d: number, score: number): void {
    const last = this.limit - 1;
    const full = this.size === this.limit;
    if (last < 0 || (full && this.compare(d, score, last) >= 0)) return;
    let at = this.size;
    while (at > 0 && this.compare(d, score, at - 1) < 0) at--;
    for (let j = Math.min(this.size, last); j > at; j--) {
      this.doc[j] = this.doc[j - 1]!;
      this.score[j] = this.score[j - 1]!;
    }
    this.doc[at] = d;
    this.score[at] = score;
    if (!full) this.size++;
  }

  /** The score a candidate must beat to enter (−∞ while the list is not full). */
  cutoff(): number {
    return this.size === this.limit && this.limit > 0 ? this.score[this.limit - 1]! : -Infinity;
  }

  hits(): { entry: CatalogueEntry; score: number }[] {
    const out: { entry: CatalogueEntry; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ entry: this.docs[this.doc[i]!]!, score: this.score[i]! });
    return out;
  }

  /** Negative when the candidate ranks before entry `j` of the list. */
  private compare(d: number, score: number, j: number): number {
    if (score !== this.score[j]) return this.score[j]! - score;
    const x = this.ids[d]!;
    const y = this.ids[this.doc[j]!]!;
    return x < y ? -1 : x > y ? 1 : 0;
  }
}
