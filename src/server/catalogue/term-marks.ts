// The terms each query unit matches, marked for the name-by-name alignment (./name-match.ts).

/**
 * Per-query marks of the terms a unit matches, by term number (never cleared). Marks are
 * numbered across queries, so one number per term says both whether the term is marked in this
 * query and where its last mark is: the marks of this query are those numbered above `base`
 * (one array of the vocabulary's size instead of an epoch and a slot per term).
 */
export class TermMarks {
  /** Per term, the number of its last mark (0: never marked). */
  private readonly lastMark: Int32Array;
  /** Marks made before this query. */
  private base = 0;
  /** Per mark (slot): the units, the quality, the term's next mark (−1 at the end), whether spelled-out initials (./spelled-out.ts). */
  units = new Int32Array(256);
  quality = new Float32Array(256);
  next = new Int32Array(256);
  spelled = new Uint8Array(256);
  private count = 0;

  constructor(termCount: number) {
    this.lastMark = new Int32Array(termCount);
  }

  reset(): void {
    this.base += this.count;
    // Far below 2^31: no query makes the marks it would take to overflow.
    if (this.base > 0x3fffffff) {
      this.lastMark.fill(0);
      this.base = 0;
    }
    this.count = 0;
  }

  /** Marks term `t` as matching `units` with `quality`, unless a better mark covers them. */
  mark(t: number, units: number, quality: number, spelled: boolean): void {
    const head = this.first(t);
    for (let s = head; s >= 0; s = this.next[s]!) if ((this.units[s]! & units) === units && this.quality[s]! >= quality && (spelled || !this.spelled[s])) return;
    if (this.count === this.units.length) this.grow();
    const slot = this.count++;
    this.units[slot] = units;
    this.quality[slot] = quality;
    this.next[slot] = head;
    this.spelled[slot] = spelled ? 1 : 0;
    this.lastMark[t] = this.base + slot + 1;
  }

  private grow(): void {
    const size = this.units.length * 2;
    const units = new Int32Array(size);
    const quality = new Float32Array(size);
    const next = new Int32Array(size);
    const spelled = new Uint8Array(size);
    units.set(this.units);
    quality.set(this.quality);
    next.set(this.next);
    spelled.set(this.spelled);
    [this.units, this.quality, this.next, this.spelled] = [units, quality, next, spelled];
  }

  /** The first mark of term `t`, or −1. */
  first(t: number): number {
    const mark = this.lastMark[t]! - this.base;
    return mark > 0 ? mark - 1 : -1;
  }
}
