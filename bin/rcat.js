#!/usr/bin/env node
// Tiny launcher: the CLI is bundled into dist/rcat/ by `npm run build`.
import { run } from '../dist/rcat/main.js';

await run(process.argv);
