// Runs the real `rcat` CLI (bin/rcat.js → dist/, built by `npm test`'s pretest) as a child
// process in a temporary HOME, with an environment cleaned of the developer's own settings.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './support/server.js';

export const REPO = path.resolve(import.meta.dirname, '..');
export const RCAT_BIN = path.join(REPO, 'bin', 'rcat.js');

export function assertBuilt(): void {
  if (!existsSync(path.join(REPO, 'dist', 'cli', 'main.js'))) {
    throw new Error('dist/cli/main.js is missing: run `npx tsc -p .` (npm test does it in pretest).');
  }
}

export interface CliHome {
  home: string;
  /** Where the CLI keeps its files in this HOME: $XDG_CONFIG_HOME/rcat. */
  configDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** A fresh HOME. No D-Bus session, so there is no OS keychain and the file fallback is used. */
export function cliHome(extra: NodeJS.ProcessEnv = {}): CliHome {
  const home = tempDir('rcat-cli-home-');
  const xdg = path.join(home, '.config');
  mkdirSync(xdg, { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(RCAT_|DBUS_|XDG_|BROWSER$|NO_COLOR$|FORCE_COLOR$|HTTPS?_PROXY$|NO_PROXY$|https?_proxy$|no_proxy$)/.test(k)) continue;
    env[k] = v;
  }
  Object.assign(env, { HOME: home, XDG_CONFIG_HOME: xdg, ...extra });
  return { home, configDir: path.join(xdg, 'rcat'), env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function spawnCli(args: string[], env: NodeJS.ProcessEnv, command: string[] = [process.execPath, RCAT_BIN]): ChildProcess {
  return spawn(command[0]!, [...command.slice(1), ...args], { env, cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, options: { input?: string; command?: string[] } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env, options.command);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin!.end(options.input ?? '');
  });
}

/** Collects a running child's output; `waitFor` resolves when stderr (or, for a pty, stdout) matches. */
export function watch(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const m = stderr.match(w.re) ?? stdout.match(w.re);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    check();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    check();
  });
  const exited = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return {
    waitFor(re: RegExp): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        waiters.push({ re, resolve });
        check();
        void exited.then((r) => reject(new Error(`rcat exited (${r.code}) before printing ${re}: ${r.stderr}`)));
      });
    },
    exited,
  };
}

/** Asserts that no secret appears anywhere in a run's output. */
export function leaks(result: CliResult, ...secrets: string[]): string[] {
  return secrets.filter((s) => s && (result.stdout.includes(s) || result.stderr.includes(s)));
}
