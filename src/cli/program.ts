// The `rcat` program: global options, help text and every command's registration. Loaded by
// main.ts only when a command runs (so `rcat --version` stays a cold-start floor).
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { registerFetch } from './commands/fetch.js';
import { registerInquiry } from './commands/inquiry.js';
import { registerLogin } from './commands/login.js';
import { registerLogout } from './commands/logout.js';
import { registerMcp } from './commands/mcp.js';
import { registerProjects } from './commands/projects.js';
import { registerSearch } from './commands/search.js';
import { registerShortlist } from './commands/shortlist.js';
import { registerStatus } from './commands/status.js';
import type { Context } from './commands/common.js';
import { processIo } from './terminal.js';

// For main.ts, which loads this module lazily and maps failures to exit codes.
export { CommanderError } from 'commander';
export { EXIT, describeFailure } from './exit-codes.js';
export { closeHttp } from './http-client.js';
export { processIo } from './terminal.js';

export const version = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

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
  5 forbidden (missing scope)   6 rate limited (retry later)   7 server unavailable or unreachable`;

export function buildProgram(ctx: Context = { io: processIo() }): Command {
  const program = new Command('rcat');
  program
    .version(version)
    .description('Search and read the rcat research catalogue from the terminal, and connect desktop MCP hosts.')
    .option('--server <url>', 'rcat server address (default: RCAT_SERVER, else the one you last signed in to)')
    .exitOverride()
    // `--token=<secret>` typed by mistake must not be echoed back into logs and terminals.
    .configureOutput({ outputError: (text, write) => write(text.replace(/('-[^'=\s]*=)[^']*'/g, "$1…'")) })
    .showHelpAfterError()
    .addHelpText('after', GLOBAL_HELP);
  registerLogin(program, ctx);
  registerLogout(program, ctx);
  registerStatus(program, ctx);
  registerSearch(program, ctx);
  registerFetch(program, ctx);
  registerProjects(program, ctx);
  registerShortlist(program, ctx);
  registerInquiry(program, ctx);
  registerMcp(program, ctx);
  return program;
}

