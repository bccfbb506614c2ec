// What every command needs: the IO streams, the resolved server, an API client whose token is
// fetched (and refreshed) on first use, and the `--json` convention.
import type { Command } from 'commander';
import { ApiClient } from '../api-client.js';
import { getValidAccessToken, resolveServer } from '../credentials.js';
import { type Io, colorEnabled, style, type Style } from '../terminal.js';

export interface Context {
  io: Io;
}

export interface GlobalOptions {
  server?: string;
}

export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

export async function serverFor(command: Command, io: Io): Promise<string> {
  return resolveServer(globalOptions(command), io.env);
}

export async function apiFor(command: Command, io: Io): Promise<ApiClient> {
  const server = await serverFor(command, io);
  return new ApiClient(server, (rejected) => getValidAccessToken(server, { rejected }));
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
