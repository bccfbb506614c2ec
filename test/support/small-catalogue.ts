// A search index over a handful of records written in the import format (as an operator's
// catalogue would have them), for the tests that show a class of query finding its record
// among look-alikes (test/search-*.test.ts).
import type { SearchIndex } from '../../src/server/catalogue/search-index.js';
import { buildSearchIndex } from '../../src/server/catalogue/search-index-builder.js';
import { SourceRecord, toEntry } from '../../src/server/catalogue/source-record.js';

/** One record of the import format: a label and a kind, anything else optional. */
export type RecordSpec = Partial<SourceRecord> & { label: string; kind: SourceRecord['kind'] };

export interface SmallCatalogue {
  index: SearchIndex;
  /** The titles a query returns, best first. */
  titles(query: string): string[];
  /** The first title a query returns. */
  first(query: string): string | undefined;
}

/** The records validated and indexed as an import would (source IDs `prefix:0`, `prefix:1` …). */
export function searchOver(records: readonly RecordSpec[], prefix = 'test'): SmallCatalogue {
  const index = buildSearchIndex(records.map((spec, i) => toEntry(SourceRecord.parse({ sourceId: `${prefix}:${i}`, ...spec }))));
  const titles = (query: string) => index.search(query).hits.map((h) => h.entry.label);
  return { index, titles, first: (query) => titles(query)[0] };
}
