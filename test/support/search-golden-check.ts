// The assertion of the golden search tests (test/search-ranking-golden*.test.ts): an index answers
// every query of the recorded fixture (./search-golden.ts) exactly as recorded.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { SearchIndex } from '../../src/server/catalogue/search-index.js';
import { answerDigests, GOLDEN_FIXTURE, type GoldenCatalogue, type GoldenFixture } from './search-golden.js';

export const fixture = JSON.parse(gunzipSync(readFileSync(GOLDEN_FIXTURE)).toString('utf8')) as GoldenFixture;

/** The queries whose answer differs, so a failure names them. */
function differing(actual: GoldenCatalogue, expected: GoldenCatalogue): string[] {
  const out: string[] = [];
  for (let i = 0; i < fixture.queries.length; i++) {
    if (actual.digests.slice(i * 16, i * 16 + 16) !== expected.digests.slice(i * 16, i * 16 + 16)) out.push(fixture.queries[i]!);
  }
  return out;
}

/**
 * Same ids in the same order, the same `truncated` and the same scores for every query. With
 * `reverse`, the index is asked the queries last to first (./search-golden.ts answerDigests).
 */
export function expectGolden(index: SearchIndex, expected: GoldenCatalogue, order: { reverse?: boolean } = {}): void {
  const actual = answerDigests(index, fixture.queries, order);
  expect(differing(actual, expected).slice(0, 20)).toEqual([]);
  expect(actual.digests).toBe(expected.digests);
  expect(actual.scores).toBe(expected.scores);
}
