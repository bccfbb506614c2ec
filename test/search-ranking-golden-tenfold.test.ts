// The golden search check (./search-ranking-golden.test.ts) on a synthetic catalogue ten times the
// shipped size (bench/search.bench.ts synthesiseTenfold): every recorded query answers exactly as
// recorded. A file of its own, so it runs beside the shipped-catalogue checks rather than after them.
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../src/server/catalogue/search-index-builder.js';
import { shippedEntries, tenfoldEntries } from './support/search-golden.js';
import { expectGolden, fixture } from './support/search-golden-check.js';

describe('search ranking is unchanged', { timeout: 600_000 }, () => {
  it('the fixture holds an answer on the tenfold catalogue for every query', () => {
    expect(fixture.catalogues.tenfold.digests).toHaveLength(fixture.queries.length * 16);
  });

  it('on the synthetic catalogue ten times the shipped size', () => {
    expectGolden(buildSearchIndex(tenfoldEntries(shippedEntries())), fixture.catalogues.tenfold);
  });
});
