#!/usr/bin/env node
// Tiny launcher: the server and operator commands are bundled into dist/rcat-server/ by
// `npm run build` (scripts/bundle-server.mjs). A CommonJS file (bin/package.json), as
// bin/rcat.js is. Where Node can keep compiled code between runs (22.1 and later), it does so.
'use strict';
require('node:module').enableCompileCache?.();

(async () => {
  await (await import('../dist/rcat-server/main.js')).run(process.argv);
})();
