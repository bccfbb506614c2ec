// The `rcat` program: global options, help text and every command, and `runCli`, which runs one
// command line against a Factory and returns its exit code (the only place errors become exit
// codes; the mapping itself is exit-codes.ts, see docs/cli.md). Loaded by main.ts only when a
// command runs (so `rcat --version` stays a cold-start floor); tests call runCli in process.
import { Command, CommanderError } from 'commander';
import { fetchCommand } from './commands/fetch.js';
import { inquiryCommand } from './commands/inquiry.js';
import { loginCommand } from './commands/login.js';
import { logoutCommand } from './commands/logout.js';
import { mcpCommand } from './commands/mcp.js';
import { projectsCommand } from './commands/projects.js';
import { searchCommand } from './commands/search.js';
import { shortlistCommand } from './commands/shortlist.js';
import { statusCommand } from './commands/status.js';
import { EXIT, reportFailure } from './exit-codes.js';
import { createFactory, type Factory } from './factory.js';
import { helpWidth } from './help-render.js';
import { packageVersion } from './package-info.js';
import { processIo } from './terminal.js';

export const version = packageVersion();

const GLOBAL_HELP = `
Examples:
  rcat login --server https://rcat.example.org     sign in (browser, OAuth)
  rcat login --with-token < token.txt              sign in with an agent token
  rcat search cryo electron microscope             find records
  rcat fetch technique:<uuid>                      read one record, with its citation and limits
  rcat status                                      account, token, time left, usage

Environment:
  RCAT_SERVER             server address when --server is not given
  RCAT_TOKEN              a token to use instead of the stored sign-in (CI, scripts)
  RCAT_CREDENTIAL_STORE   keyring | file (default: keychain, else a private file)
  RCAT_CONFIG_DIR         config folder (default: the platform's, e.g. ~/.config/rcat)
  HTTPS_PROXY, NO_PROXY   proxy settings;  RCAT_CA_FILE, NODE_EXTRA_CA_CERTS  extra CA certificates
  RCAT_TIMEOUT            seconds to wait for the server (default 30; rcat mcp: 60)
  RCAT_ALLOW_INSECURE_HTTP=1  allow plain http:// to a server that is not on loopback
  NO_COLOR                no colours (colours are only used on a terminal anyway)

Exit codes:
  0 ok   1 error   2 usage   3 not found   4 not signed in / token rejected (run \`rcat login\`)
  5 forbidden (missing scope)   6 rate limited (retry later)   7 server unavailable or unreachable
  8 your sign-in is in the OS keychain, which cannot be reached now (unlock it, or rcat login --insecure-storage)`;

/** Subcommands made with `new Command` take the program's output and exit settings. */
function inherit(parent: Command): void {
  for (const sub of parent.commands) {
    sub.copyInheritedSettings(parent);
    inherit(sub);
  }
}

const COMMANDS: readonly [string, (f: Factory) => Command][] = [
  ['login', loginCommand], ['logout', logoutCommand], ['status', statusCommand], ['search', searchCommand], ['fetch', fetchCommand],
  ['projects', projectsCommand], ['shortlist', shortlistCommand], ['inquiry', inquiryCommand], ['mcp', mcpCommand],
];

/**
 * The command a command line plainly names (argv as process.argv): its first word, after only
 * the program's own `--server` options. commander needs the other commands only to list them or
 * to suggest a name, so a run of one command builds that one alone.
 */
function namedCommand(argv: readonly string[]): string | undefined {
  let i = 2;
  while (argv[i] === '--server' || argv[i]?.startsWith('--server=')) i += argv[i] === '--server' ? 2 : 1;
  return COMMANDS.find(([name]) => name === argv[i])?.[0];
}

/** The program with every command, or with only the one `argv` plainly names. */
export function buildProgram(f: Factory = createFactory(processIo()), argv?: readonly string[]): Command {
  const { io } = f;
  const program = new Command('rcat');
  program
    .version(version)
    .description('Search and read the rcat research catalogue from the terminal, and connect desktop MCP hosts.')
    .option('--server <url>', 'rcat server address (default: RCAT_SERVER, else the one you last signed in to)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => helpWidth(io.stdout),
      getErrHelpWidth: () => helpWidth(io.stderr),
      // `--token=<secret>` typed by mistake must not be echoed back into logs and terminals.
      outputError: (text, write) => write(text.replace(/('-[^'=\s]*=)[^']*'/g, "$1…'")),
    })
    .showHelpAfterError()
    // Every command's --help also lists the options it inherits (--server), as gh's INHERITED FLAGS.
    .configureHelp({ showGlobalOptions: true })
    .addHelpText('after', GLOBAL_HELP);
  const only = argv && namedCommand(argv);
  for (const [name, command] of COMMANDS) if (only === undefined || name === only) program.addCommand(command(f));
  inherit(program);
  // After inherit(), which copies the program's refusal of extra arguments: login refuses a stray
  // token itself, with a message that says how to give it and never echoes it (commands/login.ts).
  program.commands.find((c) => c.name() === 'login')?.allowExcessArguments();
  return program;
}

/** Runs one command line (argv as process.argv: node, script, arguments…); returns the exit code. */
export async function runCli(argv: string[], f: Factory): Promise<number> {
  try {
    await buildProgram(f, argv).parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    // Commander already printed its message (or the help / version).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    return reportFailure(error, f.io.stderr);
  } finally {
    await f.close();
  }
}

export { createFactory, processIo };
