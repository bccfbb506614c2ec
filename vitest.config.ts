import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // At least two files at a time: most wait much of their time on other processes (servers,
    // PostgreSQL, Chromium, npm), which a second worker fills. vitest's default is one fewer
    // than the cores, so one on a 2-core machine (measured there: 398 s with one, 305 s with two,
    // 333 s with three).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Test files run one after another in the same worker process and share its module cache:
    // the server, the MCP SDK, zod and the CLI are loaded (and the shipped catalogue indexed) once
    // per worker instead of once per file, which was about 40% of the suite's CPU time. Every file
    // still sets up and tears down its own servers, data dirs and databases; nothing in the tests
    // mutates process.env, mocks a module or fakes timers (test/shared-worker.test.ts checks that;
    // what every file needs of the process is set once in test/support/setup.ts).
    isolate: false,
    // The slowest files first, also on a fresh clone that has no previous run to order by.
    sequence: { sequencer: LongestFirst },
    setupFiles: ['./test/support/setup.ts'],
    // One scratch folder per run, and the shared PostgreSQL cluster's teardown (test/support/postgres-shared.ts).
    globalSetup: ['./test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
