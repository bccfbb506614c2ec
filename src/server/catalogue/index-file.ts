// An index as a file (./catalogue-build.ts): the child process that builds an index writes it
// here and the server reads it back, each typed array read straight into its own new array (no
// intermediate message buffers that the server's allocator would keep), the rest (vocabulary,
// titles, numbers) as one JSON header. Layout: 16 bytes (magic, format, header length, the
// header's CRC-32), the header (which holds the CRC-32 of the arrays), then each array's bytes at an 8-byte boundary. The
// checksum is checked on read: the same format is the index cache (./index-cache.ts), which
// outlives the process that wrote it, so a damaged file is told apart from an index.
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/** A file that is not a whole index (cut short, damaged, or another format). */
export class DamagedIndexFileError extends Error {
  override name = 'DamagedIndexFileError';
}

/** 'RCIX'. */
const MAGIC = 0x58494352;
/**
 * Bumped when the layout or the meaning of what is stored changes (3: a record store's lines are
 * the catalogue's lines as read, which may leave out the ID and the defaults; 4: its titles are
 * one array of UTF-8 bytes with an end per record, not strings in the header).
 */
const FORMAT = 4;
const PREFIX = 16;

type Typed = Int32Array | Uint32Array | Uint8Array | Float32Array | Float64Array;
const KINDS = { Int32Array, Uint32Array, Uint8Array, Float32Array, Float64Array } as const;
type Kind = keyof typeof KINDS;

interface ArrayAt {
  kind: Kind;
  length: number;
  offset: number;
}

/** The value with every typed array replaced by its place in the file, and Maps by their entries. */
function encode(value: unknown, arrays: Typed[], places: ArrayAt[], end: { offset: number }): unknown {
  if (ArrayBuffer.isView(value)) {
    const kind = value.constructor.name as Kind;
    if (!(kind in KINDS)) throw new Error(`cannot store a ${kind}`);
    const typed = value as Typed;
    places.push({ kind, length: typed.length, offset: end.offset });
    arrays.push(typed);
    end.offset += Math.ceil(typed.byteLength / 8) * 8;
    return { $array: places.length - 1 };
  }
  if (value instanceof Map) return { $map: [...value.entries()] };
  if (Array.isArray(value)) return value.some((v) => typeof v === 'object' && v !== null) ? value.map((v) => encode(v, arrays, places, end)) : value;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v, arrays, places, end)]));
  return value;
}

function decode(value: unknown, read: (i: number) => Typed): unknown {
  if (Array.isArray(value)) return value.some((v) => typeof v === 'object' && v !== null) ? value.map((v) => decode(v, read)) : value;
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  if (typeof o.$array === 'number') return read(o.$array);
  if (Array.isArray(o.$map)) return new Map(o.$map as [unknown, unknown][]);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decode(v, read)]));
}

export function writeIndexFile(file: string, parts: object): void {
  const arrays: Typed[] = [];
  const places: ArrayAt[] = [];
  const end = { offset: 0 };
  const body = encode(parts, arrays, places, end);
  let crc = 0;
  for (const a of arrays) crc = crcOn(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), crc);
  const header = Buffer.from(JSON.stringify({ places, body, crc }), 'utf8');
  if (header.length >= 2 ** 32) throw new Error('the index header is too large');
  const start = Math.ceil((PREFIX + header.length) / 8) * 8;
  const fd = openSync(file, 'w', 0o600);
  try {
    const prefix = Buffer.alloc(PREFIX);
    prefix.writeUInt32LE(MAGIC, 0);
    prefix.writeUInt32LE(FORMAT, 4);
    prefix.writeUInt32LE(header.length, 8);
    prefix.writeUInt32LE(crc32(header), 12);
    writeSync(fd, prefix, 0, PREFIX, 0);
    for (let done = 0; done < header.length; ) done += writeSync(fd, header, done, header.length - done, PREFIX + done);
    arrays.forEach((a, i) => {
      const bytes = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, start + places[i]!.offset + done);
    });
  } finally {
    closeSync(fd);
  }
}

/** zlib's CRC-32 continued over more bytes (Node's crc32 answers 0, not the CRC so far, for an array over an empty buffer). */
function crcOn(bytes: Uint8Array, crc: number): number {
  return bytes.length === 0 ? crc : crc32(bytes, crc);
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length; ) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) throw new DamagedIndexFileError('the index file ends early');
    done += n;
  }
}

interface Header {
  places: ArrayAt[];
  body: unknown;
  crc: number;
}

const damaged = () => new DamagedIndexFileError('the index file is damaged (checksum)');

function readHeader(fd: number, fileSize: number): { header: Header; start: number } {
  if (fileSize < PREFIX) throw new DamagedIndexFileError('the index file ends early');
  const prefix = Buffer.alloc(PREFIX);
  readFully(fd, prefix, 0);
  if (prefix.readUInt32LE(0) !== MAGIC || prefix.readUInt32LE(4) !== FORMAT) throw new DamagedIndexFileError('the index file is of another format');
  const headerLength = prefix.readUInt32LE(8);
  if (headerLength > fileSize - PREFIX) throw new DamagedIndexFileError('the index file ends early');
  const bytes = Buffer.alloc(headerLength);
  readFully(fd, bytes, PREFIX);
  if (crc32(bytes) !== prefix.readUInt32LE(12)) throw damaged();
  const header = JSON.parse(bytes.toString('utf8')) as Header;
  const start = Math.ceil((PREFIX + headerLength) / 8) * 8;
  for (const place of header.places) {
    if (!(place.kind in KINDS) || (place.length > 0 && start + place.offset + place.length * KINDS[place.kind].BYTES_PER_ELEMENT > fileSize)) throw new DamagedIndexFileError('the index file ends early');
  }
  return { header, start };
}

/** Reads an index file; throws DamagedIndexFileError when it is not a whole one. */
export function readIndexFile<T>(file: string): T {
  const fd = openSync(file, 'r');
  try {
    const fileSize = fstatSync(fd).size;
    const { header, start } = readHeader(fd, fileSize);
    let crc = 0;
    const read = header.places.map((place) => {
      const array = new KINDS[place.kind](place.length);
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      readFully(fd, bytes, start + place.offset);
      crc = crcOn(bytes, crc);
      return array;
    });
    if (crc !== header.crc) throw damaged();
    return decode(header.body, (i) => read[i]!) as T;
  } finally {
    closeSync(fd);
  }
}
