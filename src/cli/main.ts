// rcat: the researcher's CLI. Commands live in ./commands/ (one file each, registered in
// program.ts); this is the only place errors become exit codes (the mapping itself is
// exit-codes.ts; see docs/cli.md). `--version` is answered before anything heavy is loaded.
import { createRequire } from 'node:module';

function packageVersion(): string {
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}

export async function run(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  // One dynamic import (program.ts re-exports what is needed): Node 20 can fail concurrent
  // import() calls whose graphs overlap ("request for … is not in cache").
  const { buildProgram, CommanderError, EXIT, describeFailure, closeHttp, processIo } = await import('./program.js');
  const ctx = { io: processIo() };
  // `rcat search … | head`: a closed pipe is the reader's choice, not an error worth a trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its message (or the help / version).
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    const { code, lines } = describeFailure(error);
    process.stderr.write(`${lines.join('\n')}\n`);
    process.exitCode = code;
  } finally {
    await closeHttp();
  }
}
