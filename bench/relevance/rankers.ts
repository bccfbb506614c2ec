// The two search engines compared, each built once over the same records and asked the same
// queries: rcat's own engine through SearchIndex (what the server answers with), and a plain
// MiniSearch index as the baseline the issue names (title boosted, alternative names, the same
// body text rcat indexes, prefix search and fuzzy 0.2). Both return at most 20 IDs, best first.
import MiniSearch from 'minisearch';
import type { SearchIndex } from '../../src/server/catalogue/search-index.js';
import { buildSearchIndex } from '../../src/server/catalogue/search-index-builder.js';
import type { CatalogueEntry } from '../../src/server/catalogue/source-record.js';
import { SEARCH_RESULT_LIMIT } from '../../src/shared/schemas.js';

export interface Ranker {
  readonly name: string;
  /** Milliseconds the index took to build. */
  readonly buildMs: number;
  search(query: string): string[];
}

export function engineRanker(entries: readonly CatalogueEntry[]): Ranker {
  const started = performance.now();
  const index = buildSearchIndex(entries);
  const buildMs = performance.now() - started;
  return { name: 'rcat', buildMs, search: (q) => index.search(q).hits.map((h) => h.id) };
}

/**
 * The text rcat indexes besides the names (its body field): definition, parent terms,
 * manufacturer, parent organisations, city and country.
 */
export function bodyText(e: CatalogueEntry): string {
  return [e.definition, e.parents.join(' '), e.manufacturer, e.parentOrganizations?.join(' '), e.city, e.country]
    .filter(Boolean)
    .join(' ');
}

export const MINISEARCH_OPTIONS = {
  boost: { title: 3, synonyms: 2 },
  prefix: true,
  fuzzy: 0.2,
} as const;

export function miniSearchRanker(entries: readonly CatalogueEntry[]): Ranker {
  const started = performance.now();
  const index = new MiniSearch<{ id: string; title: string; synonyms: string; body: string }>({
    fields: ['title', 'synonyms', 'body'],
    searchOptions: { ...MINISEARCH_OPTIONS, boost: { ...MINISEARCH_OPTIONS.boost } },
  });
  index.addAll(entries.map((e) => ({ id: e.id, title: e.label, synonyms: e.synonyms.join('\n'), body: bodyText(e) })));
  const buildMs = performance.now() - started;
  return {
    name: 'MiniSearch',
    buildMs,
    search: (q) => index.search(q).slice(0, SEARCH_RESULT_LIMIT).map((r) => r.id as string),
  };
}
