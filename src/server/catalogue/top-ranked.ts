// The best `limit` candidates of a search, in rank order: score, then entity ID (unique, so the
// order is total and the same query always gives the same list). The list lives in typed
// arrays reused by every search, and no object is made per candidate.
import type { RecordStore } from './record-store.js';
import type { CatalogueEntry } from './source-record.js';

/** A search result: the document, its score; its ID and whole record read from the store when asked. */
export class SearchHit {
  constructor(
    private readonly records: RecordStore,
    readonly doc: number,
    readonly score: number,
  ) {}

  get id(): string {
    return this.records.id(this.doc);
  }

  /** What a result shows: ID, title, type and UUID, without reading the whole record. */
  get summary(): { id: string; label: string; type: CatalogueEntry['type']; uuid: string } {
    const r = this.records;
    return { id: r.id(this.doc), label: r.label(this.doc), type: r.type(this.doc), uuid: r.uuid(this.doc) };
  }

  /** The whole record (read back from the store). */
  get entry(): CatalogueEntry {
    return this.records.entry(this.doc);
  }
}

export class TopRanked {
  private doc = new Int32Array(0);
  private score = new Float64Array(0);
  private size = 0;
  private limit = 0;

  constructor(private readonly records: RecordStore) {}

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

  hits(): SearchHit[] {
    const out: SearchHit[] = [];
    for (let i = 0; i < this.size; i++) out.push(new SearchHit(this.records, this.doc[i]!, this.score[i]!));
    return out;
  }

  /** Negative when the candidate ranks before entry `j` of the list. */
  private compare(d: number, score: number, j: number): number {
    if (score !== this.score[j]) return this.score[j]! - score;
    return this.records.compareIds(d, this.doc[j]!);
  }
}
