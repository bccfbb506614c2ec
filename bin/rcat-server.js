#!/usr/bin/env node
// Tiny launcher: the server and operator commands are bundled into dist/rcat-server/ by
// `npm run build` (scripts/bundle-server.mjs). Where Node can keep compiled code between runs
// (22.1 and later), it does so, as bin/rcat.js does.
import module from 'node:module';

module.enableCompileCache?.();
const { run } = await import('../dist/rcat-server/main.js');
await run(process.argv);
