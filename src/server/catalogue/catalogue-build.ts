// Reading and indexing a catalogue file (./catalogue.ts). One pass over the file as a stream:
// each line validated (./source-record.ts), its record added to the index and the record store
// and then dropped. A small file is built right here; a large one in a child process
// (./index-worker.ts; a very large one in several, ./part-builds.ts), so that everything the build throws away (parsed records, prepared
// names, arrays outgrown while they filled) lives and dies with that process, and the server
// never pauses for it: the finished index comes back through a file (./index-file.ts), its typed arrays
// and its vocabulary and titles allocated once in the server (docs/ARCHITECTURE.md,
// "Memory"). A worker thread would share the server's memory allocator, which keeps what the
// build freed.
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalogueFileSync } from './catalogue-reader.js';
import { fileSignature, type IndexCache } from './index-cache.js';
import { readIndexFile } from './index-file.js';
import type { SearchIndex } from './search-index.js';
import { buildInParts, buildWhole, type IndexerAnswer } from './part-builds.js';
import { fromParts, type IndexParts, SearchIndexBuilder } from './search-index-builder.js';
import { CATALOGUE_LIMITS, CatalogueParser, type ParseIssue } from './source-record.js';

/** Files up to this size are built in the calling thread (a child process takes ~100 ms to start). */
export const IN_THREAD_MAX_BYTES = 256 * 1024;

/** A catalogue file that cannot be used; a running server keeps its current catalogue. */
export class InvalidCatalogueError extends Error {
  constructor(
    readonly file: string,
    readonly issues: ParseIssue[],
    reason?: string,
  ) {
    const shown = issues.slice(0, 5).map((i) => `line ${i.line}: ${i.message}`).join('\n  ');
    const more = issues.length > 5 ? `\n  … and ${issues.length - 5} more` : '';
    super(reason ?? `The catalogue ${file} has ${issues.length} invalid line(s):\n  ${shown}${more}`);
    this.name = 'InvalidCatalogueError';
  }
}

/** Reads and indexes a file in this thread. Throws InvalidCatalogueError for a bad file. */
export function buildIndexHere(file: string): SearchIndex {
  const builder = new SearchIndexBuilder();
  // After the first invalid line the file is only validated (its index will not be used).
  const parser: CatalogueParser = new CatalogueParser((e, line) => {
    if (parser.issues.length === 0) builder.add(e, line);
  });
  readCatalogueFileSync(file, parser);
  if (parser.issues.length > 0) throw new InvalidCatalogueError(file, parser.issues);
  if (parser.count === 0) throw new InvalidCatalogueError(file, [], `The catalogue ${file} has no records.`);
  return builder.finish();
}

/**
 * Files from this size are built in parts, one process per core (up to four), then merged; a
 * smaller one (the shipped catalogue) in one child, which costs less CPU in all.
 */
const PARTS_FROM_BYTES = 32 * 1024 * 1024;
/** Run from the TypeScript sources (tests), every file is built in this thread (./part-builds.ts forks the children). */
const fromSources = fileURLToPath(import.meta.url).endsWith('.ts');

function tempIndexFile(): string {
  return path.join(os.tmpdir(), `rcat-index-${process.pid}-${randomBytes(6).toString('hex')}.bin`);
}

/** The index an indexer wrote, or the catalogue's problem as an InvalidCatalogueError. */
function outcome(file: string, out: string, answer: IndexerAnswer, read: boolean): SearchIndex | null {
  if (answer.failure) throw new Error(`cannot index ${file}: ${answer.failure}`);
  if (answer.issues && answer.issues.length > 0) throw new InvalidCatalogueError(file, answer.issues);
  if (!answer.ok) throw new InvalidCatalogueError(file, [], `The catalogue ${file} has no records.`);
  return read ? fromParts(readIndexFile<IndexParts>(out)) : null;
}

/** Where a child build writes the finished index, and what to do with that file once it was read. */
interface Output {
  file: string;
  /** Called after the index was read back; the file is removed after it (if still there). */
  keep?: () => void;
  /** false: the index is only written (for the cache), not read back into this process. */
  read?: boolean;
}

/**
 * Reads and indexes a file in child processes: a large file in parts, one per core (up to four),
 * built side by side and merged by the child that finishes its part last (./part-builds.ts); a smaller one, a file whose parts turn out to
 * clash (an ID used in two parts) or to be invalid, in one. Rejects with InvalidCatalogueError
 * for a bad file.
 */
export async function buildIndexInChild(file: string, parts = partsFor(statSync(file).size), output: Output = { file: tempIndexFile() }): Promise<SearchIndex> {
  return (await buildInChildren(file, parts, output))!;
}

async function buildInChildren(file: string, parts: number, output: Output): Promise<SearchIndex | null> {
  const size = statSync(file).size;
  const files: string[] = [];
  const out = output.file;
  const finish = (answer: IndexerAnswer): SearchIndex | null => {
    const index = outcome(file, out, answer, output.read !== false);
    output.keep?.();
    return index;
  };
  try {
    if (parts > 1) {
      const bounds = Array.from({ length: parts + 1 }, (_, k) => Math.round((k * size) / parts));
      files.push(...bounds.slice(1).map(() => tempIndexFile()));
      const merged = await buildInParts(file, bounds, files, out, (records) => records > 0 && records <= CATALOGUE_LIMITS.maxRecords);
      if (merged) return finish(merged);
      // Invalid, or an ID in two parts: one build over the whole file reports every problem with its line.
    }
    return finish(await buildWhole(out, file, size));
  } finally {
    for (const f of [...files, out]) rmSync(f, { force: true });
  }
}

/**
 * The index of a file from the cache when it holds one for these bytes and this engine; else
 * built in child processes and, if the file did not change meanwhile, kept in the cache.
 */
export async function buildIndexCached(file: string, cache: IndexCache, parts = partsFor(statSync(file).size)): Promise<SearchIndex> {
  const before = fileSignature(file);
  const started = performance.now();
  const key = await cache.keyOf(file);
  const entry = cache.find(key);
  if (entry) {
    try {
      const index = fromParts(readIndexFile<IndexParts>(entry));
      cache.log(`catalogue index read from the index cache (${index.size} records, ${Math.round(performance.now() - started)} ms)`);
      return index;
    } catch (error) {
      cache.discard(entry, (error as Error).message);
    }
  }
  const output = cacheOutput(file, cache, key, before, true);
  if (!output) return buildIndexInChild(file);
  try {
    return await buildIndexInChild(file, parts, output);
  } catch (error) {
    if (error instanceof InvalidCatalogueError) throw error;
    // Perhaps the cache's disk is full: the index does not need the cache.
    cache.log(`index cache: not written (${(error as Error).message}); indexing the catalogue without it`);
    return buildIndexInChild(file);
  }
}

/**
 * Builds a file's index into the cache without reading it into this process (`catalogue
 * import`: the server reads it). True when the cache holds an index of the file's bytes
 * afterwards (one already there is trusted: the server checks it when it reads it); false
 * when the cache is off or could not keep it (said through its log). Rejects with
 * InvalidCatalogueError for a bad file.
 */
export async function indexIntoCache(file: string, cache: IndexCache): Promise<boolean> {
  const before = fileSignature(file);
  const key = await cache.keyOf(file);
  if (cache.find(key)) return true;
  const output = cacheOutput(file, cache, key, before, false);
  if (!output) return false;
  try {
    await buildInChildren(file, partsFor(statSync(file).size), output);
  } catch (error) {
    if (error instanceof InvalidCatalogueError) throw error;
    cache.log(`index cache: not written (${(error as Error).message})`);
  }
  return existsSync(cache.entry(key));
}

/** A build's output in the cache: adopted under the key if the file did not change meanwhile. */
function cacheOutput(file: string, cache: IndexCache, key: string, before: string, read: boolean): Output | null {
  const temp = cache.tempFile();
  if (!temp) return null;
  return {
    file: temp,
    read,
    keep: () => {
      if (fileSignature(file) === before) cache.adopt(temp, key);
    },
  };
}

function partsFor(size: number): number {
  if (size < PARTS_FROM_BYTES || size > CATALOGUE_LIMITS.maxFileBytes) return 1;
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * A small file here, a large one in child processes (through the index cache when one is
 * given: ./index-cache.ts). Run from the TypeScript sources (the test
 * runner's own process, where many servers share one index), every file is built here: a child
 * would first compile the sources. The children are tested on their own
 * (test/catalogue-memory.test.ts) and by every server the tests start as a process.
 */
export async function buildIndex(file: string, cache?: IndexCache): Promise<SearchIndex> {
  if (fromSources || statSync(file).size <= IN_THREAD_MAX_BYTES) return buildIndexHere(file);
  return cache ? buildIndexCached(file, cache) : buildIndexInChild(file);
}
