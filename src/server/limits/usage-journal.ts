// The on-disk form of the default limits backend, in `<data-dir>/usage/`:
//   snapshot.json      {"format":"rcat-usage","version":1,"generation":G,"counters":{key:[count,expiresAt]}}
//   journal-<G>.log    one JSON line per admitted request: [[key, amount, expiresAt], …]
// A counter's value is its snapshot count plus every journal line of generation ≥ G. Appends are
// fsynced before the request is answered (group commit: one fsync covers every request written
// meanwhile), so an acknowledged debit survives kill -9 and power loss. Compaction writes
// snapshot G+1 atomically (temp file, fsync, rename) and only then deletes journal G; a crash in
// between leaves journal G, which the new snapshot's generation makes readers ignore, so nothing
// is counted twice. A torn last line (a crash mid-append, never acknowledged) is skipped.
import { closeSync, fdatasyncSync, fstatSync, openSync, promises as fs, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { writeFileDurably } from '../util/durable-file.js';
import { SyncedDescriptors } from './descriptors.js';

export interface Counter {
  count: number;
  expiresAt: number;
}
export type Counters = Map<string, Counter>;
export type JournalEntry = readonly [key: string, amount: number, expiresAt: number];

const SNAPSHOT = 'snapshot.json';
const JOURNAL = /^journal-(\d+)\.log$/;
const journalName = (generation: number) => `journal-${generation}.log`;

/** The usage folder exists but cannot be understood: never overwritten, start-up stops. */
export class UsageStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageStateError';
  }
}

export interface LoadedUsage {
  generation: number;
  counters: Counters;
  /** Journal lines that could not be parsed (a torn last append). */
  skippedLines: number;
}

/** Adds `amount` to a counter, creating it with its window's end. */
export function addToCounter(counters: Counters, key: string, amount: number, expiresAt: number): void {
  const existing = counters.get(key);
  if (existing) existing.count += amount;
  else counters.set(key, { count: amount, expiresAt });
}

function isEntry(value: unknown): value is JournalEntry {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'string'
    && Number.isSafeInteger(value[1]) && (value[1] as number) >= 0 && Number.isSafeInteger(value[2]);
}

async function readSnapshot(dir: string): Promise<{ generation: number; counters: Counters }> {
  const file = path.join(dir, SNAPSHOT);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { generation: 0, counters: new Map() };
    throw error;
  }
  let parsed: { format?: unknown; generation?: unknown; counters?: unknown };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageStateError(`The usage snapshot ${file} is not valid JSON. It has not been changed; restore it or move it away (usage since then is lost).`);
  }
  if (parsed?.format !== 'rcat-usage' || !Number.isSafeInteger(parsed.generation) || typeof parsed.counters !== 'object' || parsed.counters === null) {
    throw new UsageStateError(`The usage snapshot ${file} is not an rcat usage snapshot. It has not been changed.`);
  }
  const counters: Counters = new Map();
  for (const [key, value] of Object.entries(parsed.counters as Record<string, unknown>)) {
    if (!isEntry([key, ...(Array.isArray(value) ? value : [])])) throw new UsageStateError(`The usage snapshot ${file} has a malformed counter "${key}".`);
    const [count, expiresAt] = value as [number, number];
    counters.set(key, { count, expiresAt });
  }
  return { generation: parsed.generation as number, counters };
}

function replay(counters: Counters, text: string): number {
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entries: unknown;
    try {
      entries = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    if (!Array.isArray(entries) || !entries.every(isEntry)) {
      skipped++;
      continue;
    }
    for (const [key, amount, expiresAt] of entries) addToCounter(counters, key, amount, expiresAt);
  }
  return skipped;
}

async function journalGenerations(dir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.flatMap((n) => {
    const m = JOURNAL.exec(n);
    return m ? [Number(m[1])] : [];
  }).sort((a, b) => a - b);
}

/**
 * Reads the counters: snapshot plus the journals of its generation and later, dropping counters
 * whose window ended by `now`. Safe beside a running server (it may compact meanwhile: then the
 * snapshot's generation changes and the read starts again).
 */
export async function loadUsage(dir: string, now: number): Promise<LoadedUsage> {
  for (let attempt = 0; ; attempt++) {
    const snapshot = await readSnapshot(dir);
    let skippedLines = 0;
    let raced = false;
    for (const generation of await journalGenerations(dir)) {
      if (generation < snapshot.generation) continue; // already folded into the snapshot
      try {
        skippedLines += replay(snapshot.counters, await fs.readFile(path.join(dir, journalName(generation)), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        raced = true; // compacted away while we read
      }
    }
    if (!raced && (await readSnapshot(dir)).generation === snapshot.generation) {
      for (const [key, c] of snapshot.counters) if (c.expiresAt <= now) snapshot.counters.delete(key);
      return { generation: snapshot.generation, counters: snapshot.counters, skippedLines };
    }
    if (attempt >= 10) throw new Error(`The usage folder ${dir} keeps changing while being read.`);
  }
}

/**
 * The writer side, used by one process (the server holds the data dir's server lock).
 * Writing and syncing are separate steps so the caller can group commit: `write` appends lines
 * at once (a small synchronous write into the page cache: the lines survive the process being
 * killed from then on), `sync` makes everything written so far durable with one fdatasync (power
 * loss too). The file stays open between batches; before each write its path is checked, so a
 * journal removed or replaced under a running server is noticed (reopened, or the write fails).
 */
export class UsageJournal {
  private appendedBytes = 0;
  /** After a failed append the file may end in a torn line: start the next one on a new line. */
  private needsNewline = false;
  private fd: number | null = null;
  private ino = -1;
  /** Lines were written to `fd` since its last successful sync. */
  private dirty = false;
  private readonly descriptors = new SyncedDescriptors();
  /** A file closed with unsynced lines could not be synced: the next sync reports it. */
  private closeError: Error | null = null;

  private file: string;

  constructor(readonly dir: string, private generation: number) {
    this.file = path.join(dir, journalName(generation));
  }

  get journalFile(): string {
    return this.file;
  }

  get bytesSinceCompaction(): number {
    return this.appendedBytes;
  }

  static async prepare(dir: string): Promise<void> {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  }

  /** The open journal file, reopened when the file at its path is no longer the one held. */
  private openFile(): number {
    let current: number | null = null;
    try {
      current = statSync(this.journalFile).ino;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (this.fd !== null && current === this.ino) return this.fd;
    this.closeFile();
    const fd = openSync(this.journalFile, 'a', 0o600);
    this.fd = fd;
    this.ino = fstatSync(fd).ino;
    return fd;
  }

  /** Closes the held file; what was written to it is synced first (rare: reopen, error, compaction). */
  private closeFile(reportSyncError = true): void {
    if (this.fd === null) return;
    try {
      if (this.dirty) fdatasyncSync(this.fd);
    } catch (error) {
      if (reportSyncError) this.closeError = error as Error;
    }
    this.descriptors.close(this.fd); // at once, or when a sync running on it is done
    this.fd = null;
    this.ino = -1;
    this.dirty = false;
  }

  /** Appends one line per admitted request (not yet synced); throws if the lines cannot be written. */
  write(batch: readonly (readonly JournalEntry[])[]): void {
    let text = this.needsNewline ? '\n' : '';
    for (const entries of batch) text += `${JSON.stringify(entries)}\n`;
    try {
      const buffer = Buffer.from(text, 'utf8');
      const fd = this.openFile();
      let written = 0;
      this.dirty = true;
      while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
      this.appendedBytes += buffer.length;
    } catch (error) {
      this.needsNewline = true;
      this.closeFile();
      throw error;
    }
    this.needsNewline = false;
  }

  /**
   * Throws unless the journal's path holds a file this process can open for appending. Checks
   * only: the file held stays open (a sync may be running on it).
   */
  checkOpen(): void {
    let current: number | null = null;
    try {
      current = statSync(this.journalFile).ino;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (this.fd !== null && current === this.ino) return;
    closeSync(openSync(this.journalFile, 'a', 0o600));
  }

  /**
   * Appends one blank line (readers skip it; it also ends a torn line a failed append left):
   * throws while the journal cannot be written. Used to tell when a failed journal works again.
   */
  probe(): void {
    this.needsNewline = true;
    this.write([]);
  }

  /** Makes every line written so far durable (fdatasync: data and size, not timestamps). */
  sync(): Promise<void> {
    const closeError = this.closeError;
    this.closeError = null;
    if (closeError) return Promise.reject(closeError);
    const fd = this.fd;
    if (fd === null) return Promise.resolve(); // a closed file was synced when it was closed
    this.dirty = false; // lines written from now on need another sync
    // A failed sync settles its lines (the caller refuses or fails closed): not dirty again.
    return this.descriptors.sync(fd);
  }

  /**
   * After a failed sync whose lines are already accounted for: opens the file now at the
   * journal's path (the held one may be the broken one) and syncs it; rejects while that fails.
   */
  async resync(): Promise<void> {
    this.closeError = null;
    this.closeFile(false);
    this.openFile();
    await this.sync();
  }

  /** Closes the file (shutdown); the next write opens it again. */
  close(): void {
    this.closeFile();
  }

  /** Folds everything into snapshot G+1, then removes the older journals. */
  async compact(counters: Counters): Promise<void> {
    this.closeFile();
    const next = this.generation + 1;
    const body: Record<string, [number, number]> = {};
    for (const [key, c] of counters) body[key] = [c.count, c.expiresAt];
    await writeFileDurably(path.join(this.dir, SNAPSHOT), JSON.stringify({ format: 'rcat-usage', version: 1, generation: next, counters: body }));
    this.generation = next;
    this.file = path.join(this.dir, journalName(next));
    this.appendedBytes = 0;
    this.needsNewline = false;
    for (const generation of await journalGenerations(this.dir)) {
      if (generation < next) await fs.rm(path.join(this.dir, journalName(generation)), { force: true }).catch(() => {});
    }
  }
}
