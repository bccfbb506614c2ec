// What every command shares: the global --server option, the REST and MCP clients for the
// resolved server, styles for the two output streams, and the `--json` convention.
//
// Each command file exports `xCommand(factory, run = xRun)`, which builds the commander command
// and turns its arguments into options, and `xRun(options)`, which does the work with what the
// options carry (IO streams, an API client, the credential store): a test calls either, in
// process, with IO and an environment of its own. Modules that load zod (argument checks,
// result schemas) are imported inside the runs, so `rcat --help` never loads them.
import type { Command } from 'commander';
import type { ApiClient } from '../api-client.js';
import type { Factory } from '../factory.js';
import type { ToolClient } from '../mcp-client.js';
import { type Io, colorEnabled, style, type Style } from '../terminal.js';

export interface GlobalOptions {
  server?: string;
}

export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

/** The server this command talks to: --server > RCAT_SERVER > the last sign-in. */
export function serverFor(f: Factory, command: Command): () => Promise<string> {
  return async () => (await f.credentials()).resolveServer(globalOptions(command));
}

/** The REST API client, made only when asked for (argument errors come first). */
export function apiFor(f: Factory, command: Command): () => Promise<ApiClient> {
  return async () => f.apiClient(await serverFor(f, command)());
}

/** The MCP tool client, made only when asked for. */
export function toolsFor(f: Factory, command: Command): () => Promise<ToolClient> {
  return async () => f.toolClient(await serverFor(f, command)());
}

export function outStyle(io: Io): Style {
  return style(colorEnabled(io.stdout, io.env));
}

export function errStyle(io: Io): Style {
  return style(colorEnabled(io.stderr, io.env));
}

/** A message for the human: always stderr, so stdout stays data. */
export function say(io: Io, line: string): void {
  io.stderr.write(`${line}\n`);
}

export function dateOnly(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : 'unknown';
}
