#!/usr/bin/env node
// Tiny launcher: the server and operator commands are bundled into dist/rcat-server/ by
// `npm run build` (scripts/bundle-server.mjs). A CommonJS file (bin/package.json), as
// bin/rcat.js is. Where Node can keep compiled code between runs (22.1 and later), it does so.
'use strict';
require('node:module').enableCompileCache?.();
// V8's young generation starts small and doubles as the heap grows (to 2 × 16 MB on Node 20),
// and a server that has read a catalogue keeps all of it resident. Holding it at its starting
// size keeps 14–20 MB less resident on the shipped catalogue and ~30 MB less at ten times its
// size, with the same searches per second (docs/benchmarks.md, memory). Set before anything is
// allocated; an operator's own young-generation flag (NODE_OPTIONS or node's command line) wins.
if (!/--(?:max-|min-)?semi-space/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`)) {
  require('node:v8').setFlagsFromString('--semi-space-growth-factor=1');
}

(async () => {
  await (await import('../dist/rcat-server/main.js')).run(process.argv);
})();
