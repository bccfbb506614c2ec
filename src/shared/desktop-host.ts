// The one source of the desktop-host snippet: what a host needs to start `rcat mcp`, printed by
// `rcat mcp --print-config` and shown on the /en/guides page. The command is the absolute path
// of node and the first argument the absolute path of rcat's bin/rcat.js, so the host needs no
// PATH (GUI apps on macOS do not get the shell's) and no shell (Windows `npx`/`.cmd` shims split
// arguments with spaces). The CLI fills in the paths of the running installation; the page, which
// cannot know them, shows placeholders in their place. No token is ever written into a snippet:
// the bridge reads the sign-in that `rcat login` stored.

export const HOST_KINDS = ['claude-desktop', 'cursor', 'vscode', 'command-line', 'inspector'] as const;
export type HostKind = (typeof HOST_KINDS)[number];

export interface LaunchCommand {
  command: string;
  args: string[];
}

/** What the guides page shows where the CLI prints real paths. */
export const PLACEHOLDER_NODE = '/path/to/node';
export const PLACEHOLDER_LAUNCHER = '/path/to/rcat/bin/rcat.js';

export function bridgeLaunchCommand(options: { node: string; launcher: string; servers: readonly string[]; timeoutSeconds?: number }): LaunchCommand {
  const args = [options.launcher, 'mcp'];
  for (const server of options.servers) args.push('--server', server);
  if (options.timeoutSeconds !== undefined) args.push('--timeout', String(options.timeoutSeconds));
  return { command: options.node, args };
}

/**
 * One argument as a shell reads it back unchanged: POSIX single quotes, or on Windows double
 * quotes (cmd.exe and the C runtime's argument splitting) when it holds a space or a quote.
 */
export function shellQuote(arg: string, platform: string = 'linux'): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  if (platform === 'win32') return `"${arg.replace(/"/g, '\\"')}"`;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(launch: LaunchCommand, platform?: string): string {
  return [launch.command, ...launch.args].map((a) => shellQuote(a, platform)).join(' ');
}

/**
 * The MCP Inspector's command-line mode (`--cli`, Inspector 2), listing the tools. It reads its
 * own options (one of them `--server`, a server named in its config file) anywhere on the line,
 * so ours would be swallowed: everything before `--` is the server's command, passed on
 * untouched, and only what follows it is the Inspector's (its v1-to-v2 migration guide, "`--`
 * splits the other way under `--cli`").
 */
export function inspectorCommandLine(launch: LaunchCommand, platform?: string): string {
  return `npx @modelcontextprotocol/inspector --cli ${commandLine(launch, platform)} -- --method tools/list`;
}

/** The JSON a host's configuration file takes, keyed by `name` (the label the host shows). */
export function hostConfig(kind: 'claude-desktop' | 'cursor' | 'vscode', name: string, launch: LaunchCommand): unknown {
  switch (kind) {
    // claude_desktop_config.json and Cursor's ~/.cursor/mcp.json share the `mcpServers` shape.
    case 'claude-desktop':
    case 'cursor':
      return { mcpServers: { [name]: { command: launch.command, args: launch.args } } };
    // VS Code: .vscode/mcp.json (or the user settings' "mcp" section) uses `servers` + `type`.
    case 'vscode':
      return { servers: { [name]: { type: 'stdio', command: launch.command, args: launch.args } } };
  }
}

/** The snippet for one kind of host, as text: JSON for configuration files, else one command line. */
export function hostSnippet(kind: HostKind, name: string, launch: LaunchCommand, platform?: string): string {
  if (kind === 'command-line') return commandLine(launch, platform);
  if (kind === 'inspector') return inspectorCommandLine(launch, platform);
  return JSON.stringify(hostConfig(kind, name, launch), null, 2);
}

/** Where the snippet goes, for the line printed after it. */
export const SNIPPET_PLACE: Record<HostKind, string> = {
  'claude-desktop': 'Merge this into claude_desktop_config.json (Claude Desktop: Settings → Developer → Edit Config) and restart Claude Desktop.',
  cursor: 'Merge this into ~/.cursor/mcp.json (or .cursor/mcp.json in a project).',
  vscode: 'Merge this into .vscode/mcp.json in a workspace (or the "mcp" section of the user settings).',
  'command-line': 'Give this command line to a host that asks for the command of a local (stdio) MCP server.',
  inspector: 'Run this to list the tools with the MCP Inspector (version 2): our command comes before --, its own options after, so its --server option cannot take ours.',
};

export function parseHostKind(value: string): HostKind | undefined {
  const normalized = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if (normalized === 'claude' || normalized === 'claude-desktop') return 'claude-desktop';
  if (normalized === 'code' || normalized === 'vs-code' || normalized === 'vscode') return 'vscode';
  if (normalized === 'cursor') return 'cursor';
  if (normalized === 'command-line' || normalized === 'command' || normalized === 'cli' || normalized === 'shell') return 'command-line';
  if (normalized === 'inspector' || normalized === 'mcp-inspector') return 'inspector';
  return undefined;
}
