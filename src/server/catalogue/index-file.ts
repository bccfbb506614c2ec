// An index as a file (./catalogue-build.ts): the child process that builds an index writes it
// here and the server reads it back, each typed array read straight into its own new array (no
// intermediate message buffers that the server's allocator would keep), the rest (vocabulary,
// titles, numbers) as one JSON header. Layout: header length (8 bytes), the header, then each
// array's bytes at an 8-byte boundary.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

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
  const header = Buffer.from(JSON.stringify({ places, body }), 'utf8');
  const start = Math.ceil((8 + header.length) / 8) * 8;
  const fd = openSync(file, 'w', 0o600);
  try {
    const size = Buffer.alloc(8);
    size.writeUInt32LE(header.length % 2 ** 32, 0);
    size.writeUInt32LE(Math.floor(header.length / 2 ** 32), 4);
    writeSync(fd, size, 0, 8, 0);
    writeSync(fd, header, 0, header.length, 8);
    arrays.forEach((a, i) => {
      const bytes = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, start + places[i]!.offset + done);
    });
  } finally {
    closeSync(fd);
  }
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length; ) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) throw new Error('the index file ends early');
    done += n;
  }
}

export function readIndexFile<T>(file: string): T {
  const fd = openSync(file, 'r');
  try {
    const size = Buffer.alloc(8);
    readFully(fd, size, 0);
    const headerLength = size.readUInt32LE(0) + size.readUInt32LE(4) * 2 ** 32;
    const header = Buffer.alloc(headerLength);
    readFully(fd, header, 8);
    const { places, body } = JSON.parse(header.toString('utf8')) as { places: ArrayAt[]; body: unknown };
    const start = Math.ceil((8 + headerLength) / 8) * 8;
    return decode(body, (i) => {
      const place = places[i]!;
      const array = new KINDS[place.kind](place.length);
      readFully(fd, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), start + place.offset);
      return array;
    }) as T;
  } finally {
    closeSync(fd);
  }
}
