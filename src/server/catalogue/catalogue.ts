// The read-only catalogue: loaded from JSON Lines at start, indexed in memory.
import { promises as fs, readFileSync, statSync } from 'node:fs';
import type { CatalogRecord, SearchResponse } from '../../shared/schemas.js';
import { toRecord, toSearchItem } from './record-view.js';
import { SearchIndex } from './search-index.js';
import type { EntityType } from '../../shared/entity-id.js';
import { type CatalogueEntry, type ParseIssue, parseCatalogueLines, parseCatalogueLinesInBackground } from './source-record.js';
import { jsonText } from '../../shared/json-text.js';

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

function checked(file: string, parsed: { entries: CatalogueEntry[]; issues: ParseIssue[] }): CatalogueEntry[] {
  if (parsed.issues.length > 0) throw new InvalidCatalogueError(file, parsed.issues);
  if (parsed.entries.length === 0) throw new InvalidCatalogueError(file, [], `The catalogue ${file} has no records.`);
  return parsed.entries;
}

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

const indexedFiles = new Map<string, { entries: readonly CatalogueEntry[]; index: SearchIndex }>();

export class Catalogue {
  readonly index: SearchIndex;
  // Retired ID -> the record that merged its term (docs/catalogue-format.md, "Merged terms").
  private readonly retired = new Map<string, CatalogueEntry>();
  private readonly answers = new Map<string, SearchAnswer>();
  private answerBytes = 0;

  constructor(
    readonly entries: readonly CatalogueEntry[],
    readonly baseUrl: string,
    readonly sourcePath: string,
    index?: SearchIndex,
  ) {
    this.index = index ?? SearchIndex.build(entries);
    for (const e of entries) for (const id of e.retiredIds) this.retired.set(id, e);
  }

  /**
   * Loads and indexes a file at once (start-up). Throws InvalidCatalogueError for a bad file.
   * The parsed, indexed file is kept per process while it is unchanged (same size and mtime),
   * so several servers in one process (tests, benchmarks) or a reload of the same file do not
   * validate and index ~13,500 records again: the index does not depend on the base URL.
   */
  static loadFile(file: string, baseUrl: string): Catalogue {
    const stat = statSync(file);
    const key = `${file}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}`;
    let cached = indexedFiles.get(key);
    if (!cached) {
      const entries = checked(file, parseCatalogueLines(readFileSync(file, 'utf8')));
      cached = { entries, index: SearchIndex.build(entries) };
      indexedFiles.clear(); // keep only the newest file: a catalogue is large
      indexedFiles.set(key, cached);
    }
    return new Catalogue(cached.entries, baseUrl, file, cached.index);
  }

  /** Loads and indexes a file in small steps, so a running server keeps answering meanwhile. */
  static async loadFileInBackground(file: string, baseUrl: string): Promise<Catalogue> {
    const entries = checked(file, await parseCatalogueLinesInBackground(await fs.readFile(file, 'utf8')));
    return new Catalogue(entries, baseUrl, file, await SearchIndex.buildInBackground(entries));
  }

  /** A catalogue is its own provider (see CatalogueProvider in ./live-catalogue.ts). */
  get current(): Catalogue {
    return this;
  }

  countsByType(): Record<EntityType, number> {
    const counts: Record<EntityType, number> = { equipment: 0, laboratory: 0, technique: 0 };
    for (const e of this.entries) counts[e.type]++;
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
    const response = deepFreeze({ results: hits.map((h) => toSearchItem(this.baseUrl, h.entry)), truncated });
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

  /** The entry with this ID, or the record a retired ID was merged into (its `id` is the record's). */
  entry(id: string): CatalogueEntry | undefined {
    return this.index.get(id) ?? this.retired.get(id);
  }

  record(id: string): CatalogRecord | null {
    const entry = this.entry(id);
    return entry ? toRecord(this.baseUrl, entry) : null;
  }

  has(id: string): boolean {
    return this.entry(id) !== undefined;
  }
}
