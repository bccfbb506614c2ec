// A typed array that grows while a build appends to it (doubling its room), then is cut to the
// length used: the record store's and the name table's columns (./record-store.ts,
// ./name-table.ts), built without a plain array of numbers in between.
type Typed = Int32Array | Uint32Array | Uint8Array | Float64Array;

export class GrowingArray<T extends Typed> {
  length = 0;

  constructor(public data: T) {}

  /** Room for `extra` more values. */
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const grown = new (this.data.constructor as new (n: number) => T)(Math.max(this.length + extra, this.data.length * 2));
    grown.set(this.data.subarray(0, this.length) as T);
    this.data = grown;
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = value;
  }

  append(values: ArrayLike<number>): void {
    this.reserve(values.length);
    this.data.set(values, this.length);
    this.length += values.length;
  }

  /** The values, in an array of their own size. */
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}
