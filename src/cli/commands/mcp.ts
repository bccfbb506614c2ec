// rcat mcp as a command of the full program (commander): its options and help. What it does is
// ./mcp-run.ts, which the fast start of a host's launch (../bridge-main.ts) runs without this.
import { Command } from 'commander';
import type { Factory } from '../factory.js';
import { clientsFor, DEFAULT_TIMEOUT_SECONDS, type McpFlags, mcpRun, type McpOptions, serversFromArgs } from './mcp-run.js';
import { HOST_KINDS } from '../bridge/host-config.js';

export function mcpCommand(f: Factory, run: (opts: McpOptions) => Promise<void> = mcpRun): Command {
  return new Command('mcp')
    .description('Bridge a desktop MCP host (stdio) to the rcat server\'s /mcp endpoint, using your `rcat login` sign-in')
    .option('--timeout <seconds>', `per-request timeout in seconds (default: RCAT_TIMEOUT or ${DEFAULT_TIMEOUT_SECONDS})`)
    .option('--verbose', 'log every message (method and id, never contents or tokens) to stderr')
    .option('--print-config [host]', `print what a desktop host needs to start this bridge (${HOST_KINDS.join(', ')}; default claude-desktop)`)
    .option('--name <name>', 'the server name in the printed config (default: rcat)')
    .addHelpText('after', `
Servers: --server URL, repeatable for failover hosts (connection failures and 5xx answers
move a request to the next one); else RCAT_SERVERS=url1,url2, RCAT_SERVER, or the last login.

stdout carries only JSON-RPC; logging goes to stderr. The bridge never opens a browser:
sign in once with \`rcat login\` in a terminal. See docs/bridge.md.

Examples:
  rcat mcp --print-config                 # snippet for claude_desktop_config.json
  rcat mcp --print-config vscode          # snippet for .vscode/mcp.json
  rcat mcp --print-config command-line    # one command line, for hosts that ask for one
  rcat mcp --print-config inspector       # list the tools with the MCP Inspector's CLI
  rcat mcp --server https://a.example --server https://b.example   # with failover`)
    .action(async (flags: McpFlags, command: Command) => {
      // commander keeps the unparsed command line on the root command (not in its typings).
      const root = (command.parent ?? command) as Command & { rawArgs?: string[] };
      // The bridge's own credential store (not the factory's, whose module loads the REST and
      // OAuth clients and zod with them: start-up time before the host's first answer).
      const { credentials } = await clientsFor(f.io.env);
      return run({ ...flags, io: f.io, credentials, servers: serversFromArgs((root.rawArgs ?? []).slice(2)) });
    });
}

