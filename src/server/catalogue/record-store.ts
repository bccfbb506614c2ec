// What the server keeps of each catalogue record (docs/ARCHITECTURE.md, "Memory"): resident per
// record are its entity ID as 17 bytes (type and UUID) in one typed array with an open-addressing
// table for lookups, its title (a search result shows it) as UTF-8 in one array of every title
// (decoded when a result shows it: no string per record), and where its stored line is. The
// record's full text (definition, names, sources, merged terms) is kept only as its line as the
// catalogue file has it (no second serialisation while a catalogue is read; records given as
// objects: ./source-record.ts storedLine), compressed with a block of neighbouring records (deflate,
// 32 KB blocks, about a quarter of the text's size), and read back when the record is asked for
// (a record page, `fetch`): one block inflated (some tens of µs), the line parsed. A few recently
// inflated blocks are kept. The store never changes after it is built; a new catalogue gets a
// new store.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ENTITY_TYPES, type EntityType } from '../../shared/entity-id.js';
import { type CatalogueEntry, entryOfLine, storedLine } from './source-record.js';
import { GrowingArray } from './growing-array.js';
import { IdTable, TYPE_NUMBER, uuidBytes } from './record-ids.js';

/** Raw bytes of stored lines compressed together. */
const BLOCK_BYTES = 32 * 1024;
/** Inflated blocks kept for the next reads (a page of results is often read one record after another). */
const RECENT_BLOCKS = 8;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const UTF8 = new TextEncoder();

/** The titles of a store's arrays, by record (each decoded from its UTF-8 bytes when asked for). */
export function storedLabels(arrays: Pick<StoreArrays, 'labelBytes' | 'labelEnds'>): (d: number) => string {
  const { labelBytes, labelEnds } = arrays;
  const bytes = Buffer.from(labelBytes.buffer, labelBytes.byteOffset, labelBytes.byteLength);
  return (d) => bytes.toString('utf8', d > 0 ? labelEnds[d - 1]! : 0, labelEnds[d]!);
}

/** Collects records one at a time (the catalogue is read as a stream), then makes the store. */
export class RecordStoreBuilder {
  private readonly types = new GrowingArray(new Uint8Array(1024));
  private readonly uuids = new GrowingArray(new Uint8Array(16 * 1024));
  private readonly labelBytes = new GrowingArray(new Uint8Array(1 << 16));
  private readonly labelEnds = new GrowingArray(new Uint32Array(1024));
  private readonly retired = new Map<string, number>();
  private readonly compressed = new GrowingArray(new Uint8Array(1 << 16));
  private readonly blockStarts: number[] = [0];
  private readonly blockOf = new GrowingArray(new Uint32Array(1024));
  private readonly startInBlock = new GrowingArray(new Uint32Array(1024));
  private readonly lineLength = new GrowingArray(new Uint32Array(1024));
  private block = new GrowingArray(new Uint8Array(BLOCK_BYTES * 2));

  get size(): number {
    return this.labelEnds.length;
  }

  /**
   * Adds a record; returns its document number. `line`: the record's catalogue line as read (its
   * UTF-8 bytes), kept as it is; without it, the entry's stored form (storedLine).
   */
  add(entry: CatalogueEntry, line?: Uint8Array): number {
    const d = this.labelEnds.length;
    // The parser has checked every ID (`type` and `uuid` are its two parts).
    const type = TYPE_NUMBER.get(entry.type);
    if (type === undefined || entry.uuid.length !== 36) throw new Error(`not an entity ID: ${entry.id}`);
    this.types.reserve(1);
    this.types.data[this.types.length++] = type;
    this.uuids.reserve(16);
    uuidBytes(entry.uuid, this.uuids.data, this.uuids.length);
    this.uuids.length += 16;
    const labels = this.labelBytes;
    labels.reserve(entry.label.length * 3);
    labels.length += UTF8.encodeInto(entry.label, labels.data.subarray(labels.length)).written;
    this.labelEnds.push(labels.length);
    for (const r of entry.retiredIds) this.retired.set(r, d);
    const bytes = line ?? Buffer.from(storedLine(entry), 'utf8');
    if (this.block.length > 0 && this.block.length + bytes.length > BLOCK_BYTES) this.closeBlock();
    this.blockOf.push(this.blockStarts.length - 1);
    this.startInBlock.push(this.block.length);
    this.lineLength.push(bytes.length);
    this.block.append(bytes);
    return d;
  }

  private closeBlock(): void {
    this.compressed.append(deflateRawSync(this.block.data.subarray(0, this.block.length), { level: 1 }));
    this.blockStarts.push(this.compressed.length);
    this.block.length = 0;
  }

  finish(): RecordStore {
    return new RecordStore(this.finishArrays());
  }

  /** The store's arrays, without the store (an index written for another process: no ID table made here). */
  finishArrays(): StoreArrays {
    if (this.block.length > 0) this.closeBlock();
    this.block = new GrowingArray(new Uint8Array(0));
    return {
      types: this.types.done(),
      uuids: this.uuids.done(),
      labelBytes: this.labelBytes.done(),
      labelEnds: this.labelEnds.done(),
      retired: this.retired,
      compressed: this.compressed.done(),
      blockStarts: Float64Array.from(this.blockStarts),
      blockOf: this.blockOf.done(),
      startInBlock: this.startInBlock.done(),
      lineLength: this.lineLength.done(),
    };
  }
}

/** The store's arrays, as made by RecordStoreBuilder or sent by a worker. */
export interface StoreArrays {
  types: Uint8Array;
  uuids: Uint8Array;
  /** Every title's UTF-8 bytes, one after another; record d's end at labelEnds[d] (its start at the one before). */
  labelBytes: Uint8Array;
  labelEnds: Uint32Array;
  retired: Map<string, number>;
  compressed: Uint8Array;
  blockStarts: Float64Array;
  blockOf: Uint32Array;
  startInBlock: Uint32Array;
  lineLength: Uint32Array;
}

export class RecordStore {
  private readonly a: StoreArrays;
  private readonly ids: IdTable;
  private readonly recent = new Map<number, Buffer>();
  /** Record d's title, decoded from the titles' bytes. */
  readonly label: (d: number) => string;

  constructor(arrays: StoreArrays) {
    this.a = arrays;
    this.ids = new IdTable(arrays.types, arrays.uuids, arrays.labelEnds.length);
    this.label = storedLabels(arrays);
  }

  static fromEntries(entries: readonly CatalogueEntry[]): RecordStore {
    const b = new RecordStoreBuilder();
    for (const e of entries) b.add(e);
    return b.finish();
  }

  get size(): number {
    return this.a.labelEnds.length;
  }

  /** The arrays, to rebuild the store elsewhere (indexParts/fromParts in ./search-index-builder.ts, written by ./index-file.ts). */
  get arrays(): StoreArrays {
    return this.a;
  }

  type(d: number): EntityType {
    return ENTITY_TYPES[this.a.types[d]!]!;
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
    return this.ids.find(id);
  }

  /** The document whose ID is type number `type` and the 16 bytes at `at` in `uuids`, or -1. */
  findBytes(type: number, uuids: Uint8Array, at: number): number {
    return this.ids.findBytes(type, uuids, at);
  }

  /** The document that merged the term with this retired ID, or -1. */
  retiredOwner(id: string): number {
    return this.a.retired.get(id) ?? -1;
  }

  /** The whole record, read back from its stored line. */
  entry(d: number): CatalogueEntry {
    const block = this.inflated(this.a.blockOf[d]!);
    const start = this.a.startInBlock[d]!;
    // The line was validated when the catalogue was read: read again as the parser reads it
    // (defaults filled in, IDs derived), it gives the same entry.
    return entryOfLine(block.toString('utf8', start, start + this.a.lineLength[d]!));
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
