// `rcat mcp --print-config`: the JSON a desktop MCP host needs to start the bridge. The command
// is the absolute path of the running node and the args start with the absolute path of
// bin/rcat.js, so the host needs no PATH (GUI apps on macOS do not get the shell's) and no
// shell quoting (Windows `npx`/`.cmd` shims split arguments with spaces). No token is ever
// written into it: the bridge reads the sign-in that `rcat login` stored.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-info.js';

export const HOST_KINDS = ['claude-desktop', 'cursor', 'vscode'] as const;
export type HostKind = (typeof HOST_KINDS)[number];

export interface LaunchCommand {
  command: string;
  args: string[];
}

/** This installation's bin/rcat.js, symlinks resolved (npm global installs link it). */
export function installedLauncher(): string {
  const launcher = path.join(packageRoot(), 'bin', 'rcat.js');
  return existsSync(launcher) ? realpathSync(launcher) : launcher;
}

export function bridgeLaunchCommand(options: { servers: string[]; timeoutSeconds?: number; node?: string; launcher?: string }): LaunchCommand {
  const args = [options.launcher ?? installedLauncher(), 'mcp'];
  for (const server of options.servers) args.push('--server', server);
  if (options.timeoutSeconds !== undefined) args.push('--timeout', String(options.timeoutSeconds));
  return { command: options.node ?? process.execPath, args };
}

/** The snippet for one host, keyed by `name` (the label the host shows). */
export function hostConfig(kind: HostKind, name: string, launch: LaunchCommand): unknown {
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

export function parseHostKind(value: string): HostKind | undefined {
  const normalized = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if (normalized === 'claude' || normalized === 'claude-desktop') return 'claude-desktop';
  if (normalized === 'code' || normalized === 'vs-code' || normalized === 'vscode') return 'vscode';
  if (normalized === 'cursor') return 'cursor';
  return undefined;
}
