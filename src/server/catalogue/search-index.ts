// Full-text search over the catalogue with MiniSearch: title and alternative names weigh more
// than body text; the last word matches as a prefix (typing "spectro" finds "spectroscopy");
// long words tolerate a typo. All words must match when that gives results; otherwise any.
// Ties are broken by entity ID so the same query always gives the same order.
import MiniSearch from 'minisearch';
import { SEARCH_RESULT_LIMIT } from '../../shared/schemas.js';
import type { CatalogueEntry } from './source-record.js';

interface IndexedDoc {
  id: string;
  title: string;
  synonyms: string;
  body: string;
}

export interface SearchHit {
  entry: CatalogueEntry;
  score: number;
}

export interface SearchOutcome {
  hits: SearchHit[];
  truncated: boolean;
}

function bodyOf(e: CatalogueEntry): string {
  return [e.definition, e.parents.join(' '), e.manufacturer, e.parentOrganizations?.join(' '), e.city, e.country]
    .filter(Boolean)
    .join(' ');
}

// Fold accents so "spectrometrie" finds "spectrométrie".
function processTerm(term: string): string | null {
  const folded = term.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  return folded.length > 0 ? folded : null;
}

export class SearchIndex {
  private readonly mini: MiniSearch<IndexedDoc>;
  private readonly byId = new Map<string, CatalogueEntry>();

  constructor(entries: readonly CatalogueEntry[]) {
    this.mini = new MiniSearch<IndexedDoc>({
      fields: ['title', 'synonyms', 'body'],
      storeFields: [],
      processTerm,
      searchOptions: { boost: { title: 4, synonyms: 2.5, body: 1 } },
    });
    const docs: IndexedDoc[] = [];
    for (const e of entries) {
      this.byId.set(e.id, e);
      docs.push({ id: e.id, title: e.label, synonyms: e.synonyms.join(' \u2029 '), body: bodyOf(e) });
    }
    this.mini.addAll(docs);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): CatalogueEntry | undefined {
    return this.byId.get(id);
  }

  search(query: string, limit = SEARCH_RESULT_LIMIT): SearchOutcome {
    const words = query.trim();
    const options = {
      prefix: (term: string, i: number, terms: string[]) => i === terms.length - 1 && term.length >= 3,
      fuzzy: (term: string) => (term.length >= 6 ? 0.15 : false),
    } as const;
    let results = this.mini.search(words, { ...options, combineWith: 'AND' });
    if (results.length === 0) results = this.mini.search(words, { ...options, combineWith: 'OR' });
    results.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const hits = results.slice(0, limit).map((r) => ({ entry: this.byId.get(r.id as string)!, score: r.score }));
    return { hits, truncated: results.length > limit };
  }
}
