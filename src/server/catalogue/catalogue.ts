// The read-only catalogue: loaded from JSON Lines at start, indexed in memory.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogRecord, SearchResponse } from '../../shared/schemas.js';
import { toRecord, toSearchItem } from './record-view.js';
import { SearchIndex } from './search-index.js';
import { type CatalogueEntry, parseCatalogueLines } from './source-record.js';

/** The catalogue shipped in the package (built by `npm run build:catalogue`). */
export const SHIPPED_CATALOGUE = path.resolve(fileURLToPath(import.meta.url), '../../../../data/catalogue.jsonl');

/** Where an operator's imported catalogue lives in a data dir (`rcat-server catalogue import`). */
export function importedCataloguePath(dataDir: string): string {
  return path.join(dataDir, 'catalogue.jsonl');
}

export class Catalogue {
  readonly index: SearchIndex;

  constructor(
    readonly entries: readonly CatalogueEntry[],
    readonly baseUrl: string,
    readonly sourcePath: string,
  ) {
    this.index = new SearchIndex(entries);
  }

  static loadFile(file: string, baseUrl: string): Catalogue {
    const { entries, issues } = parseCatalogueLines(readFileSync(file, 'utf8'));
    if (issues.length > 0) {
      const first = issues.slice(0, 5).map((i) => `line ${i.line}: ${i.message}`).join('\n  ');
      throw new Error(`The catalogue ${file} has ${issues.length} invalid line(s):\n  ${first}`);
    }
    return new Catalogue(entries, baseUrl, file);
  }

  search(query: string): SearchResponse {
    const { hits, truncated } = this.index.search(query);
    return { results: hits.map((h) => toSearchItem(this.baseUrl, h.entry)), truncated };
  }

  record(id: string): CatalogRecord | null {
    const entry = this.index.get(id);
    return entry ? toRecord(this.baseUrl, entry) : null;
  }

  has(id: string): boolean {
    return this.index.get(id) !== undefined;
  }
}
