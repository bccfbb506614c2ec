// rcat: the researcher's CLI. Commands live in ./commands/ (one file each, added in program.ts,
// which also maps failures to exit codes). This launcher answers `--version`, and `--help` for
// the program or a command (./help-fast.ts), before anything heavy is loaded, and gives the
// program the process's own streams and environment.
import { packageVersion } from './package-info.js';
import { ignoreClosedPipes } from './closed-pipes.js';

export async function run(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  ignoreClosedPipes();
  const last = args.at(-1);
  if (last === '--help' || last === '-h') {
    // The page commander would print, laid out from data made at build time (./help-fast.ts).
    const { helpFor } = await import('./help-fast.js');
    const text = await helpFor(args, process.stdout);
    if (text !== undefined) {
      process.stdout.write(text);
      return;
    }
  }
  const { runCli, createFactory, processIo } = await import('./program.js');
  process.exitCode = await runCli(argv, createFactory(processIo()));
}
