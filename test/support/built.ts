// The built modules (dist/, made by `npm test`'s pretest `npm run build`), typed as their sources.
// For tests of catalogue builds in child processes: a child runs the indexer file next to the
// module that forks it, so from dist/ it starts as a server's does, while one forked from the
// TypeScript sources first loads them through tsx (~0.7 s of CPU per child, a dozen children per
// file). The reference a test compares with is still built here, from the sources.
import type * as CatalogueBuild from '../../src/server/catalogue/catalogue-build.js';
import type * as IndexCacheModule from '../../src/server/catalogue/index-cache.js';

const dist = (name: string) => new URL(`../../dist/server/catalogue/${name}`, import.meta.url).href;

export const fromDist = {
  catalogueBuild: (await import(dist('catalogue-build.js'))) as typeof CatalogueBuild,
  indexCache: (await import(dist('index-cache.js'))) as typeof IndexCacheModule,
};
