// rcat: the researcher's CLI. Commands live in ./commands/; this is the only place errors
// become exit codes (see docs/cli.md).
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';

const version = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export function buildProgram(): Command {
  const program = new Command('rcat');
  program
    .version(version)
    .description('Search and read the rcat research catalogue from the terminal, and connect desktop MCP hosts.')
    .exitOverride()
    .showHelpAfterError();
  return program;
}

export async function run(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`error: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
