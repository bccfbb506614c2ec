// Reads a catalogue file as a stream of lines (a fixed-size buffer at a time, never the whole
// file), decoding each line as UTF-8 and handing it to a CatalogueParser (./source-record.ts).
// A line that is not valid UTF-8 or is longer than the format allows is reported with its
// number like any other invalid line; a file larger than the format allows stops the read.
import { closeSync, openSync, promises as fs, readSync } from 'node:fs';
import { CATALOGUE_LIMITS, type CatalogueParser } from './source-record.js';

const CHUNK_BYTES = 1024 * 1024;
/** In the background, a smaller piece at a time: the server answers between two (a few ms each). */
const BACKGROUND_CHUNK_BYTES = 64 * 1024;

/** How far a read has come: bytes read of the file's size (0 when unknown, e.g. stdin), lines seen. */
export interface ReadProgress {
  bytes: number;
  totalBytes: number;
  lines: number;
}

/** Splits arriving bytes into lines for a parser. */
export class LineSplitter {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private carry: Buffer[] = [];
  private carryBytes = 0;
  /** The current line is too long: its bytes are skipped up to the next line break. */
  private skipping = false;
  lines = 0;
  bytes = 0;
  /** Set when the input is larger than the format allows; nothing more is read. */
  tooLarge = false;
  /** Set once a line ends at or after `limit` (a part of a file): nothing more is read. */
  done = false;

  /** `limit`: no line that starts this many bytes or more into the input is read. */
  constructor(
    private readonly parser: CatalogueParser,
    private readonly limit = Infinity,
  ) {}

  push(chunk: Uint8Array): void {
    if (this.tooLarge || this.done) return;
    const base = this.bytes;
    this.bytes += chunk.length;
    if (this.bytes > CATALOGUE_LIMITS.maxFileBytes) {
      this.tooLarge = true;
      this.parser.fail(this.lines + 1, `the file is larger than ${CATALOGUE_LIMITS.maxFileBytes} bytes; nothing after this line was read`);
      return;
    }
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(0x0a, start);
      if (end === -1) break;
      // A line wholly in this chunk is read where it is (no copy); the parser keeps none of its bytes.
      if (this.carryBytes === 0 && !this.skipping && end - start <= CATALOGUE_LIMITS.maxLineBytes + 2) this.read(chunk.subarray(start, end));
      else {
        this.take(chunk.subarray(start, end));
        this.finishLine();
      }
      start = end + 1;
      if (base + start >= this.limit) {
        this.done = true;
        return;
      }
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  /** The input ended: its last line (if it has no line break). */
  end(): void {
    if (this.tooLarge || this.done) return;
    if (this.carryBytes > 0 || this.skipping) this.finishLine();
  }

  private take(part: Uint8Array): void {
    if (this.skipping) return;
    if (this.carryBytes + part.length > CATALOGUE_LIMITS.maxLineBytes + 2) {
      this.skipping = true; // reported when the line ends; its bytes are not kept
      this.carry = [];
      this.carryBytes = 0;
      return;
    }
    // A copy: the caller reuses its buffer for the next chunk.
    this.carry.push(Buffer.from(part));
    this.carryBytes += part.length;
  }

  private finishLine(): void {
    const lineNo = ++this.lines;
    if (this.skipping) {
      this.skipping = false;
      this.parser.fail(lineNo, `longer than ${CATALOGUE_LIMITS.maxLineBytes} bytes`);
      return;
    }
    const bytes = this.carry.length === 1 ? this.carry[0]! : Buffer.concat(this.carry, this.carryBytes);
    this.carry = [];
    this.carryBytes = 0;
    this.read(bytes, lineNo);
  }

  /** A whole line's bytes, decoded and given to the parser. */
  private read(bytes: Uint8Array, lineNo = ++this.lines): void {
    let line: string;
    try {
      line = this.decoder.decode(bytes);
    } catch {
      this.parser.fail(lineNo, 'not valid UTF-8');
      return;
    }
    this.parser.line(line, lineNo, bytes);
  }
}

/** Where the first line that starts at or after byte `at` starts (the file's size if none does). */
function lineStartFrom(fd: number, at: number): number {
  if (at === 0) return 0;
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (let position = at - 1; ; ) {
    const n = readSync(fd, buffer, 0, buffer.length, position);
    if (n === 0) return position;
    const newline = buffer.subarray(0, n).indexOf(0x0a);
    if (newline !== -1) return position + newline + 1;
    position += n;
  }
}

/**
 * Reads a file through a parser at once (start-up); with `range`, only the lines that start in
 * [start, end) (one part of a file indexed in parts; line numbers then count from the part's
 * first line). Returns how many lines were read. Throws for a file that cannot be read.
 */
export function readCatalogueFileSync(file: string, parser: CatalogueParser, range?: { start: number; end: number }): number {
  const fd = openSync(file, 'r');
  try {
    let position = range ? lineStartFrom(fd, range.start) : 0;
    const splitter = new LineSplitter(parser, range ? range.end - position : Infinity);
    if (range && position >= range.end) return 0;
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const n = readSync(fd, buffer, 0, CHUNK_BYTES, position);
      if (n === 0) break;
      position += n;
      splitter.push(buffer.subarray(0, n));
      if (splitter.tooLarge || splitter.done) break;
    }
    splitter.end();
    return splitter.lines;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a file or a stream through a parser, yielding to the event loop after every chunk (so a
 * running server keeps answering), and awaiting `afterChunk` after each (progress, writing out
 * what the chunk's records gave).
 */
export async function readCatalogue(
  source: string | AsyncIterable<Uint8Array>,
  parser: CatalogueParser,
  afterChunk?: (p: ReadProgress) => void | Promise<void>,
): Promise<void> {
  const splitter = new LineSplitter(parser);
  let totalBytes = 0;
  const report = () => afterChunk?.({ bytes: splitter.bytes, totalBytes, lines: splitter.lines });
  if (typeof source === 'string') {
    const handle = await fs.open(source, 'r');
    try {
      totalBytes = (await handle.stat()).size;
      const buffer = Buffer.allocUnsafe(BACKGROUND_CHUNK_BYTES);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, BACKGROUND_CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        splitter.push(buffer.subarray(0, bytesRead));
        await report();
        if (splitter.tooLarge) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await handle.close();
    }
  } else {
    for await (const chunk of source) {
      splitter.push(chunk);
      await report();
      if (splitter.tooLarge) break;
    }
  }
  splitter.end();
  await report();
}
