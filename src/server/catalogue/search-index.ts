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
import { InvertedIndex, type IndexableDoc } from './inverted-index.js';
import { type Expansion, MatchCollector } from './match-collector.js';
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


const PREFIX_WEIGHT = 0.375; // a completed word counts less than the word itself
const TYPO_WEIGHT = 0.45;
const TYPO_MIN_LENGTH = 5;
const MAX_WORDS = 60; // 120 code points hold at most 60 words

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
  private readonly matches: MatchCollector;
  private readonly top: TopRanked;

  private constructor(
    private readonly docs: readonly CatalogueEntry[],
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
  ) {
    for (const d of docs) this.byId.set(d.id, d);
    this.matches = new MatchCollector(index);
    this.top = new TopRanked(docs, names, this.matches.scores);
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
    const lastStem = query.lastIsPrefix ? this.index.termId(query.stems[query.stems.length - 1]!) : -1;
    let found = exact.every((e) => e.terms.length > 0) ? this.matches.collect(exact, true, false, lastStem) : 0;
    let expansions = exact;
    let ranked = query;
    if (found === 0) {
      const loose = this.expand(query, true);
      if (loose.some((e, i) => e.terms.length > exact[i]!.terms.length) && loose.every((e) => e.terms.length > 0)) {
        expansions = loose;
        found = this.matches.collect(loose, true, true);
        // Rank phrases as if the misspelt words had been typed right (their likeliest correction).
        if (found > 0) ranked = { ...query, stems: query.stems.map((s, i) => (exact[i]!.terms.length > 0 ? s : this.likeliest(s, loose[i]!))) };
      }
    }
    const allWords = found > 0;
    if (!allWords) {
      expansions = exact;
      found = this.matches.collect(exact, false);
    }
    return { hits: this.rank(this.names.encode(ranked), allWords, ranked !== query, query.lastIsPrefix, expansions.length, limit), truncated: found > limit };
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
        const itself = this.index.termId(s);
        for (let term = from; term < to; term++) {
          terms.push(term);
          weights.push(term === itself ? 1 : PREFIX_WEIGHT);
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
   * The best `limit` of the latest collect's matches (./top-ranked.ts). Every tier from
   * `titleStarts` up needs a name starting with the query's first word, so those documents are
   * offered first: when they fill the list at such tiers, no other document can enter and the
   * thousands of other candidates of a broad query need no phrase matching at all. Then the
   * other matches that may match as a phrase, and the rest (tier allWords) only if still needed.
   */
  private rank(query: EncodedQuery, allWords: boolean, corrected: boolean, prefix: boolean, words: number, limit: number): SearchHit[] {
    const top = this.top.reset(limit);
    const matches = this.matches;
    const { phrased, plain } = matches;
    // Words no title has (numbered -1) never count as exact.
    let exactAtMost = 0;
    for (let i = 0; i < query.words.length; i++) if (query.words[i]! >= 0) exactAtMost++;
    if (!allWords) {
      for (let i = 0; i < matches.phrasedCount; i++) {
        const d = phrased[i]!;
        const tier = TIER.someWords + matches.words(d) / (words + 1);
        if (top.mayEnter(d, tier, exactAtMost)) top.offer(d, tier, query);
      }
      return top.hits();
    }
    const [from, to] = this.names.startingWithFirstWord(query);
    const refine = prefix && !corrected; // bounds from where the last word's own stem is
    for (let entry = from; entry < to; entry++) {
      const d = this.names.starterDoc(entry);
      if (!matches.matches(d, words) || !matches.offerOnce(d)) continue;
      let bound = this.names.starterTierBound(entry, query);
      // Without its own stem in any name the last word is only completed: titleCompletes at best.
      if (refine && bound > TIER.titleCompletes && !matches.lastStemIn(d, 0) && !matches.lastStemIn(d, 1)) bound = TIER.titleCompletes;
      if (top.mayEnter(d, bound, this.exactBound(d, words, refine, corrected, exactAtMost))) top.offer(d, this.nameTier(d, query, words, corrected), query);
    }
    if (top.fullFrom(TIER.titleStarts)) return top.hits();
    for (let i = 0; i < matches.phrasedCount; i++) {
      const d = phrased[i]!;
      const bound = refine ? this.containedTierBound(d, words) : TIER.titleContains;
      if (matches.offerOnce(d) && top.mayEnter(d, bound, this.exactBound(d, words, refine, corrected, exactAtMost))) {
        top.offer(d, this.nameTier(d, query, words, corrected), query);
      }
    }
    // The others are all at tier allWords: they can only enter a list not full above it.
    if (top.fullFrom(TIER.allWords + 1)) return top.hits();
    for (let i = 0; i < matches.plainCount; i++) {
      const d = plain[i]!;
      if (matches.offerOnce(d) && top.mayEnter(d, TIER.allWords, this.exactBound(d, words, refine, corrected, exactAtMost))) top.offer(d, TIER.allWords, query);
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
    const title = this.matches.titleWords(d);
    const alternatives = this.matches.alternativeWords(d);
    if (title === 0 && alternatives === 0) return TIER.allWords;
    const floor = this.top.floor();
    if (corrected) return this.names.tier(d, query, true, true, floor);
    if (title < words && alternatives < words) return TIER.allWords;
    return this.names.tier(d, query, title === words, alternatives === words, floor);
  }

  /**
   * The best tier a match without a name starting with the query's first word can reach, when
   * the last word may be completed (exact pass): the phrase contained in a name needs the last
   * word's own stem there; otherwise only a completion of it, and a completed phrase at the
   * start of a name (a one-word query) or inside it.
   */
  private containedTierBound(d: number, words: number): number {
    const matches = this.matches;
    let best: number = TIER.allWords;
    if (matches.titleWords(d) === words) {
      best = matches.lastStemIn(d, 0) ? TIER.titleContains : words === 1 ? TIER.titleCompletes : TIER.titleContainsPrefix;
    }
    if (matches.alternativeWords(d) === words) {
      const alternatives = matches.lastStemIn(d, 1) ? TIER.nameContains : words === 1 ? TIER.nameCompletes : TIER.nameContainsPrefix;
      if (alternatives > best) best = alternatives;
    }
    return best;
  }

  /**
   * At most how many query words the title of match `d` holds exactly as typed: a word typed
   * in the title has its stem there, which the walk counted (after typo correction the matched
   * spelling is not the typed one, so only `atMost`, the query words some title has, holds).
   * With `lastOwn`, a last word counted only through a completion is not typed there.
   */
  private exactBound(d: number, words: number, lastOwn: boolean, corrected: boolean, atMost: number): number {
    if (corrected) return atMost;
    const title = this.matches.titleWords(d);
    const bound = lastOwn && title === words && !this.matches.lastStemIn(d, 0) ? title - 1 : title;
    return bound < atMost ? bound : atMost;
  }
}
