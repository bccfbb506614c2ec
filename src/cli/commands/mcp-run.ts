// What `rcat mcp` does (docs/bridge.md): the stdio bridge a desktop MCP host starts, and
// `rcat mcp --print-config` for the host's configuration file. No commander here: the command
// line is read by ./mcp.ts in the full program, or by ../bridge-main.ts on the fast start a
// host's launch takes (bin/rcat.js). The bridge itself is loaded only when it runs; the MCP SDK
// and zod only when it meets what it does not read itself (../bridge/jsonrpc.ts,
// ../bridge/exchange.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bridgeLaunchCommand, HOST_KINDS, hostSnippet, parseHostKind, SNIPPET_PLACE } from '../bridge/host-config.js';
import type { Credentials } from '../credentials.js';
import { CliError, usageError } from '../exit-codes.js';
import type { HttpClient } from '../http-client.js';
import { normalizeServer } from '../server-address.js';
import type { Io } from '../terminal.js';

export interface McpOptions {
  io: Io;
  /** Every --server given, in order (failover hosts). */
  servers: string[];
  /** The credential store (the last sign-in's server when no server is given). */
  credentials: Credentials;
  /** The bridge's own HTTP client and credential store, for an environment with its timeout. */
  clients?: (env: NodeJS.ProcessEnv) => Promise<{ http: HttpClient; credentials: Credentials }>;
  timeout?: string;
  verbose?: boolean;
  printConfig?: string | boolean;
  name?: string;
}

export type McpFlags = Pick<McpOptions, 'timeout' | 'verbose' | 'printConfig' | 'name'>;

export async function clientsFor(env: NodeJS.ProcessEnv): Promise<{ http: HttpClient; credentials: Credentials }> {
  const { Credentials, HttpClient } = await import('../bridge/bridge-clients.js');
  const http = new HttpClient(env);
  return { http, credentials: new Credentials(env, http) };
}

export const DEFAULT_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 3600;

/**
 * Every `--server` value on the command line, in order. `--server` is also the program-wide
 * option (src/cli/main.ts), which commander parses wherever it appears and which keeps only
 * the last value; failover needs them all, so they are read from the raw arguments.
 */
export function serversFromArgs(rawArgs: readonly string[]): string[] {
  const servers: string[] = [];
  for (let i = 0; i < rawArgs.length; i++) {
    const arg = rawArgs[i]!;
    if (arg === '--') break;
    if (arg === '--server' && i + 1 < rawArgs.length) servers.push(rawArgs[++i]!);
    else if (arg.startsWith('--server=')) servers.push(arg.slice('--server='.length));
  }
  return servers;
}

/** --server (repeatable) > RCAT_SERVERS (comma-separated) > RCAT_SERVER / last login. */
export async function resolveServers(given: string[], env: NodeJS.ProcessEnv, credentials: Credentials): Promise<string[]> {
  const listed = given.length > 0 ? given : (env.RCAT_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (listed.length === 0) return [await credentials.resolveServer({})];
  return [...new Set(listed.map((s) => normalizeServer(s, env)))];
}

export function parseTimeoutSeconds(value: string | undefined, env: NodeJS.ProcessEnv): number {
  const raw = value ?? env.RCAT_TIMEOUT;
  if (raw === undefined || raw === '') return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
    throw usageError(`--timeout must be a number of seconds from 1 to ${MAX_TIMEOUT_SECONDS} (got "${raw}").`);
  }
  return seconds;
}

async function printConfig(io: Io, options: McpFlags, servers: string[]): Promise<void> {
  const requested = typeof options.printConfig === 'string' ? options.printConfig : 'claude-desktop';
  const kind = parseHostKind(requested);
  if (!kind) throw usageError(`Unknown host "${requested}"; choose one of ${HOST_KINDS.join(', ')}.`);
  const name = options.name ?? 'rcat';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw usageError('--name may contain letters, digits, ".", "_" and "-" (at most 64).');
  const launch = bridgeLaunchCommand({ servers, timeoutSeconds: options.timeout === undefined ? undefined : parseTimeoutSeconds(options.timeout, io.env) });
  io.stdout.write(`${hostSnippet(kind, name, launch, process.platform)}\n`);
  io.stderr.write(`${SNIPPET_PLACE[kind]} Sign in first with \`rcat login\`; no token goes into it.\n`);
}

/**
 * Desktop hosts start stdio servers with a reduced environment (the MCP SDK's default keeps
 * HOME, PATH, USER… but not DBUS_SESSION_BUS_ADDRESS), which hides the Linux keychain (Secret
 * Service) from the bridge. When the variable is missing and the user's session bus socket is
 * at its standard place ($XDG_RUNTIME_DIR/bus, /run/user/UID/bus), point to it.
 */
export function restoreSessionBus(env: NodeJS.ProcessEnv, platform = process.platform): void {
  if (platform !== 'linux' || env.DBUS_SESSION_BUS_ADDRESS) return;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const runtime = env.XDG_RUNTIME_DIR ?? (uid !== undefined ? `/run/user/${uid}` : undefined);
  const socket = runtime ? path.join(runtime, 'bus') : undefined;
  if (socket && existsSync(socket)) env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${socket}`;
}

export async function mcpRun(options: McpOptions): Promise<void> {
  const { io } = options;
  const servers = await resolveServers(options.servers, io.env, options.credentials).catch((error: unknown) => {
    // --print-config without any server prints a config without --server (the bridge then
    // uses RCAT_SERVER or the last `rcat login`).
    if (options.printConfig !== undefined && error instanceof CliError && error.kind === 'usage' && !options.servers.length) return [];
    throw error;
  });
  if (options.printConfig !== undefined) return printConfig(io, options, servers);

  const timeoutSeconds = parseTimeoutSeconds(options.timeout, io.env);
  // Already loaded by clientsFor (one chunk). Sequential imports: Node 20 can fail concurrent
  // import() calls whose graphs overlap.
  const { createBridgeLog, CredentialTokenSource } = await import('../bridge/bridge-clients.js');
  // The keychain's native binding reads the real process environment: restore the bus there.
  if (io.env.RCAT_CREDENTIAL_STORE !== 'file') restoreSessionBus(io.env);
  // The HTTP client's headers/body timeouts must not cut a request the bridge is still willing
  // to wait for; the bridge's own timer answers the host first.
  const env = { ...io.env, RCAT_TIMEOUT: String(timeoutSeconds + 5) };
  const { http, credentials } = await (options.clients ?? clientsFor)(env);
  const log = createBridgeLog({ verbose: options.verbose === true, write: (text) => io.stderr.write(text) });
  const tokens = new CredentialTokenSource(credentials, servers[0]!, (line) => log.debug(line));
  // The sign-in is looked up (a keychain call) while the bridge's code loads; the host's first
  // request shares that lookup.
  const signedIn = tokens.token(servers[0]!).then((token) => {
    if (token === null) log.info(`not signed in to ${servers[0]}: run \`rcat login --server ${servers[0]}\` in a terminal; until then every request is answered with that advice.`);
  });
  signedIn.catch(() => {}); // awaited below; marked handled while the bridge starts
  const { McpBridge } = await import('../bridge/bridge.js');
  if (io.stdin.isTTY) {
    log.info('waiting for JSON-RPC on stdin: this command is meant to be started by a desktop MCP host (see `rcat mcp --print-config`); Ctrl-C to stop.');
  }
  const bridge = new McpBridge({ servers, timeoutMs: timeoutSeconds * 1000, fetch: http.fetch, send: http.send, proxied: http.proxied, tokens, log, stdin: io.stdin, stdout: io.stdout });
  const onSignal = (signal: NodeJS.Signals) => void bridge.close(signal);
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, onSignal);
  try {
    await bridge.start();
    await Promise.all([bridge.done, signedIn]);
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    await http.close();
  }
}
