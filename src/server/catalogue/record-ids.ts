// Records' entity IDs as bytes (./record-store.ts): a type number and the UUID's 16 bytes per
// record, found again through an open-addressing table, without a string per record. A module
// of its own, so that the child that merges the parts of an index (./index-merge.ts, which
// checks that no ID is in two parts) loads neither the import format nor its schema.
import { ENTITY_TYPES } from '../../shared/entity-id.js';

export const TYPE_NUMBER = new Map<string, number>(ENTITY_TYPES.map((t, i) => [t, i]));

function hexValue(code: number): number {
  return code <= 57 ? code - 48 : code - 87; // '0'-'9', 'a'-'f' (entity IDs are lower case)
}

/** Writes the 16 bytes of a lower-case UUID string into `out` at `at`. */
export function uuidBytes(uuid: string, out: Uint8Array, at: number): void {
  let j = 0;
  for (let i = 0; i < 16; i++) {
    if (uuid.charCodeAt(j) === 45) j++; // '-'
    out[at + i] = (hexValue(uuid.charCodeAt(j)) << 4) | hexValue(uuid.charCodeAt(j + 1));
    j += 2;
  }
}

function hashUuid(bytes: Uint8Array, at: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < 16; i++) h = Math.imul(h ^ bytes[at + i]!, 0x01000193);
  return h >>> 0;
}

const TYPE_AND_UUID = /^(equipment|laboratory|technique):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Open addressing over the IDs of `count` records (their types and UUID bytes): document + 1, 0 for an empty slot. */
export class IdTable {
  private readonly slots: Int32Array;

  constructor(
    private readonly types: Uint8Array,
    private readonly uuids: Uint8Array,
    count: number,
  ) {
    let size = 1;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size);
    const mask = size - 1;
    for (let d = 0; d < count; d++) {
      let s = hashUuid(uuids, d * 16) & mask;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = d + 1;
    }
  }

  /** The document of a record ID, or -1. */
  find(id: string): number {
    const m = TYPE_AND_UUID.exec(id);
    if (!m || this.slots.length === 0) return -1;
    const key = new Uint8Array(16);
    uuidBytes(m[2]!, key, 0);
    return this.findBytes(TYPE_NUMBER.get(m[1]!)!, key, 0);
  }

  /** The document whose ID is type number `type` and the 16 bytes at `at` in `uuids`, or -1. */
  findBytes(type: number, uuids: Uint8Array, at: number): number {
    const mask = this.slots.length - 1;
    const u = this.uuids;
    for (let s = hashUuid(uuids, at) & mask; this.slots[s] !== 0; s = (s + 1) & mask) {
      const d = this.slots[s]! - 1;
      let same = this.types[d] === type;
      for (let i = 0; same && i < 16; i++) same = u[d * 16 + i] === uuids[at + i];
      if (same) return d;
    }
    return -1;
  }
}
