// What the server keeps of each catalogue record (docs/ARCHITECTURE.md, "Memory"): resident per
// record are its entity ID as 17 bytes (type and UUID) in one typed array with an open-addressing
// table for lookups, its title (a search result shows it), and where its stored line is. The
// record's full text (definition, names, sources, merged terms) is kept only as its stored line
// (./source-record.ts storedLine), compressed with a block of neighbouring records (deflate,
// 32 KB blocks, about a quarter of the text's size), and read back when the record is asked for
// (a record page, `fetch`): one block inflated (some tens of µs), the line parsed. A few recently
// inflated blocks are kept. The store never changes after it is built; a new catalogue gets a
// new store.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ENTITY_TYPES, type EntityType } from '../../shared/entity-id.js';
import { type CatalogueEntry, type SourceRecord, storedLine, toEntry } from './source-record.js';
import { GrowingArray } from './growing-array.js';

/** Raw bytes of stored lines compressed together. */
const BLOCK_BYTES = 32 * 1024;
/** Inflated blocks kept for the next reads (a page of results is often read one record after another). */
const RECENT_BLOCKS = 8;
const TYPE_NUMBER = new Map<string, number>(ENTITY_TYPES.map((t, i) => [t, i]));
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hexValue(code: number): number {
  return code <= 57 ? code - 48 : code - 87; // '0'-'9', 'a'-'f' (entity IDs are lower case)
}

/** Writes the 16 bytes of a lower-case UUID string into `out` at `at`. */
function uuidBytes(uuid: string, out: Uint8Array, at: number): void {
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

/** Collects records one at a time (the catalogue is read as a stream), then makes the store. */
export class RecordStoreBuilder {
  private readonly types = new GrowingArray(new Uint8Array(1024));
  private readonly uuids = new GrowingArray(new Uint8Array(16 * 1024));
  private readonly labels: string[] = [];
  private readonly retired = new Map<string, number>();
  private readonly compressed = new GrowingArray(new Uint8Array(1 << 16));
  private readonly blockStarts: number[] = [0];
  private readonly blockOf = new GrowingArray(new Uint32Array(1024));
  private readonly startInBlock = new GrowingArray(new Uint32Array(1024));
  private readonly lineLength = new GrowingArray(new Uint32Array(1024));
  private block = new GrowingArray(new Uint8Array(BLOCK_BYTES * 2));

  get size(): number {
    return this.labels.length;
  }

  /** Adds a record; returns its document number. */
  add(entry: CatalogueEntry): number {
    const d = this.labels.length;
    const id = TYPE_AND_UUID.exec(entry.id);
    if (!id) throw new Error(`not an entity ID: ${entry.id}`); // the parser has checked every ID
    this.types.reserve(1);
    this.types.data[this.types.length++] = TYPE_NUMBER.get(id[1]!)!;
    this.uuids.reserve(16);
    uuidBytes(id[2]!, this.uuids.data, this.uuids.length);
    this.uuids.length += 16;
    this.labels.push(entry.label);
    for (const r of entry.retiredIds) this.retired.set(r, d);
    const line = Buffer.from(storedLine(entry), 'utf8');
    if (this.block.length > 0 && this.block.length + line.length > BLOCK_BYTES) this.closeBlock();
    this.blockOf.push(this.blockStarts.length - 1);
    this.startInBlock.push(this.block.length);
    this.lineLength.push(line.length);
    this.block.append(line);
    return d;
  }

  private closeBlock(): void {
    this.compressed.append(deflateRawSync(this.block.data.subarray(0, this.block.length), { level: 1 }));
    this.blockStarts.push(this.compressed.length);
    this.block.length = 0;
  }

  finish(): RecordStore {
    if (this.block.length > 0) this.closeBlock();
    this.block = new GrowingArray(new Uint8Array(0));
    return new RecordStore({
      types: this.types.done(),
      uuids: this.uuids.done(),
      labels: this.labels,
      retired: this.retired,
      compressed: this.compressed.done(),
      blockStarts: Float64Array.from(this.blockStarts),
      blockOf: this.blockOf.done(),
      startInBlock: this.startInBlock.done(),
      lineLength: this.lineLength.done(),
    });
  }
}

/** The store's arrays, as made by RecordStoreBuilder or sent by a worker. */
export interface StoreArrays {
  types: Uint8Array;
  uuids: Uint8Array;
  labels: string[];
  retired: Map<string, number>;
  compressed: Uint8Array;
  blockStarts: Float64Array;
  blockOf: Uint32Array;
  startInBlock: Uint32Array;
  lineLength: Uint32Array;
}

export class RecordStore {
  private readonly a: StoreArrays;
  /** Open addressing over the UUIDs: document + 1, 0 for an empty slot. */
  private readonly slots: Int32Array;
  private readonly recent = new Map<number, Buffer>();

  constructor(arrays: StoreArrays) {
    this.a = arrays;
    let size = 1;
    while (size < arrays.labels.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    const mask = size - 1;
    for (let d = 0; d < arrays.labels.length; d++) {
      let s = hashUuid(arrays.uuids, d * 16) & mask;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = d + 1;
    }
  }

  static fromEntries(entries: readonly CatalogueEntry[]): RecordStore {
    const b = new RecordStoreBuilder();
    for (const e of entries) b.add(e);
    return b.finish();
  }

  get size(): number {
    return this.a.labels.length;
  }

  /** The arrays, to rebuild the store elsewhere (indexParts/fromParts in ./search-index-builder.ts, written by ./index-file.ts). */
  get arrays(): StoreArrays {
    return this.a;
  }

  /** Bytes held by the store's arrays (the labels' strings not counted). */
  type(d: number): EntityType {
    return ENTITY_TYPES[this.a.types[d]!]!;
  }

  label(d: number): string {
    return this.a.labels[d]!;
  }

  uuid(d: number): string {
    const u = this.a.uuids;
    const at = d * 16;
    let s = '';
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
      s += HEX[u[at + i]!]!;
    }
    return s;
  }

  id(d: number): string {
    return `${this.type(d)}:${this.uuid(d)}`;
  }

  /** Entity ID order (type, then UUID), without making the strings. */
  compareIds(x: number, y: number): number {
    const t = this.a.types[x]! - this.a.types[y]!;
    if (t !== 0) return t;
    const u = this.a.uuids;
    for (let i = 0; i < 16; i++) {
      const diff = u[x * 16 + i]! - u[y * 16 + i]!;
      if (diff !== 0) return diff;
    }
    return 0;
  }

  /** The document of a record ID, or -1. Retired IDs are not records: see `retiredOwner`. */
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
    const u = this.a.uuids;
    for (let s = hashUuid(uuids, at) & mask; this.slots[s] !== 0; s = (s + 1) & mask) {
      const d = this.slots[s]! - 1;
      let same = this.a.types[d] === type;
      for (let i = 0; same && i < 16; i++) same = u[d * 16 + i] === uuids[at + i];
      if (same) return d;
    }
    return -1;
  }

  /** The document that merged the term with this retired ID, or -1. */
  retiredOwner(id: string): number {
    return this.a.retired.get(id) ?? -1;
  }

  /** The whole record, read back from its stored line. */
  entry(d: number): CatalogueEntry {
    const block = this.inflated(this.a.blockOf[d]!);
    const start = this.a.startInBlock[d]!;
    const line = block.toString('utf8', start, start + this.a.lineLength[d]!);
    // The line was validated when the catalogue was read and written by storedLine.
    return toEntry(JSON.parse(line) as SourceRecord);
  }

  private inflated(b: number): Buffer {
    let block = this.recent.get(b);
    if (block) {
      this.recent.delete(b);
    } else {
      const { compressed, blockStarts } = this.a;
      block = inflateRawSync(compressed.subarray(blockStarts[b]!, blockStarts[b + 1]!));
      if (this.recent.size >= RECENT_BLOCKS) this.recent.delete(this.recent.keys().next().value!);
    }
    this.recent.set(b, block);
    return block;
  }
}
