// The fast start of `rcat mcp`, as a desktop host launches it: `rcat mcp`, then only --server,
// --timeout and --verbose (what `rcat mcp --print-config` writes into a host's configuration).
// A host waits for the bridge's answer to `initialize` before it lists the tools, so this path
// skips the program (commander and every command) and is built as one CommonJS file,
// dist/rcat/bridge.cjs, that bin/rcat.js loads with require(): one synchronous read instead of
// the ES module loader resolving and reading a chain of chunks (docs/benchmarks.md, CLI cold
// start). Any other command line (help, --print-config, an option placed before `mcp`, a value
// that looks like an option) goes to the full program, which gives the same answers.
import { reportFailure } from './exit-codes.js';
import { clientsFor, mcpRun } from './commands/mcp-run.js';
import { ignoreClosedPipes } from './closed-pipes.js';
import { processIo } from './terminal.js';

export interface BridgeArgs {
  servers: string[];
  timeout?: string;
  verbose?: boolean;
}

/** The flags after `mcp`, or undefined when the full program should read the command line. */
export function plainBridgeArgs(args: readonly string[]): BridgeArgs | undefined {
  if (args[0] !== 'mcp') return undefined;
  const read: BridgeArgs = { servers: [] };
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--verbose') {
      read.verbose = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    if (name !== '--server' && name !== '--timeout') return undefined;
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = args[++i];
      // A missing value, or one commander might read as an option: its own answer, not ours.
      if (value === undefined || value.startsWith('-')) return undefined;
    }
    if (name === '--server') read.servers.push(value);
    else read.timeout = value;
  }
  return read;
}

/**
 * Runs the bridge for a plain `rcat mcp …` command line and gives its exit code, or undefined
 * (nothing done) when the command line is for the full program.
 */
export async function runBridge(argv: readonly string[]): Promise<number | undefined> {
  const read = plainBridgeArgs(argv.slice(2));
  if (!read) return undefined;
  ignoreClosedPipes();
  const io = processIo();
  try {
    const { credentials } = await clientsFor(io.env);
    await mcpRun({ io, credentials, servers: read.servers, timeout: read.timeout, verbose: read.verbose });
    return 0;
  } catch (error) {
    // As the program's runCli: the exit code of the failure, and no token in its text.
    return reportFailure(error, io.stderr);
  }
}
