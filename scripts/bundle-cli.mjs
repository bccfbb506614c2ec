// `npm run build` (after tsc): the `rcat` CLI as one ES module bundle, dist/rcat/main.js, with
// the code only some commands need (the MCP SDK for projects/shortlist/inquiry/mcp, undici for
// proxies, browser sign-in) split into chunks loaded on first use. One file read and parsed
// instead of a few hundred module resolutions is most of a cold start's saving
// (docs/benchmarks.md, CLI cold start). bin/rcat.js loads it. Help pages are made here from
// tsc's output (dist/cli), so this runs after tsc. The keychain binding is a native
// module and stays an ordinary import from node_modules.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServer } from './bundle-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * zod ships its error messages in some fifty languages behind one namespace export
 * (`z.locales`), which a bundler cannot drop: half of zod's size. rcat speaks English and uses
 * zod's default (English) messages, so only that locale is kept.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
    }));
  },
};
const outdir = path.join(root, 'dist', 'rcat');
rmSync(outdir, { recursive: true, force: true });
/**
 * commander loads node:child_process (and net, dgram… under it) only to run executable
 * subcommands, which rcat has none of: it gets it on first use instead of at start-up.
 */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'rcat-shim' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'rcat-shim' }, () => ({
      contents: "module.exports = { get spawn() { return require('node:child_process').spawn; } };",
      loader: 'js',
    }));
  },
};

/**
 * `rcat --help` and `rcat COMMAND --help` print pages made here, once, by commander from the
 * program that tsc just compiled (src/cli/help-model.ts): the bundle's help-pages module is the
 * pages themselves, so help loads neither commander nor the commands.
 */
const { buildProgram } = await import(pathToFileURL(path.join(root, 'dist', 'cli', 'program.js')).href);
const { programHelpPages } = await import(pathToFileURL(path.join(root, 'dist', 'cli', 'help-model.js')).href);
const helpPages = JSON.stringify(programHelpPages(buildProgram()));
const prebuiltHelpPages = {
  name: 'prebuilt-help-pages',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]cli[\\/]help-pages\.ts$/ }, () => ({
      contents: `export async function helpPages() { return ${helpPages}; }`,
      loader: 'js',
    }));
  },
};

/**
 * What both bins' bundles share (./bundle-server.mjs takes it too): one ES module per entry with
 * lazily loaded chunks for Node 20.19+, and require() for bundled CommonJS dependencies that call
 * it for Node's own modules, made on first use.
 */
const REQUIRE_BANNER = "import { createRequire as __rcatCreateRequire } from 'node:module'; let __rcatRequire; const require = (id) => (__rcatRequire ??= __rcatCreateRequire(import.meta.url))(id);";
const shared = {
  absWorkingDir: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  banner: { js: REQUIRE_BANNER },
  chunkNames: 'chunks/[name]-[hash]',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'linked',
  sourcemap: 'linked',
  logLevel: 'warning',
};

const result = await build({
  ...shared,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir,
  external: ['@napi-rs/keyring'],
  plugins: [englishZodOnly, lazyChildProcessForCommander, prebuiltHelpPages],
  metafile: process.env.RCAT_BUNDLE_META !== undefined,
});
// RCAT_BUNDLE_META=file: write esbuild's metafile (what went into which chunk) for analysis.
if (result.metafile) writeFileSync(process.env.RCAT_BUNDLE_META, JSON.stringify(result.metafile));

/**
 * `rcat mcp` as a desktop host launches it (src/cli/bridge-main.ts): one CommonJS file that
 * bin/rcat.js loads with require(), so the bridge starts without the ES module loader's
 * resolve-and-read of each chunk. What the bridge needs only now and then stays out of the file
 * and is required from node_modules when used: the MCP SDK and zod (a message the bridge does
 * not read itself, a streamed answer, a token refresh) and undici (a proxy).
 */
await build({
  ...shared,
  splitting: false,
  format: 'cjs',
  entryPoints: ['src/cli/bridge-main.ts'],
  outfile: path.join(outdir, 'bridge.cjs'),
  // import.meta.url (package-info.ts, http-node.ts) as a CommonJS module has it.
  define: { 'import.meta.url': '__rcatModuleUrl' },
  banner: { js: "const __rcatModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  external: ['@napi-rs/keyring', 'undici', 'zod', 'zod/*', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
});

// The server's bundle (dist/rcat-server/), with the same English-only zod: ./bundle-server.mjs.
await bundleServer(root, shared, [englishZodOnly]);
