// Preloaded into a benchmarked child process (`node --import …`): at exit, appends the
// process's peak resident set size (KiB, getrusage ru_maxrss) and the CPU time it used (ms,
// user + system, all its threads) to the file named by RCAT_BENCH_USAGE_FILE. Used by
// bench/cli.bench.ts: CPU time, unlike wall time, hardly depends on what else the machine runs.
import { appendFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.RCAT_BENCH_USAGE_FILE;
  if (!file) return;
  const usage = process.resourceUsage();
  appendFileSync(file, `${usage.maxRSS} ${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
});
