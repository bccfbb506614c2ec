// Full-text search over the catalogue: normalise → index fields → candidates → rank.
//   normalise   ./search-text.ts and ./language-rules.ts, the same for records and queries;
//   index       ./inverted-index.ts (fields: title, alternative names, context, body, derived
//               acronyms) and ./name-table.ts (every name as term numbers);
//   candidates  ./query-plan.ts turns the query into units and their alternatives;
//               ./match-collector.ts walks their posting lists and notes, per record, which
//               units it has in its names, its context (parent organisations, place) and its
//               body. A record's coverage is the weight of the units it has (a unit in a name
//               counts fully, in the context 0.85, in the body 0.5). The records whose coverage
//               is at least a third of the query's weight (or the best there is, if less) match;
//               `truncated` is true exactly when more match than are returned;
//   rank        the best-covered few hundred (and every record with a name equal to the query)
//               are aligned name by name with the query (./name-match.ts) and ranked by
//               coverage, name fit, and prior; a record with a name that is the query, once
//               case, accents, spaces and punctuation are ignored, ranks above every other.
// Ties go to the entity ID, so the same query always gives the same order.
import { SEARCH_RESULT_LIMIT } from '../../shared/schemas.js';
import { ALT, CONTEXT, InvertedIndex, TITLE } from './inverted-index.js';
import { MatchCollector, NAMES, PLACE, TEXT } from './match-collector.js';
import { type NameFit, NameMatcher } from './name-match.js';
import { NameTable } from './name-table.js';
import { MAX_UNITS, planQuery, type QueryPlan } from './query-plan.js';
import { CataloguePreparer, type PreparedCatalogue } from './search-prepare.js';
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

const MAX_UNITS_SEARCHED = 120; // 120 code points of CJK text make at most 119 character pairs
/** How many of the best-covered matches are aligned name by name. */
const CANDIDATES = 64;
/** A match needs at least this share of the query's weight (or the best coverage there is). */
const MATCH_SHARE = 0.34;
const PLACE_CREDIT = 0.85;
const TEXT_CREDIT = 0.5;
/** A unit found only by a completion, a typo or a lower-case acronym counts this much of it. */
const WEAK_CREDIT = 0.6;
const ALTERNATIVE_NAME = 0.93;
const CONTEXT_NAME = 0.6;
const EXACT_TITLE = 4;
const EXACT_NAME = 3.9;
const NS_BASE = 0.35;
const NS_NAME = 0.4;

/** Weight of each term as a word of a name: its inverse document frequency over names and context. */
function termWeights(index: InvertedIndex): Float32Array {
  const n = index.size;
  const out = new Float32Array(index.termCount);
  for (let t = 0; t < out.length; t++) {
    const df = index.frequency(TITLE, t) + index.frequency(ALT, t) + index.frequency(CONTEXT, t);
    out[t] = Math.log(1 + n / (1 + Math.min(df, n)));
  }
  return out;
}

export class SearchIndex {
  private readonly byId = new Map<string, CatalogueEntry>();
  // Scratch space reused by every search (searches are synchronous, so never shared).
  private readonly collector: MatchCollector;
  private readonly matcher: NameMatcher;
  private readonly top: TopRanked;
  private readonly coverage: Float64Array;
  private readonly heap: Candidates;
  /** 1 for a laboratory (an organisation), per document. */
  private readonly organisation: Uint8Array;
  private docBest = new Float64Array(32);
  private placeBest = new Float64Array(32);

  private constructor(
    private readonly docs: readonly CatalogueEntry[],
    private readonly names: NameTable,
    private readonly index: InvertedIndex,
    private readonly prior: Float32Array,
  ) {
    for (const d of docs) this.byId.set(d.id, d);
    this.collector = new MatchCollector(index);
    this.matcher = new NameMatcher(names, index, termWeights(index));
    this.top = new TopRanked(docs);
    this.coverage = new Float64Array(docs.length);
    this.heap = new Candidates(CANDIDATES);
    this.organisation = Uint8Array.from(docs, (e) => (e.type === 'laboratory' ? 1 : 0));
  }

  private static assemble(entries: readonly CatalogueEntry[], p: PreparedCatalogue, index: InvertedIndex): SearchIndex {
    return new SearchIndex(entries, new NameTable(p.docs, p.context, index), index, p.prior);
  }

  static build(entries: readonly CatalogueEntry[]): SearchIndex {
    const p = CataloguePreparer.prepareAll(entries);
    return SearchIndex.assemble(entries, p, InvertedIndex.build(p.docs, p.context));
  }

  /** Builds an index in small steps, yielding between them, so a running server keeps answering. */
  static async buildInBackground(entries: readonly CatalogueEntry[]): Promise<SearchIndex> {
    const p = new CataloguePreparer(entries);
    for (let d = 0; d < entries.length; d++) {
      p.add(d);
      if (d % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    }
    return SearchIndex.assemble(entries, p, await InvertedIndex.buildInBackground(p.docs, p.context));
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): CatalogueEntry | undefined {
    return this.byId.get(id);
  }

  search(text: string, limit = SEARCH_RESULT_LIMIT): SearchOutcome {
    const plan = planQuery(text, this.index);
    const none = { hits: [], truncated: false };
    if (plan.units.length === 0 || plan.units.length > MAX_UNITS_SEARCHED) return none;
    const touched = this.collector.collect(plan);
    const exact = this.names.exactMatches(plan.key);
    if (touched === 0 && exact.length === 0) return none;
    const matched = this.selectCandidates(plan, touched);
    for (const e of exact) this.heap.force(e >> 1);
    this.matcher.prepare(plan);
    const top = this.top.reset(limit);
    const exactBonus = new Map<number, number>();
    for (const e of exact) if (!exactBonus.has(e >> 1)) exactBonus.set(e >> 1, e & 1 ? EXACT_NAME : EXACT_TITLE);
    for (const d of this.heap.docs()) top.offer(d, this.rank(d, plan) + (exactBonus.get(d) ?? 0));
    return { hits: top.hits(), truncated: Math.max(matched, exactBonus.size) > limit };
  }

  /** Coverage of every match; keeps the best-covered CANDIDATES; returns how many match. */
  private selectCandidates(plan: QueryPlan, touched: number): number {
    const { collector, coverage } = this;
    const units = plan.units;
    const m = Math.min(units.length, MAX_UNITS);
    let best = 0;
    let bestScore = 0;
    for (let i = 0; i < touched; i++) {
      const d = collector.touched[i]!;
      const inNames = collector.units(d, NAMES);
      const inPlace = collector.units(d, PLACE);
      const inText = collector.units(d, TEXT);
      const strong = collector.strongUnits(d);
      let c = 0;
      for (let u = 0; u < m; u++) {
        const bit = 1 << u;
        const credit = inNames & bit ? 1 : inPlace & bit ? PLACE_CREDIT : inText & bit ? TEXT_CREDIT : 0;
        c += credit * (strong & bit ? 1 : WEAK_CREDIT) * units[u]!.weight;
      }
      coverage[d] = c;
      if (c > best) best = c;
      if (collector.scores[d]! > bestScore) bestScore = collector.scores[d]!;
    }
    const threshold = Math.min(best, MATCH_SHARE * plan.totalWeight) * (1 - 1e-9);
    this.heap.reset();
    let matched = 0;
    for (let i = 0; i < touched; i++) {
      const d = collector.touched[i]!;
      if (coverage[d]! < threshold) continue;
      matched++;
      this.heap.offer(d, coverage[d]! / plan.totalWeight + (0.05 * collector.scores[d]!) / (bestScore || 1));
    }
    return matched;
  }

  /** A candidate's score: coverage over all its fields, its best-fitting name, its prior. */
  private rank(d: number, plan: QueryPlan): number {
    const m = Math.min(plan.units.length, MAX_UNITS);
    if (this.docBest.length < m) {
      this.docBest = new Float64Array(m);
      this.placeBest = new Float64Array(m);
    }
    const { docBest, placeBest, matcher, names } = this;
    docBest.fill(0, 0, m);
    placeBest.fill(0, 0, m);
    let bestFit = 0;
    let titleFit = 0;
    const first = names.docNames[d]!;
    const organisation = this.organisation[d] === 1;
    for (let n = first; n < names.docNames[d + 1]!; n++) {
      const fit = nameScore(matcher.fit(n, organisation));
      if (n === first) titleFit = fit;
      bestFit = Math.max(bestFit, fit * (n === first ? 1 : ALTERNATIVE_NAME));
      for (let u = 0; u < m; u++) if (matcher.best[u]! > docBest[u]!) docBest[u] = matcher.best[u]!;
    }
    const inPlace = this.collector.units(d, PLACE) !== 0;
    for (let c = names.docContext[d]!; inPlace && c < names.docContext[d + 1]!; c++) {
      const fit = matcher.fit(names.contextBase + names.contextIds[c]!, true);
      bestFit = Math.max(bestFit, nameScore(fit) * CONTEXT_NAME);
      for (let u = 0; u < m; u++) if (matcher.best[u]! > placeBest[u]!) placeBest[u] = matcher.best[u]!;
    }
    const inText = this.collector.units(d, TEXT);
    let covered = 0;
    for (let u = 0; u < m; u++) {
      const credit = Math.max(docBest[u]!, PLACE_CREDIT * placeBest[u]!, inText & (1 << u) ? TEXT_CREDIT : 0);
      covered += plan.units[u]!.weight * credit;
    }
    return 0.45 * (covered / plan.totalWeight) + 0.4 * bestFit + 0.1 * titleFit + 0.05 * this.prior[d]!;
  }
}

/** How well one name fits: the query it covers, the share of the name it explains, order and start. */
function nameScore(fit: NameFit): number {
  return fit.query * (NS_BASE + NS_NAME * fit.name + (fit.start ? 1 - NS_BASE - NS_NAME : 0)) * (0.9 + 0.1 * fit.order);
}

/** The best `size` documents by a key (a min-heap in typed arrays), plus documents forced in. */
class Candidates {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  private count = 0;
  private forced: number[] = [];

  constructor(private readonly size: number) {
    this.keys = new Float64Array(size);
    this.ids = new Int32Array(size);
  }

  reset(): void {
    this.count = 0;
    this.forced = [];
  }

  force(d: number): void {
    this.forced.push(d);
  }

  docs(): number[] {
    return [...new Set([...this.ids.subarray(0, this.count), ...this.forced])];
  }

  /** Offers document d; of equal keys the lower document number stays (deterministic). */
  offer(d: number, key: number): void {
    if (this.count < this.size) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.before(key, d, this.keys[parent]!, this.ids[parent]!)) break;
        this.keys[i] = this.keys[parent]!;
        this.ids[i] = this.ids[parent]!;
        i = parent;
      }
      this.keys[i] = key;
      this.ids[i] = d;
      return;
    }
    if (!this.before(this.keys[0]!, this.ids[0]!, key, d)) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.before(this.keys[child + 1]!, this.ids[child + 1]!, this.keys[child]!, this.ids[child]!)) child++;
      if (!this.before(this.keys[child]!, this.ids[child]!, key, d)) break;
      this.keys[i] = this.keys[child]!;
      this.ids[i] = this.ids[child]!;
      i = child;
    }
    this.keys[i] = key;
    this.ids[i] = d;
  }

  /** Whether (k1, d1) is worse than (k2, d2): the heap's top is the worst kept. */
  private before(k1: number, d1: number, k2: number, d2: number): boolean {
    return k1 < k2 || (k1 === k2 && d1 > d2);
  }
}
