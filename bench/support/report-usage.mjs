// Preloaded into a benchmarked child process (`node --import …`): at exit, appends the
// process's peak resident set size (KiB) and the CPU time it used (ms, user + system, all its
// threads) to the file named by RCAT_BENCH_USAGE_FILE. Used by bench/cli.bench.ts: CPU time,
// unlike wall time, hardly depends on what else the machine runs.
//
// The peak is the process's own high-water mark (VmHWM in /proc/self/status, reset by exec), not
// getrusage's ru_maxrss: Linux carries ru_maxrss over from the parent across fork and exec, so a
// child of a bench process larger than itself reported the parent's size (every row, `node -e 0`
// included, read the same). ru_maxrss stays the fallback where /proc is absent.
import { appendFileSync, readFileSync } from 'node:fs';

function peakKiB() {
  try {
    const hwm = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // not Linux: getrusage's figure below
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  const file = process.env.RCAT_BENCH_USAGE_FILE;
  if (!file) return;
  const usage = process.resourceUsage();
  appendFileSync(file, `${peakKiB()} ${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
});
