// The candidates of a search that are ranked name by name (./search-index.ts): the best few
// by coverage, kept in a min-heap in typed arrays (no object per candidate), plus the records
// with a name equal to the query, which are always ranked.
export /** The best `size` documents by a key (a min-heap in typed arrays), plus documents forced in. */
class Candidates {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  private count = 0;
  private forced: number[] = [];

  constructor(private readonly size: number) {
    this.keys = new Float64Array(size);
    this.ids = new Int32Array(size);
  }

  reset(): void {
    this.count = 0;
    this.forced = [];
  }

  force(d: number): void {
    this.forced.push(d);
  }

  docs(): number[] {
    return [...new Set([...this.ids.subarray(0, this.count), ...this.forced])];
  }

  /** Offers document d; of equal keys the lower document number stays (deterministic). */
  offer(d: number, key: number): void {
    if (this.count < this.size) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.before(key, d, this.keys[parent]!, this.ids[parent]!)) break;
        this.keys[i] = this.keys[parent]!;
        this.ids[i] = this.ids[parent]!;
        i = parent;
      }
      this.keys[i] = key;
      this.ids[i] = d;
      return;
    }
    if (!this.before(this.keys[0]!, this.ids[0]!, key, d)) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.before(this.keys[child + 1]!, this.ids[child + 1]!, this.keys[child]!, this.ids[child]!)) child++;
      if (!this.before(this.keys[child]!, this.ids[child]!, key, d)) break;
      this.keys[i] = this.keys[child]!;
      this.ids[i] = this.ids[child]!;
      i = child;
    }
    this.keys[i] = key;
    this.ids[i] = d;
  }

  /** Whether (k1, d1) is worse than (k2, d2): the heap's top is the worst kept. */
  private before(k1: number, d1: number, k2: number, d2: number): boolean {
    return k1 < k2 || (k1 === k2 && d1 > d2);
  }
}
