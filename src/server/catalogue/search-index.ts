// Full-text search over the catalogue: normalise → index fields → candidates → rank.
//   normalise   ./search-text.ts and ./language-rules.ts, the same for records and queries;
//   index       ./inverted-index.ts (fields: title, alternative names, context, body, derived
//               acronyms) and ./name-table.ts (every name as term numbers);
//   candidates  ./query-plan.ts turns the query into units and their alternatives;
//               ./match-collector.ts walks their posting lists and notes, per record, which
//               units it has in its names, its context (parent organisations, place) and its
//               body. A record's coverage is the weight of the units it has (a unit in a name
//               counts fully, in the context 0.85, in the body 0.5; found only by a weak
//               alternative, 0.8 of that; ./coverage.ts). The records whose coverage is at least 0.3 of
//               the query's weight (or the best there is, if less) match; `truncated` is true
//               exactly when more match than are returned. When no record has every word as
//               typed, short words are also tried as slips of near ones, once;
//   rank        the best-covered CANDIDATES (a unit only guessed, where the query reads it better
//               elsewhere, counting less; ./coverage.ts) and every record with a name equal to the
//               query are aligned name by name with the query (./name-match.ts) and ranked by
//               coverage, name fit, title fit and prior (less for an organisation without the
//               query's rarest unit, ./rarest-unit.ts; the instrument before its method when the
//               query's head word names an instrument, and the reverse, ./asked-kind.ts); a record with a name that is the
//               query, once case, accents, spaces and punctuation are ignored, ranks above
//               every other.
// Ties go to the entity ID, so the same query always gives the same order.
import { SEARCH_RESULT_LIMIT } from '../../shared/schemas.js';
import { Candidates } from './candidates.js';
import { cjkReading } from './cjk-reading.js';
import { pinyinReading } from './pinyin-reading.js';
import { vietnameseReading } from './vietnamese-reading.js';
import { synonymReadings } from './instrument-synonyms.js';
import { skeletonWords } from './katakana-loans.js';
import { type InvertedIndex, termWeights } from './inverted-index.js';
import { PLACE_CREDIT, TEXT_CREDIT, walkCoverage } from './coverage.js';
import { MatchCollector, NAMES, PLACE, TEXT } from './match-collector.js';
import { boundCovered, type RankingOnly, rankingOnly } from './score-bound.js';
import { type NameFit, NameMatcher } from './name-match.js';
import type { NameTable } from './name-table.js';
import { MAX_UNITS, planQuery, type QueryPlan } from './query-plan.js';
import type { RecordStore } from './record-store.js';
import { MISSING_RAREST, rarestUnit, wholeName } from './rarest-unit.js';
import { substitutedNames } from './name-substitutes.js';
import { withNamesEmphasised } from './reading-names.js';
import { IS_CJK, nameKey } from './search-text.js';
import { askedKind, counterpartsInOrder, LABORATORY, recordKinds } from './asked-kind.js';
import { type SearchHit, TopRanked } from './top-ranked.js';

export type { SearchHit };

export interface SearchOutcome {
  hits: SearchHit[];
  truncated: boolean;
}

/** A record found by a query's English reading (./cjk-reading.ts) or another name of its instrument (./instrument-synonyms.ts) scores this share of that search's score. */
const READING_CREDIT = 0.9;
/** Lifts a record that has every word of the query as typed above those only its reading finds. */
const AS_TYPED = 1;
const PARTLY_TYPED = 0.7; // the share a record with only part of a CJK query as typed scores: the part is most often the generic 연구원, 研究所 the reading matches too
const MAX_UNITS_SEARCHED = 120; // 120 code points of CJK text make at most 119 character pairs
/** How many of the best-covered matches are aligned name by name. */
const CANDIDATES = 64;
/** A match needs at least this share of the query's weight (or the best coverage there is). */
const MATCH_SHARE = 0.3;
const ALTERNATIVE_NAME = 0.93;
const CONTEXT_NAME = 0.6;
/** An organisation's name read with a context name fits a little less than a name holding it all. */
const NAME_WITH_CONTEXT = 0.95;
const EXACT_TITLE = 4;
const EXACT_NAME = 3.9;
/** A candidate's score: coverage, the best name's fit, the title's fit, the prior (how general a concept it is). */
const COVERAGE = 0.45;
const FIT = 0.4;
const TITLE_FIT = 0.1;
const PRIOR = 0.03;
const NS_BASE = 0.35;
const NS_NAME = 0.4;

export class SearchIndex {
  // Scratch space reused by every search (searches are synchronous, so never shared).
  private readonly collector: MatchCollector;
  private readonly matcher: NameMatcher;
  private readonly top: TopRanked;
  private readonly coverage: Float64Array;
  /** Per document, the candidates' key (./coverage.ts). */
  private readonly keyCoverage: Float64Array;
  /** The whole weight of the last query searched (its coverage is in `coverage`). */
  private queryWeight = 0;
  private readonly heap: Candidates;
  /** Per document, its kind (LABORATORY: an organisation; ./asked-kind.ts). */
  private readonly kinds: Uint8Array;
  private docBest = new Float64Array(32);
  private placeBest = new Float64Array(32);
  /** Per unit, what the organisation's best-fitting own name holds (for a name read with a context name). */
  private ownBest = new Float64Array(32);
  /** The query's rarest unit (-1: none) and the share an organisation without it keeps (./rarest-unit.ts). */
  private readonly rare = { unit: -1, keeps: 1 };

  /** Made by ./search-index-builder.ts. */
  constructor(
    readonly records: RecordStore,
    readonly names: NameTable,
    readonly index: InvertedIndex,
    readonly prior: Float32Array,
  ) {
    this.collector = new MatchCollector(index);
    this.matcher = new NameMatcher(names, index, termWeights(index));
    this.top = new TopRanked(records);
    this.coverage = new Float64Array(records.size);
    this.keyCoverage = new Float64Array(records.size);
    this.heap = new Candidates(CANDIDATES);
    this.kinds = recordKinds(records);
  }

  get size(): number {
    return this.records.size;
  }

  /**
   * A query in Chinese, Japanese or Korean (or romanised Japanese, or Chinese in pinyin) or in Vietnamese is also searched
   * in its English reading (./cjk-reading.ts, ./pinyin-reading.ts, ./vietnamese-reading.ts); each record keeps its better score, the reading's counting
   * READING_CREDIT of it, and a record that has every word as typed (legal forms such as
   * 一般財団法人 left out) comes first; one that has only part of it as typed counts PARTLY_TYPED (for a query
   * in Latin letters, when its reading names a place or a family name).
   */
  search(text: string, limit = SEARCH_RESULT_LIMIT): SearchOutcome {
    const reading = vietnameseReading(text) ?? cjkReading(text, (w) => this.index.termId(w) >= 0, skeletonWords(this.index)) ?? pinyinReading(text);
    // Otherwise the query with an instrument's or a method's other names (./instrument-synonyms.ts).
    const readings = reading === null ? synonymReadings(text) : [reading.english];
    if (readings.length === 0) return this.searchText(text, limit);
    // The legal form is kept when a record's name is the query with it.
    // So is a romanised one whose reading names a place or a family name: the part typed that other names share is their generic words (Sakaishi Eisei Kenkyujo for "Sapporoshi Eisei Kenkyujo").
    const otherScript = reading !== null && (IS_CJK.test(text) || reading.names.length > 0);
    const typed = reading === null || (reading.typed !== text && this.names.exactMatches(nameKey(text)).length > 0) ? text : reading.typed;
    const outcome = this.searchText(typed, limit);
    const best = new Map<number, number>();
    const whole = this.queryWeight * (1 - 1e-9);
    const asTyped = (d: number) => (reading !== null && this.collector.walked(d) && this.coverage[d]! >= whole ? AS_TYPED : 0);
    for (const h of outcome.hits) best.set(h.doc, asTyped(h.doc) ? h.score + AS_TYPED : otherScript ? h.score * PARTLY_TYPED : h.score);
    let truncated = outcome.truncated;
    for (const r of readings) {
      const other = this.searchText(r, limit, reading?.names);
      truncated ||= other.truncated;
      for (const h of other.hits) best.set(h.doc, Math.max(best.get(h.doc) ?? -Infinity, h.score * READING_CREDIT));
    }
    const top = this.top.reset(limit);
    for (const [d, score] of best) top.offer(d, score);
    return { hits: top.hits(), truncated: truncated || best.size > limit };
  }

  /** `names`: the proper names of a CJK query's reading, which weigh more (./reading-names.ts). */
  private searchText(text: string, limit: number, names: readonly string[] = []): SearchOutcome {
    let plan = withNamesEmphasised(planQuery(text, this.index, false, this.names), names);
    this.queryWeight = plan.totalWeight;
    const none = { hits: [], truncated: false };
    if (plan.units.length === 0 || plan.units.length > MAX_UNITS_SEARCHED) return none;
    const exact = this.names.exactMatches(plan.key);
    let touched = this.collector.collect(plan);
    let { matched, best } = this.selectCandidates(plan, touched);
    // No record has every word as typed: a known word may be a slip of another ("mas spectrometer").
    if (best < plan.totalWeight * (1 - 1e-9) && plan.units.length > 1) {
      const retry = withNamesEmphasised(planQuery(text, this.index, true, this.names), names);
      if (retry.alternatives.length > plan.alternatives.length) {
        plan = retry;
        this.queryWeight = plan.totalWeight;
        touched = this.collector.collect(plan);
        ({ matched } = this.selectCandidates(plan, touched));
      }
    }
    if (touched === 0 && exact.length === 0 && !plan.spelt?.length) return none;
    for (const e of exact) this.heap.force(e >> 1);
    for (const d of [...substitutedNames(plan, this.index, this.names), ...(plan.spelt ?? [])]) this.heap.force(d);
    this.matcher.prepare(plan);
    const top = this.top.reset(limit);
    const exactBonus = new Map<number, number>();
    for (const e of exact) if (!exactBonus.has(e >> 1)) exactBonus.set(e >> 1, e & 1 ? EXACT_NAME : EXACT_TITLE);
    // Best bound first; once the list is full, a candidate whose bound cannot beat its last stops the ranking.
    const only = rankingOnly(plan);
    this.rare.keeps = this.missingRarest(plan);
    const ranked = this.heap.docs().map((d) => ({ d, bound: this.bound(d, plan, only) + (exactBonus.get(d) ?? 0) }));
    ranked.sort((a, b) => b.bound - a.bound);
    for (const { d, bound } of ranked) {
      if (bound < top.cutoff()) break;
      top.offer(d, this.rank(d, plan) + (exactBonus.get(d) ?? 0));
    }
    const hits = counterpartsInOrder(top.hits(), askedKind(text), this.kinds, this.records, exactBonus);
    return { hits, truncated: Math.max(matched, exactBonus.size) > limit };
  }

  /** At least the score rank(d) gives (./score-bound.ts). */
  private bound(d: number, plan: QueryPlan, only: RankingOnly): number {
    return (COVERAGE + FIT + TITLE_FIT) * (boundCovered(this.collector, d, plan, only) / plan.totalWeight) + PRIOR * this.prior[d]!;
  }

  /** MISSING_RAREST when some organisation among the candidates has a name wholly inside the query that holds its rarest unit, else 1. */
  private missingRarest(plan: QueryPlan): number {
    const u = (this.rare.unit = rarestUnit(plan));
    if (u < 0) return 1;
    for (const d of this.heap.docs()) {
      const inNames = this.collector.units(d, NAMES);
      if (!(inNames & (1 << u)) || this.kinds[d] !== LABORATORY) continue;
      for (let n = this.names.docNames[d]!; n < this.names.docNames[d + 1]!; n++) if (wholeName(this.matcher.fit(n, true, inNames, d)) && this.matcher.best[u]! > 0) return MISSING_RAREST;
    }
    return 1;
  }

  /** Coverage of every match (./coverage.ts); keeps the best CANDIDATES by its key; how many match, the best coverage. */
  private selectCandidates(plan: QueryPlan, touched: number): { matched: number; best: number } {
    const { collector, coverage, keyCoverage } = this;
    const best = walkCoverage(collector, plan, touched, coverage, keyCoverage);
    let bestScore = 0;
    for (let i = 0; i < touched; i++) bestScore = Math.max(bestScore, collector.scores[collector.touched[i]!]!);
    const threshold = Math.min(best, MATCH_SHARE * plan.totalWeight) * (1 - 1e-9);
    this.heap.reset();
    let matched = 0;
    for (let i = 0; i < touched; i++) {
      const d = collector.touched[i]!;
      if (coverage[d]! < threshold) continue;
      matched++;
      this.heap.offer(d, keyCoverage[d]! / plan.totalWeight + (0.05 * collector.scores[d]!) / (bestScore || 1));
    }
    return { matched, best };
  }

  /** A candidate's score: coverage over all its fields, its best-fitting name, its prior. */
  private rank(d: number, plan: QueryPlan): number {
    const m = Math.min(plan.units.length, MAX_UNITS);
    if (this.docBest.length < m) {
      this.docBest = new Float64Array(m);
      this.placeBest = new Float64Array(m);
      this.ownBest = new Float64Array(m);
    }
    const { docBest, placeBest, matcher, names } = this;
    docBest.fill(0, 0, m);
    placeBest.fill(0, 0, m);
    let bestFit = 0;
    let titleFit = 0;
    const first = names.docNames[d]!;
    const organisation = this.kinds[d] === LABORATORY;
    const inNames = this.collector.units(d, NAMES);
    let own: NameFit | null = null;
    let ownScale = 0;
    let ownScore = 0;
    let whole = false;
    for (let n = first; n < names.docNames[d + 1]!; n++) {
      const nameFit = matcher.fit(n, organisation, inNames, d);
      const scale = n === first ? 1 : ALTERNATIVE_NAME;
      const fit = nameScore(nameFit);
      whole ||= wholeName(nameFit);
      if (n === first) titleFit = fit;
      bestFit = Math.max(bestFit, fit * scale);
      for (let u = 0; u < m; u++) if (matcher.best[u]! > docBest[u]!) docBest[u] = matcher.best[u]!;
      if (organisation && fit * scale > ownScore) {
        [own, ownScale, ownScore] = [nameFit, scale, fit * scale];
        this.ownBest.set(matcher.best.subarray(0, m));
      }
    }
    const inPlace = this.collector.units(d, PLACE);
    for (let c = names.docContext[d]!; inPlace !== 0 && c < names.docContext[d + 1]!; c++) {
      const fit = matcher.fit(names.contextBase + names.contextIds[c]!, true, inPlace);
      bestFit = Math.max(bestFit, nameScore(fit) * CONTEXT_NAME);
      if (own) bestFit = Math.max(bestFit, this.withContextName(own, plan, m) * ownScale * NAME_WITH_CONTEXT);
      for (let u = 0; u < m; u++) if (matcher.best[u]! > placeBest[u]!) placeBest[u] = matcher.best[u]!;
    }
    const inText = this.collector.units(d, TEXT);
    let covered = 0;
    let lacksRarest = organisation && !whole && this.rare.unit >= 0;
    for (let u = 0; u < m; u++) {
      const credit = Math.max(docBest[u]!, PLACE_CREDIT * placeBest[u]!, inText & (1 << u) ? TEXT_CREDIT : 0);
      covered += plan.units[u]!.weight * credit;
      if (u === this.rare.unit && credit > 0) lacksRarest = false;
    }
    const score = COVERAGE * (covered / plan.totalWeight) + FIT * bestFit + TITLE_FIT * titleFit + PRIOR * this.prior[d]!;
    return lacksRarest ? score * this.rare.keeps : score;
  }

  /**
   * An organisation's own name read with one of its context names, as researchers write it
   * ("Institute of Physics, Chinese Academy of Sciences"; "… facility, Cambridge"): the query
   * the two cover together (the context's units at PLACE_CREDIT), with the own name's share,
   * order and start. One context name at a time, so a parent and a city of two different
   * organisations do not add up to one.
   */
  private withContextName(own: NameFit, plan: QueryPlan, m: number): number {
    let query = 0;
    for (let u = 0; u < m; u++) query += plan.units[u]!.weight * Math.max(this.ownBest[u]!, PLACE_CREDIT * this.matcher.best[u]!);
    return nameScore({ ...own, query: query / plan.totalWeight });
  }
}

/** How well one name fits: the query it covers, the share of the name it explains, order and start. */
function nameScore(fit: NameFit): number {
  return fit.query * (NS_BASE + NS_NAME * fit.name + (fit.start ? 1 - NS_BASE - NS_NAME : 0)) * (0.9 + 0.1 * fit.order);
}
