// `npm run build` (after tsc, called from ./bundle-cli.mjs): `rcat-server` as an ES module bundle,
// dist/rcat-server/main.js, which bin/rcat-server.js loads; what only `start` needs (the HTTP
// stack, the MCP SDK, the catalogue engine) and what only some operator commands need are split
// into chunks loaded on first use, as the server's own lazy imports already were. A start then
// reads a few files instead of resolving and loading some seven hundred modules (measured on a
// start over the shipped catalogue with its index cached: 2.0-2.3 s of CPU before, 1.2-1.3 after).
//
// The modules that find files by their own location (package.json, migrations/, the shipped
// catalogue, the forked indexer, the index cache's engine fingerprint) keep doing so: their
// `import.meta.url` becomes the URL their compiled file has in dist/ (tsc writes it beside the
// bundle), so every path resolves as it does from dist/server/ — and the indexer child forked from
// dist/server/catalogue/ is the same file as before. PostgreSQL's client (optional native binding,
// loaded only for a postgres:// store) and the lazily required prom-client and pino-pretty stay
// ordinary imports from node_modules.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** `shared`: the esbuild options both bins' bundles use (./bundle-cli.mjs); `plugins`: the CLI bundle's shared ones (English-only zod locales). */
export async function bundleServer(root, shared, plugins) {
  const outdir = path.join(root, 'dist', 'rcat-server');
  await rm(outdir, { recursive: true, force: true });
  const src = path.join(root, 'src');
  const ownLocation = {
    name: 'own-location',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const compiled = path.relative(src, args.path).split(path.sep).join('/').replace(/\.ts$/, '.js');
        return { contents: text.replaceAll('import.meta.url', `__rcatDistUrl(${JSON.stringify(compiled)})`), loader: 'ts' };
      });
    },
  };
  await build({
    ...shared,
    entryPoints: { main: 'src/server/app/main.ts' },
    outdir,
    external: ['pg', 'prom-client', 'pino-pretty'],
    // The shared require() banner, and the dist/ URL of a bundled module (this file is
    // dist/rcat-server/main.js or dist/rcat-server/chunks/*.js).
    banner: {
      js: [
        shared.banner.js,
        "const __rcatDistUrl = (file) => import.meta.url.replace(/\\/rcat-server\\/(?:chunks\\/)?[^/]*$/, '/' + file);",
      ].join('\n'),
    },
    plugins: [...plugins, ownLocation],
  });
  // The catalogue indexer child (src/server/catalogue/index-worker.ts), forked from
  // dist/server/catalogue/ by the server (and by tests of builds in children): one file in place
  // of tsc's module of the same name, so each child reads it instead of resolving and loading
  // some forty modules (~0.2 s less CPU per child on a 2-core machine, of ~0.7 s for a small
  // catalogue). Nothing in it finds files by its own location.
  await build({
    ...shared,
    splitting: false,
    chunkNames: undefined,
    entryPoints: ['src/server/catalogue/index-worker.ts'],
    outfile: path.join(root, 'dist', 'server', 'catalogue', 'index-worker.js'),
    allowOverwrite: true,
    plugins,
  });
}
