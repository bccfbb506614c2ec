// Reading and indexing a catalogue file (./catalogue.ts). One pass over the file as a stream:
// each line validated (./source-record.ts), its record added to the index and the record store
// and then dropped. A small file is built right here; a large one in a child process
// (./index-worker.ts), so that everything the build throws away (parsed records, prepared
// names, arrays outgrown while they filled) lives and dies with that process, and the server
// never pauses for it: the finished index comes back through a file (./index-file.ts), its typed arrays
// and its vocabulary and titles allocated once in the server (docs/ARCHITECTURE.md,
// "Memory"). A worker thread would share the server's memory allocator, which keeps what the
// build freed.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalogueFileSync } from './catalogue-reader.js';
import { readIndexFile } from './index-file.js';
import type { SearchIndex } from './search-index.js';
import { fromParts, type IndexParts, SearchIndexBuilder } from './search-index-builder.js';
import { CatalogueParser, type ParseIssue } from './source-record.js';

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
  const parser: CatalogueParser = new CatalogueParser((e) => {
    if (parser.issues.length === 0) builder.add(e);
  });
  readCatalogueFileSync(file, parser);
  if (parser.issues.length > 0) throw new InvalidCatalogueError(file, parser.issues);
  if (parser.count === 0) throw new InvalidCatalogueError(file, [], `The catalogue ${file} has no records.`);
  return builder.finish();
}

/** What the child process sends back (the index itself is in the file it was given). */
export type IndexerAnswer =
  | { ok: true }
  | { ok: false; invalid: { issues: ParseIssue[]; message: string } | null; message: string };

const here = fileURLToPath(import.meta.url);
// Run from the TypeScript sources (tests), the child loads them the same way.
const fromSources = here.endsWith('.ts');
const indexerFile = here.replace(/catalogue-build\.(ts|js)$/, 'index-worker.$1');

/** Reads and indexes a file in a child process. Rejects with InvalidCatalogueError for a bad file. */
export function buildIndexInChild(file: string): Promise<SearchIndex> {
  return new Promise((resolve, reject) => {
    const indexFile = path.join(os.tmpdir(), `rcat-index-${process.pid}-${randomBytes(6).toString('hex')}.bin`);
    const child = fork(indexerFile, [file, indexFile], {
      execArgv: fromSources ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < 4000) stderr += text;
    });
    let settled = false;
    child.once('message', (answer: IndexerAnswer) => {
      settled = true;
      child.disconnect();
      if (answer.ok) {
        try {
          resolve(fromParts(readIndexFile<IndexParts>(indexFile)));
        } catch (error) {
          reject(error);
        } finally {
          rmSync(indexFile, { force: true });
        }
      } else if (answer.invalid) reject(new InvalidCatalogueError(file, answer.invalid.issues, answer.invalid.message));
      else reject(new Error(answer.message));
    });
    child.once('error', (error) => {
      settled = true;
      reject(error);
    });
    child.once('exit', (code, signal) => {
      if (!settled) rmSync(indexFile, { force: true });
      const why = stderr.trim().split('\n').slice(-3).join(' ');
      if (!settled) reject(new Error(`the catalogue indexer stopped (${signal ?? `exit code ${code}`}) before it finished ${file}${why ? `: ${why}` : ''}`));
    });
  });
}

/** A small file here, a large one in a child process. */
export async function buildIndex(file: string): Promise<SearchIndex> {
  return statSync(file).size <= IN_THREAD_MAX_BYTES ? buildIndexHere(file) : buildIndexInChild(file);
}
