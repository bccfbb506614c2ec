// Full-text search over the catalogue (MiniSearch), re-ranked by phrase match.
//
// Candidates, in passes (the first pass that finds anything wins):
//  1. every query word matches (title, alternative names or body; the last word also as a prefix);
//  2. the same, tolerating a typo in words of five letters or more;
//  3. any query word matches.
// Ranking: phrase tier of the title and alternative names (./match-tier.ts), then words matched
// exactly as typed, then the MiniSearch score (title weighs more than alternative names, which
// weigh more than body text), then the entity ID, so the same query always gives the same order.
// `truncated` is true exactly when the winning pass found more candidates than were returned.
import MiniSearch, { type SearchResult } from 'minisearch';
import { SEARCH_RESULT_LIMIT } from '../../shared/schemas.js';
import { exactWordHits, phraseTier, TIER } from './match-tier.js';
import { type PreparedName, type PreparedQuery, prepareName, prepareQuery, STOP_WORDS, stem, words } from './search-text.js';
import type { CatalogueEntry } from './source-record.js';

interface IndexedDoc {
  id: number;
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

interface IndexedEntry {
  entry: CatalogueEntry;
  /** Title first, then alternative names. */
  names: PreparedName[];
}

const BOOST = { title: 4, synonyms: 2.5, body: 1 };
const TYPO_MIN_LENGTH = 5;

function bodyOf(e: CatalogueEntry): string {
  return [e.definition, e.parents.join(' '), e.manufacturer, e.parentOrganizations?.join(' '), e.city, e.country]
    .filter(Boolean)
    .join(' ');
}

/** Whether any query word matched in the title or an alternative name (else no phrase can match there). */
function matchedInNames(result: SearchResult): boolean {
  for (const fields of Object.values(result.match)) {
    if (fields.includes('title') || fields.includes('synonyms')) return true;
  }
  return false;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` ranks before `b`. */
function compareRanked(a: Ranked, b: Ranked): number {
  return b.tier - a.tier || b.exact - a.exact || b.score - a.score || compareIds(a.doc.entry.id, b.doc.entry.id);
}

interface Ranked {
  doc: IndexedEntry;
  tier: number;
  exact: number;
  score: number;
}

export class SearchIndex {
  private readonly mini: MiniSearch<IndexedDoc>;
  private readonly docs: IndexedEntry[] = [];
  private readonly byId = new Map<string, CatalogueEntry>();
  /** Every indexed word stem: a query word outside it is a typo candidate. */
  private readonly vocabulary = new Set<string>();

  constructor(entries: readonly CatalogueEntry[]) {
    this.mini = new MiniSearch<IndexedDoc>({
      fields: ['title', 'synonyms', 'body'],
      storeFields: [],
      // Documents are numbered by position: smaller than UUID strings in the index.
      idField: 'id',
      tokenize: (text) => words(text),
      processTerm: (term) => {
        if (STOP_WORDS.has(term)) return null;
        const s = stem(term);
        this.vocabulary.add(s);
        return s;
      },
      searchOptions: { boost: BOOST },
    });
    this.mini.addAll(this.prepare(entries));
  }

  /** Builds an index in small chunks, yielding between them, so a running server keeps answering. */
  static async buildInBackground(entries: readonly CatalogueEntry[]): Promise<SearchIndex> {
    const index = new SearchIndex([]);
    await index.mini.addAllAsync(index.prepare(entries), { chunkSize: 250 });
    return index;
  }

  private prepare(entries: readonly CatalogueEntry[]): IndexedDoc[] {
    const indexed: IndexedDoc[] = [];
    for (const e of entries) {
      const n = this.docs.length;
      this.docs.push({ entry: e, names: [prepareName(e.label), ...e.synonyms.map(prepareName)] });
      this.byId.set(e.id, e);
      indexed.push({ id: n, title: e.label, synonyms: e.synonyms.join(' \u2029 '), body: bodyOf(e) });
    }
    return indexed;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): CatalogueEntry | undefined {
    return this.byId.get(id);
  }

  search(text: string, limit = SEARCH_RESULT_LIMIT): SearchOutcome {
    const query = prepareQuery(text);
    if (query.stems.length === 0) return { hits: [], truncated: false };

    let results = this.run(query, 'AND', false);
    if (results.length === 0 && this.typoCandidates(query).size > 0) results = this.run(query, 'AND', true);
    const allWords = results.length > 0;
    if (!allWords) results = this.run(query, 'OR', false);

    // Only the best `limit` are kept (a bounded insertion), so a broad query that matches
    // thousands of records costs no full sort.
    const top: Ranked[] = [];
    for (const r of results) {
      const doc = this.docs[r.id as number]!;
      const candidate: Ranked = {
        doc,
        tier: !allWords ? TIER.someWords : matchedInNames(r) ? phraseTier(doc.names, query) : TIER.allWords,
        exact: exactWordHits(doc.names[0]!, query),
        score: r.score,
      };
      if (top.length === limit && compareRanked(candidate, top[limit - 1]!) >= 0) continue;
      let at = top.length;
      while (at > 0 && compareRanked(candidate, top[at - 1]!) < 0) at--;
      top.splice(at, 0, candidate);
      if (top.length > limit) top.pop();
    }
    const hits = top.map((r) => ({ entry: r.doc.entry, score: r.score }));
    return { hits, truncated: results.length > limit };
  }

  /** Query words long enough to hold a typo that are not words of the catalogue at all. */
  private typoCandidates(query: PreparedQuery): Set<string> {
    const last = query.stems.length - 1;
    return new Set(
      query.stems.filter(
        (s, i) => s.length >= TYPO_MIN_LENGTH && !this.vocabulary.has(s) && !(i === last && query.lastIsPrefix && this.hasPrefix(s)),
      ),
    );
  }

  private hasPrefix(prefix: string): boolean {
    return this.mini.search(prefix, { prefix: true, tokenize: (x) => [x], processTerm: (t) => t }).length > 0;
  }

  private run(query: PreparedQuery, combineWith: 'AND' | 'OR', typos: boolean): SearchResult[] {
    const last = query.stems.length - 1;
    const fuzzyTerms = typos ? this.typoCandidates(query) : new Set<string>();
    return this.mini.search(query.stems.join(' '), {
      combineWith,
      // The query is already tokenized and stemmed by prepareQuery.
      tokenize: (s) => s.split(' '),
      processTerm: (t) => t,
      prefix: (_term, i) => i === last && query.lastIsPrefix,
      // Only words the catalogue does not know are matched loosely: fuzzy matching is costly.
      fuzzy: (term) => (fuzzyTerms.has(term) ? 0.2 : false),
      maxFuzzy: 2,
    });
  }
}
