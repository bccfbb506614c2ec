#!/usr/bin/env node
// Tiny launcher: the CLI is bundled into dist/rcat/ by `npm run build`. Where Node can keep
// compiled code between runs (22.1 and later), it does so: a cold start then skips compiling
// the bundle again (the cache lives in the OS temporary folder, as Node places it).
import module from 'node:module';

module.enableCompileCache?.();
const { run } = await import('../dist/rcat/main.js');
await run(process.argv);
