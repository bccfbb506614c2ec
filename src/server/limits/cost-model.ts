// What a unit is (spec 8.5: "Units count records, nested results, repeated disclosures and
// response volume"). Documented in docs/limits.md; the weights are configurable.
import type { LimitCost } from './limiter.js';

export interface CostWeights {
  /** Units per search result disclosed. */
  perSearchResult: number;
  /** Units per record read (every read, including repeats of the same record). */
  perRecord: number;
  /** One extra unit per this many bytes of response body. */
  bytesPerVolumeUnit: number;
}

export const DEFAULT_COST_WEIGHTS: CostWeights = { perSearchResult: 1, perRecord: 1, bytesPerVolumeUnit: 16 * 1024 };

export function volumeUnits(bytes: number, w: CostWeights = DEFAULT_COST_WEIGHTS): number {
  return Math.floor(bytes / w.bytesPerVolumeUnit);
}

export function searchCost(resultCount: number, bytes: number, w: CostWeights = DEFAULT_COST_WEIGHTS): LimitCost {
  return { units: resultCount * w.perSearchResult + volumeUnits(bytes, w) };
}

export function recordCost(found: boolean, bytes: number, w: CostWeights = DEFAULT_COST_WEIGHTS): LimitCost {
  return { units: found ? w.perRecord + volumeUnits(bytes, w) : 0 };
}
