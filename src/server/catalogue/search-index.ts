// Full-text search over the catalogue, ranked by phrase match (./match-tier.ts).
//
// Candidates, in passes (the first pass that finds anything wins):
//  1. every query word matches (title, alternative names or body; the last word also as a prefix);
//  2. the same, tolerating a typo in words of five letters or more that the catalogue does not know;
//  3. any query word matches (ranked by how many match).
// Ranking: phrase tier of the title and alternative names, then words matched exactly as typed,
// then a BM25+ score (title weighs more than alternative names, which weigh more than body text;
// completed prefixes and typo matches weigh less), then the entity ID, so the same query always
// gives the same order. `truncated` is true exactly when the winning pass found more records than
// were returned.
import { SEARCH_RESULT_LIMIT } from '../../shared/schemas.js';
import { type Field, InvertedIndex, type IndexableDoc } from './inverted-index.js';
import { type EncodedQuery, NameTable, TIER } from './match-tier.js';
import { type PreparedQuery, prepareName, prepareQuery } from './search-text.js';
import type { CatalogueEntry } from './source-record.js';
import { TopRanked } from './top-ranked.js';

export interface SearchHit {
  entry: CatalogueEntry;
  score: number;
}

export interface SearchOutcome {
  hits: SearchHit[];
  truncated: boolean;
}


/** One query word: the indexed stems (term numbers, ascending) it stands for, with their weights. */
interface Expansion {
  terms: readonly number[];
  weights: readonly number[];
}

const BOOST: Record<Field, number> = { 0: 4, 1: 2.5, 2: 1 };
const PREFIX_WEIGHT = 0.375; // a completed word counts less than the word itself
const TYPO_WEIGHT = 0.45;
const TYPO_MIN_LENGTH = 5;
const MAX_WORDS = 60; // 120 code points hold at most 60 words
// BM25+ (Lv & Zhai 2011) with presence-only term frequency: names are short, bodies are definitions.
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;

function bodyOf(e: CatalogueEntry): string {
  return [e.definition, e.parents.join(' '), e.manufacturer, e.parentOrganizations?.join(' '), e.city, e.country]
    .filter(Boolean)
    .join(' ');
}

function prepare(entries: readonly CatalogueEntry[]): IndexableDoc[] {
  return entries.map((entry) => ({ names: [prepareName(entry.label), ...entry.synonyms.map(prepareName)], body: bodyOf(entry) }));
}

export class SearchIndex {
  private readonly byId = new Map<string, CatalogueEntry>();
  // Scratch space reused by every search (searches are synchronous, so never shared).
  private readonly seenAt: Int32Array;
  private readonly matched: Uint8Array;
  // How many query words a match has in its title / in its alternative names, and the mark of
  // the word last counted (a word counts once however many of its stems match).
  private readonly titleHits: Uint8Array;
  private readonly titleMark: Int32Array;
  private readonly altHits: Uint8Array;
  private readonly altMark: Int32Array;
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;
  private readonly top: TopRanked;
  private readonly offeredAt: Int32Array;
  // The latest collect's matches: `phrased` of them in `touched` (those that may match as a
  // phrase; all of them when not every word is required), `plainCount` in `plain`.
  private readonly plain: Int32Array;
  private phrased = 0;
  private plainCount = 0;
  private epoch = 0;
  /** The epoch of the latest collect: `seenAt` below it is stale. */
  private base = 0;
  /** Per field, each document's BM25+ length factor (K1 + 1) / (1 + K1·(1 − B + B·length/average)) + δ. */
  private readonly lengthFactors: Float64Array[];

  private constructor(
    private readonly docs: readonly CatalogueEntry[],
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
  ) {
    for (const d of docs) this.byId.set(d.id, d);
    const n = docs.length;
    this.seenAt = new Int32Array(n);
    this.matched = new Uint8Array(n);
    this.titleHits = new Uint8Array(n);
    this.titleMark = new Int32Array(n);
    this.altHits = new Uint8Array(n);
    this.altMark = new Int32Array(n);
    this.scores = new Float64Array(n);
    this.touched = new Int32Array(n);
    this.offeredAt = new Int32Array(n);
    this.plain = new Int32Array(n);
    this.top = new TopRanked(docs, names, this.scores);
    this.lengthFactors = index.fields.map((field) => {
      // The same operations, in the same order, as scoring each posting would do: same bits.
      const norm = K1 * (1 - B);
      const perLength = (K1 * B) / field.averageLength;
      const factors = new Float64Array(n);
      for (let d = 0; d < n; d++) factors[d] = (K1 + 1) / (1 + norm + perLength * field.lengths[d]!) + DELTA;
      return factors;
    });
  }

  static build(entries: readonly CatalogueEntry[]): SearchIndex {
    const docs = prepare(entries);
    return new SearchIndex(entries, new NameTable(docs.map((d) => d.names)), InvertedIndex.build(docs));
  }

  /** Builds an index in small steps, yielding between them, so a running server keeps answering. */
  static async buildInBackground(entries: readonly CatalogueEntry[]): Promise<SearchIndex> {
    const docs = prepare(entries);
    const index = await InvertedIndex.buildInBackground(docs);
    return new SearchIndex(entries, new NameTable(docs.map((d) => d.names)), index);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): CatalogueEntry | undefined {
    return this.byId.get(id);
  }

  search(text: string, limit = SEARCH_RESULT_LIMIT): SearchOutcome {
    const query = prepareQuery(text);
    if (query.stems.length === 0 || query.stems.length > MAX_WORDS) return { hits: [], truncated: false };

    const exact = this.expand(query, false);
    let found = exact.every((e) => e.terms.length > 0) ? this.collect(exact, true) : 0;
    let expansions = exact;
    let ranked = query;
    if (found === 0) {
      const loose = this.expand(query, true);
      if (loose.some((e, i) => e.terms.length > exact[i]!.terms.length) && loose.every((e) => e.terms.length > 0)) {
        expansions = loose;
        found = this.collect(loose, true, true);
        // Rank phrases as if the misspelt words had been typed right (their likeliest correction).
        if (found > 0) ranked = { ...query, stems: query.stems.map((s, i) => (exact[i]!.terms.length > 0 ? s : this.likeliest(s, loose[i]!))) };
      }
    }
    const allWords = found > 0;
    if (!allWords) {
      expansions = exact;
      found = this.collect(exact, false);
    }
    return { hits: this.rank(this.names.encode(ranked), allWords, ranked !== query, expansions.length, limit), truncated: found > limit };
  }

  /** Of a misspelt word's near spellings, the closest, then the most used, then the first in order. */
  private likeliest(misspelt: string, near: Expansion): string {
    let best = near.terms[0]!;
    let bestDistance = Infinity;
    let bestUsed = -1;
    for (const term of near.terms) {
      const distance = this.index.editDistance(misspelt, this.index.terms[term]!);
      const used = this.index.documentFrequency(term);
      if (distance < bestDistance || (distance === bestDistance && used > bestUsed)) {
        best = term;
        bestDistance = distance;
        bestUsed = used;
      }
    }
    return this.index.terms[best]!;
  }

  /** The indexed stems each query word stands for: itself, completions of the last word, near spellings. */
  private expand(query: PreparedQuery, typos: boolean): Expansion[] {
    const last = query.stems.length - 1;
    return query.stems.map((s, i) => {
      const terms: number[] = [];
      const weights: number[] = [];
      if (i === last && query.lastIsPrefix) {
        const [from, to] = this.index.prefixRange(s);
        for (let term = from; term < to; term++) {
          terms.push(term);
          weights.push(this.index.terms[term] === s ? 1 : PREFIX_WEIGHT);
        }
      } else {
        const term = this.index.termId(s);
        if (term >= 0) {
          terms.push(term);
          weights.push(1);
        }
      }
      if (typos && terms.length === 0 && s.length >= TYPO_MIN_LENGTH) {
        const near = this.index.termsNear(s, s.length >= 8 ? 2 : 1);
        return { terms: near, weights: near.map(() => TYPO_WEIGHT) };
      }
      return { terms, weights };
    });
  }

  /**
   * Walks the posting lists, scoring every document that matches; leaves the matching documents
   * first in `touched` and returns how many there are. With `all`, a document must match every
   * query word; otherwise any, and `matched` counts how many.
   */
  private collect(expansions: Expansion[], all: boolean, corrected = false): number {
    if (this.epoch > 0x7fff0000) {
      this.seenAt.fill(0);
      this.offeredAt.fill(0);
      this.titleMark.fill(0);
      this.altMark.fill(0);
      this.epoch = 0;
    }
    const base = (this.base = this.epoch += 64);
    const n = this.docs.length;
    const { seenAt, matched, scores, titleHits, titleMark, altHits, altMark, touched: touchedDocs } = this;
    let touched = 0;
    for (let k = 0; k < expansions.length; k++) {
      const mark = base + k;
      const { terms, weights } = expansions[k]!;
      for (let t = 0; t < terms.length; t++) {
        const term = terms[t]!;
        const weight = weights[t]!;
        for (let f = 0 as Field; f < 3; f = (f + 1) as Field) {
          const list = this.index.fields[f]!.postings[term];
          if (!list) continue;
          const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
          const w = BOOST[f] * weight * idf;
          const lengthFactor = this.lengthFactors[f]!;
          for (let j = 0; j < list.length; j++) {
            const d = list[j]!;
            const seen = seenAt[d]!;
            if (seen < base) {
              if (all && k > 0) continue; // missed an earlier word
              seenAt[d] = mark;
              matched[d] = 1;
              scores[d] = 0;
              titleHits[d] = 0;
              altHits[d] = 0;
              touchedDocs[touched++] = d;
            } else if (seen < mark) {
              if (all && matched[d] !== k) continue;
              seenAt[d] = mark;
              matched[d]!++;
            }
            scores[d]! += w * lengthFactor[d]!;
            if (f === 0 && titleMark[d] !== mark) {
              titleMark[d] = mark;
              titleHits[d]!++;
            } else if (f === 1 && altMark[d] !== mark) {
              altMark[d] = mark;
              altHits[d]!++;
            }
          }
        }
      }
    }
    // Keep only the matching documents, in the order first met (document order within a word):
    // those that can match as a phrase (see nameTier) first in `touched`, the others in `plain`.
    const needed = all ? expansions.length : 1;
    let phrased = 0;
    let plain = 0;
    for (let i = 0; i < touched; i++) {
      const d = touchedDocs[i]!;
      if (matched[d]! < needed) continue;
      const title = titleHits[d]!;
      const alternatives = altHits[d]!;
      const phrase = !all || (corrected ? title > 0 || alternatives > 0 : title === needed || alternatives === needed);
      if (phrase) touchedDocs[phrased++] = d;
      else this.plain[plain++] = d;
    }
    this.phrased = phrased;
    this.plainCount = plain;
    return phrased + plain;
  }

  /**
   * The best `limit` of the latest collect's matches (./top-ranked.ts). Every tier from
   * `titleStarts` up needs a name starting with the query's first word, so those documents are
   * offered first: when they fill the list at such tiers, no other document can enter and the
   * thousands of other candidates of a broad query need no phrase matching at all. Then the
   * other matches that may match as a phrase, and the rest (tier allWords) only if still needed.
   */
  private rank(query: EncodedQuery, allWords: boolean, corrected: boolean, words: number, limit: number): SearchHit[] {
    const top = this.top.reset(limit);
    const { matched, seenAt, offeredAt, touched, plain } = this;
    const base = this.base;
    if (!allWords) {
      for (let i = 0; i < this.phrased; i++) top.offer(touched[i]!, TIER.someWords + matched[touched[i]!]! / (words + 1), query);
      return top.hits();
    }
    const starters = this.names.startingWithFirstWord(query);
    for (let i = 0; i < starters.length; i++) {
      const d = starters[i]!;
      if (seenAt[d]! < base || matched[d]! < words) continue; // not a match
      offeredAt[d] = base;
      top.offer(d, this.nameTier(d, query, words, corrected), query);
    }
    if (top.fullFrom(TIER.titleStarts)) return top.hits();
    for (let i = 0; i < this.phrased; i++) {
      const d = touched[i]!;
      if (offeredAt[d] !== base) top.offer(d, this.nameTier(d, query, words, corrected), query);
    }
    // The others are all at tier allWords: they can only enter a list not full above it.
    if (top.fullFrom(TIER.allWords + 1)) return top.hits();
    for (let i = 0; i < this.plainCount; i++) {
      const d = plain[i]!;
      if (offeredAt[d] !== base) top.offer(d, TIER.allWords, query);
    }
    return top.hits();
  }

  /**
   * The phrase tier of a match of every query word. A phrase tier needs the whole query in one
   * name: its words exactly, the last one possibly completed, all of which were looked up in the
   * index. So a match whose title (or alternative names) lacks a query word cannot match there
   * and is not looked at, unless misspelt words were corrected (`corrected`): then the
   * correction ranked by may differ from the spellings matched.
   */
  private nameTier(d: number, query: EncodedQuery, words: number, corrected: boolean): number {
    const title = this.titleHits[d]!;
    const alternatives = this.altHits[d]!;
    if (title === 0 && alternatives === 0) return TIER.allWords;
    const floor = this.top.floor();
    if (corrected) return this.names.tier(d, query, true, true, floor);
    if (title < words && alternatives < words) return TIER.allWords;
    return this.names.tier(d, query, title === words, alternatives === words, floor);
  }
}
