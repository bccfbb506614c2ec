// The terms each query unit matches, marked for the name-by-name alignment (./name-match.ts).

/** Per-query marks of the terms a unit matches, by term number (stamped, never cleared). */
export class TermMarks {
  private readonly epochOf: Int32Array;
  private readonly slotOf: Int32Array;
  private epoch = 0;
  /** Per mark (slot): the units, the quality, the term's next mark (−1 at the end), whether spelled-out initials (./spelled-out.ts). */
  units = new Int32Array(256);
  quality = new Float32Array(256);
  next = new Int32Array(256);
  spelled = new Uint8Array(256);
  private count = 0;

  constructor(termCount: number) {
    this.epochOf = new Int32Array(termCount);
    this.slotOf = new Int32Array(termCount);
  }

  reset(): void {
    if (++this.epoch > 0x7ffffff0) {
      this.epochOf.fill(0);
      this.epoch = 1;
    }
    this.count = 0;
  }

  /** Marks term `t` as matching `units` with `quality`, unless a better mark covers them. */
  mark(t: number, units: number, quality: number, spelled: boolean): void {
    const head = this.epochOf[t] === this.epoch ? this.slotOf[t]! : -1;
    for (let s = head; s >= 0; s = this.next[s]!) if ((this.units[s]! & units) === units && this.quality[s]! >= quality && (spelled || !this.spelled[s])) return;
    if (this.count === this.units.length) this.grow();
    const slot = this.count++;
    this.units[slot] = units;
    this.quality[slot] = quality;
    this.next[slot] = head;
    this.spelled[slot] = spelled ? 1 : 0;
    this.epochOf[t] = this.epoch;
    this.slotOf[t] = slot;
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
    return this.epochOf[t] === this.epoch ? this.slotOf[t]! : -1;
  }
}
