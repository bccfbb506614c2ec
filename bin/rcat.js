#!/usr/bin/env node
// Tiny launcher: the CLI is bundled into dist/rcat/ by `npm run build`. A CommonJS file
// (bin/package.json), so Node starts it without setting up its ES module loader, which only
// the commands that need it then load. Where Node can keep compiled code between runs (22.1 and
// later), it does so: a cold start then skips compiling the bundle again (the cache lives in
// the OS temporary folder, as Node places it).
'use strict';
require('node:module').enableCompileCache?.();

(async () => {
  // `rcat mcp` as a desktop host launches it starts from one CommonJS file without the program
  // (src/cli/bridge-main.ts); it answers undefined for any command line that is not that.
  const code = process.argv[2] === 'mcp' ? await require('../dist/rcat/bridge.cjs').runBridge(process.argv) : undefined;
  if (code !== undefined) process.exitCode = code;
  else await (await import('../dist/rcat/main.js')).run(process.argv);
})();
