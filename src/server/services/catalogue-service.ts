// Catalogue reads shared by REST, MCP tools and record pages.
import type { CatalogRecord, SearchResponse } from '../../shared/schemas.js';
import type { SearchAnswer } from '../catalogue/catalogue.js';
import type { CatalogueProvider } from '../catalogue/live-catalogue.js';
import { type CostWeights, DEFAULT_COST_WEIGHTS, recordCost, searchCost } from '../limits/cost-model.js';
import type { LimitCost } from '../limits/limiter.js';

// Every call asks the provider for the current catalogue once, so an operator's import that is
// swapped in while a request runs never mixes two catalogues within one answer.
export class CatalogueService {
  constructor(
    private readonly catalogue: CatalogueProvider,
    private readonly weights: CostWeights = DEFAULT_COST_WEIGHTS,
  ) {}

  search(query: string): SearchResponse {
    return this.catalogue.current.search(query);
  }

  /** The answer as sent (response, JSON, size) and what it costs: one search, one serialisation. */
  searchAnswer(query: string): SearchAnswer & { cost: LimitCost } {
    const answer = this.catalogue.current.searchAnswer(query);
    return { ...answer, cost: searchCost(answer.response.results.length, answer.bytes, this.weights) };
  }

  record(id: string): CatalogRecord | null {
    return this.catalogue.current.record(id);
  }

  exists(id: string): boolean {
    return this.catalogue.current.has(id);
  }

  /** `bytes`: the serialised response's size, when the caller already has it (saves a second stringify). */
  searchCost(response: SearchResponse, bytes = Buffer.byteLength(JSON.stringify(response))): LimitCost {
    return searchCost(response.results.length, bytes, this.weights);
  }

  recordCost(record: CatalogRecord | null, bytes = record ? Buffer.byteLength(JSON.stringify(record)) : 0): LimitCost {
    return recordCost(record !== null, bytes, this.weights);
  }
}
