#!/usr/bin/env node
// Tiny launcher: the CLI lives in dist/ (built by `npm run build`).
import { run } from '../dist/cli/main.js';

await run(process.argv);
