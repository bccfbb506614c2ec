// The read-only catalogue: read from JSON Lines as a stream at start, indexed in memory (the
// index, titles and IDs resident; each record's text compressed, read back when asked for:
// ./record-store.ts).
import { statSync } from 'node:fs';
import type { CatalogRecord, SearchResponse } from '../../shared/schemas.js';
import { buildIndex, buildIndexHere, InvalidCatalogueError } from './catalogue-build.js';
import { toRecord, toSearchItem } from './record-view.js';
import type { IndexCache } from './index-cache.js';
import type { SearchIndex } from './search-index.js';
import { buildSearchIndex } from './search-index-builder.js';
import { ENTITY_TYPES, type EntityType } from '../../shared/entity-id.js';
import type { CatalogueEntry } from './source-record.js';
import { jsonText } from '../../shared/json-text.js';

export { InvalidCatalogueError };

export { importedCataloguePath, SHIPPED_CATALOGUE } from './catalogue-location.js';

/** A search's answer as sent: the response, its JSON and the JSON's size in bytes. */
export interface SearchAnswer {
  readonly response: SearchResponse;
  readonly json: string;
  readonly bytes: number;
}

/**
 * Bounds of the per-catalogue answer cache (most recently used answers kept). Research traffic
 * repeats queries ("NMR", "mass spectrometry"); a repeated query is answered without searching
 * or serialising again. Tied to one Catalogue instance, so an imported catalogue (a new
 * instance) never serves a stale answer.
 */
const ANSWER_CACHE_ENTRIES = 2048;
const ANSWER_CACHE_BYTES = 8 * 1024 * 1024;

function deepFreeze(response: SearchResponse): SearchResponse {
  for (const item of response.results) Object.freeze(item);
  Object.freeze(response.results);
  return Object.freeze(response);
}

/**
 * The index of each file loaded, while some catalogue still uses it: several servers in one
 * process (tests, benchmarks) or a reload of the same unchanged file do not validate and index
 * it again (the index does not depend on the base URL), also when another file was loaded in
 * between (a test's small catalogue between two servers on the shipped one). Held weakly, so a
 * catalogue that was replaced is not kept alive by this; entries whose index is gone are dropped.
 */
const indexedFiles = new Map<string, WeakRef<SearchIndex>>();

function fileKey(file: string): string {
  const stat = statSync(file);
  return `${file}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}`;
}

function indexOf(key: string): SearchIndex | undefined {
  return indexedFiles.get(key)?.deref();
}

function remember(key: string, index: SearchIndex): SearchIndex {
  for (const [k, ref] of indexedFiles) if (ref.deref() === undefined) indexedFiles.delete(k);
  indexedFiles.set(key, new WeakRef(index));
  return index;
}

export class Catalogue {
  private readonly answers = new Map<string, SearchAnswer>();
  private answerBytes = 0;

  constructor(
    readonly index: SearchIndex,
    readonly baseUrl: string,
    readonly sourcePath: string,
  ) {}

  /** A catalogue of records in memory (tests, benchmarks). */
  static fromEntries(entries: readonly CatalogueEntry[], baseUrl: string, sourcePath = '(in memory)'): Catalogue {
    return new Catalogue(buildSearchIndex(entries), baseUrl, sourcePath);
  }

  /** Reads and indexes a file in this thread, at once. Throws InvalidCatalogueError for a bad file. */
  static loadFile(file: string, baseUrl: string): Catalogue {
    const key = fileKey(file);
    const index = indexOf(key) ?? remember(key, buildIndexHere(file));
    return new Catalogue(index, baseUrl, file);
  }

  /**
   * Reads and indexes a file; a large one in child processes, so this thread keeps answering
   * meanwhile and keeps none of the build's garbage; through the index cache when one is given
   * (./index-cache.ts). Rejects with InvalidCatalogueError.
   */
  static async load(file: string, baseUrl: string, cache?: IndexCache): Promise<Catalogue> {
    const key = fileKey(file);
    const index = indexOf(key) ?? remember(key, await buildIndex(file, cache));
    return new Catalogue(index, baseUrl, file);
  }

  /** How many records the catalogue has. */
  get size(): number {
    return this.index.size;
  }

  /** A catalogue is its own provider (see CatalogueProvider in ./live-catalogue.ts). */
  get current(): Catalogue {
    return this;
  }

  countsByType(): Record<EntityType, number> {
    const counts = Object.fromEntries(ENTITY_TYPES.map((t) => [t, 0])) as Record<EntityType, number>;
    const { records } = this.index;
    for (let d = 0; d < records.size; d++) counts[records.type(d)]++;
    return counts;
  }

  search(query: string): SearchResponse {
    return this.searchAnswer(query).response;
  }

  /**
   * The answer to a query, from the cache when it was asked recently. The response is frozen:
   * callers share it.
   */
  searchAnswer(query: string): SearchAnswer {
    const cached = this.answers.get(query);
    if (cached) {
      this.answers.delete(query); // most recently used goes last
      this.answers.set(query, cached);
      return cached;
    }
    const { hits, truncated } = this.index.search(query);
    const response = deepFreeze({ results: hits.map((h) => toSearchItem(this.baseUrl, h.summary)), truncated });
    const json = jsonText(response);
    const answer: SearchAnswer = { response, json, bytes: Buffer.byteLength(json) };
    this.remember(query, answer);
    return answer;
  }

  private remember(query: string, answer: SearchAnswer): void {
    this.answers.set(query, answer);
    this.answerBytes += answer.bytes + query.length;
    for (const [oldest, old] of this.answers) {
      if (this.answers.size <= ANSWER_CACHE_ENTRIES && this.answerBytes <= ANSWER_CACHE_BYTES) break;
      this.answers.delete(oldest);
      this.answerBytes -= old.bytes + oldest.length;
    }
  }

  /** The document of a record ID, or of the record a retired ID was merged into; -1 for neither. */
  private doc(id: string): number {
    const { records } = this.index;
    const d = records.find(id);
    return d >= 0 ? d : records.retiredOwner(id);
  }

  /** The entry with this ID, or the record a retired ID was merged into (its `id` is the record's). */
  entry(id: string): CatalogueEntry | undefined {
    const d = this.doc(id);
    return d < 0 ? undefined : this.index.records.entry(d);
  }

  record(id: string): CatalogRecord | null {
    const entry = this.entry(id);
    return entry ? toRecord(this.baseUrl, entry) : null;
  }

  has(id: string): boolean {
    return this.doc(id) >= 0;
  }
}
