// The search engine answers exactly as the reference engine did: for ~15,000 varied queries
// (./support/search-golden.ts) on the shipped catalogue (here) and on a synthetic one ten times
// larger (./search-ranking-golden-tenfold.test.ts, a file of its own so the two run side by side),
// the same records in the same order with the same `truncated`, and the same scores. Guards
// optimisations of the engine (src/server/catalogue: search-index, query-plan, match-collector,
// name-match, name-table, inverted-index, index-builder, acronyms, search-text, language-rules)
// against accidental change. A change of ranking made on purpose (and measured with
// `npm run bench -- relevance`) is recorded anew: node --import tsx test/support/record-search-golden.ts
import { describe, expect, it } from 'vitest';
import type { SearchIndex } from '../src/server/catalogue/search-index.js';
import { buildSearchIndex, buildSearchIndexInBackground } from '../src/server/catalogue/search-index-builder.js';
import { answerDigests, shippedEntries } from './support/search-golden.js';
import { expectGolden, fixture } from './support/search-golden-check.js';

const shipped = shippedEntries();
// The shipped catalogue's index, built once for the two tests that search it in this thread.
let shippedIndex: SearchIndex | undefined;
const shippedIndexOnce = () => (shippedIndex ??= buildSearchIndex(shipped));

describe('search ranking is unchanged', { timeout: 600_000 }, () => {
  it('covers a large query set', () => {
    expect(fixture.queries.length).toBeGreaterThan(10_000);
    expect(fixture.catalogues.shipped.digests).toHaveLength(fixture.queries.length * 16);
  });

  it('on the shipped catalogue', () => {
    expectGolden(shippedIndexOnce(), fixture.catalogues.shipped);
  });

  it('on the shipped catalogue indexed in the background', async () => {
    expectGolden(await buildSearchIndexInBackground(shipped), fixture.catalogues.shipped);
  });

  it('a search leaves no state behind: the same queries in reverse order answer the same', () => {
    // The index that has already answered every query in order (when the test above ran) answers
    // them again in reverse order exactly as recorded.
    const index = shippedIndexOnce();
    const reversed = [...fixture.queries].reverse();
    const expected = fixture.catalogues.shipped.digests;
    const digests = answerDigests(index, reversed).digests;
    for (let i = 0; i < reversed.length; i++) {
      const j = reversed.length - 1 - i;
      if (digests.slice(i * 16, i * 16 + 16) !== expected.slice(j * 16, j * 16 + 16)) expect.fail(`"${reversed[i]}" answers differently after other queries`);
    }
  });
});
