#!/usr/bin/env node
// Tiny launcher: the server and operator commands live in dist/ (built by `npm run build`).
import { run } from '../dist/server/app/main.js';

await run(process.argv);
