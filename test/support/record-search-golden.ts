// Records test/fixtures/search-golden.json.gz from the search engine as it is now; run it only
// from an engine whose ranking is the reference (see ./search-golden.ts):
//   node --import tsx test/support/record-search-golden.ts
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildSearchIndex } from '../../src/server/catalogue/search-index-builder.js';
import { answerDigests, GOLDEN_FIXTURE, type GoldenFixture, goldenQueries, shippedEntries, tenfoldEntries } from './search-golden.js';

const shipped = shippedEntries();
const queries = goldenQueries(shipped);
const fixture: GoldenFixture = {
  queries,
  catalogues: {
    shipped: answerDigests(buildSearchIndex(shipped), queries),
    tenfold: answerDigests(buildSearchIndex(tenfoldEntries(shipped)), queries),
  },
};
writeFileSync(GOLDEN_FIXTURE, gzipSync(JSON.stringify(fixture), { level: 9 }));
process.stderr.write(`recorded ${queries.length} queries on the shipped and the tenfold catalogue\n`);
