// The search engine answers exactly as the reference engine did: for ~15,000 varied queries
// (./support/search-golden.ts) on the shipped catalogue (here) and on a synthetic one ten times
// larger (./search-ranking-golden-tenfold.test.ts, a file of its own so the two run side by side),
// the same records in the same order with the same `truncated`, and the same scores. Guards
// optimisations of the engine (src/server/catalogue: search-index, query-plan, match-collector,
// name-match, name-table, inverted-index, index-builder, acronyms, search-text, language-rules)
// against accidental change. A change of ranking made on purpose (and measured with
// `npm run bench -- relevance`) is recorded anew: node --import tsx test/support/record-search-golden.ts
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, buildSearchIndexInBackground } from '../src/server/catalogue/search-index-builder.js';
import { shippedEntries } from './support/search-golden.js';
import { expectGolden, fixture } from './support/search-golden-check.js';

const shipped = shippedEntries();

describe('search ranking is unchanged', { timeout: 600_000 }, () => {
  it('covers a large query set', () => {
    expect(fixture.queries.length).toBeGreaterThan(10_000);
    expect(fixture.catalogues.shipped.digests).toHaveLength(fixture.queries.length * 16);
  });

  it('on the shipped catalogue', () => {
    expectGolden(buildSearchIndex(shipped), fixture.catalogues.shipped);
  });

  it('on the shipped catalogue indexed in the background, asked in reverse order: a search leaves no state behind', async () => {
    // The recording asked a fresh index the queries first to last, so each query was answered
    // after those before it in the list (as the test above does); here each is answered after
    // those after it. A search that left state behind to change a later answer would show here
    // or above; an index built in the background that differs from a whole build would show here.
    expectGolden(await buildSearchIndexInBackground(shipped), fixture.catalogues.shipped, { reverse: true });
  });
});
