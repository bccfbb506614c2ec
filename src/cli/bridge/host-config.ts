// `rcat mcp --print-config`: the snippet a desktop MCP host needs to start the bridge, built by
// the one shared builder (src/shared/desktop-host.ts, also behind the /en/guides page) with the
// paths of this installation: the running node and its bin/rcat.js.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { bridgeLaunchCommand as sharedLaunchCommand, type LaunchCommand } from '../../shared/desktop-host.js';
import { packageRoot } from '../package-info.js';

export { HOST_KINDS, type HostKind, hostConfig, hostSnippet, type LaunchCommand, parseHostKind, SNIPPET_PLACE } from '../../shared/desktop-host.js';

/** This installation's bin/rcat.js, symlinks resolved (npm global installs link it). */
export function installedLauncher(): string {
  const launcher = path.join(packageRoot(), 'bin', 'rcat.js');
  return existsSync(launcher) ? realpathSync(launcher) : launcher;
}

export function bridgeLaunchCommand(options: { servers: string[]; timeoutSeconds?: number; node?: string; launcher?: string }): LaunchCommand {
  return sharedLaunchCommand({ ...options, node: options.node ?? process.execPath, launcher: options.launcher ?? installedLauncher() });
}
