// Runs the real `rcat` CLI in a temporary HOME, with an environment cleaned of the developer's
// own settings: as a child process (bin/rcat.js → dist/rcat/, built by `npm test`'s pretest), or in
// process through the same program with in-memory streams (`rcat`, `startInProcess`).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createFactory, runCli as runInProcess } from '../src/cli/program.js';
import type { Io } from '../src/cli/terminal.js';
import { tempDir } from './support/server.js';

export const REPO = path.resolve(import.meta.dirname, '..');
export const RCAT_BIN = path.join(REPO, 'bin', 'rcat.js');

export function assertBuilt(): void {
  if (!existsSync(path.join(REPO, 'dist', 'rcat', 'main.js'))) {
    throw new Error('dist/rcat/main.js is missing: run `npm run build` (npm test does it in pretest).');
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

// ---------------------------------------------------------------- in process
// The same program (src/cli/program.ts: parsing, the command's run function, exit codes) run in
// this process with in-memory streams and the given environment: what the child process would
// print and exit with, without starting Node again. The few end-to-end tests per command keep
// runCli / spawnCli above.

export interface TestIoOptions {
  /** Written to stdin, which is then closed (unless `open`). */
  input?: string;
  /** Leave stdin open (rcat mcp, the hidden prompt): write to `stdin` yourself. */
  open?: boolean;
  /** Terminal flags: which streams are terminals, and the terminal's width. */
  tty?: { stdout?: boolean; stderr?: boolean; stdin?: boolean; columns?: number };
}

export interface InProcessRun {
  stdin: PassThrough;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when stderr (or stdout) matches. */
  waitFor(re: RegExp): Promise<RegExpMatchArray>;
  /** Called with each chunk written to stdout, from now on. */
  onStdout(fn: (chunk: string) => void): void;
  exited: Promise<CliResult>;
}

function testIo(env: NodeJS.ProcessEnv, options: TestIoOptions) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  const listeners: (() => void)[] = [];
  stdout.setEncoding('utf8').on('data', (d: string) => ((out += d), listeners.forEach((fn) => fn())));
  stderr.setEncoding('utf8').on('data', (d: string) => ((err += d), listeners.forEach((fn) => fn())));
  const tty = options.tty ?? {};
  Object.assign(stdout, { isTTY: tty.stdout === true, columns: tty.columns });
  Object.assign(stderr, { isTTY: tty.stderr === true, columns: tty.columns });
  Object.assign(stdin, { isTTY: tty.stdin === true, ...(tty.stdin ? { setRawMode: () => stdin } : {}) });
  if (!options.open) stdin.end(options.input ?? '');
  const io: Io = { stdin, stdout, stderr, env };
  return {
    io,
    stdin,
    out: () => out,
    err: () => err,
    onData: (fn: () => void) => listeners.push(fn),
    onStdout: (fn: (chunk: string) => void) => stdout.on('data', fn),
  };
}

// In-process runs find no Secret Service (test/support/setup.ts removes DBUS_SESSION_BUS_ADDRESS
// from the test process, as cliHome drops DBUS_* for the child processes) and use the private file.

/** Starts `rcat ARGS` in process; the run goes on until its command ends. */
export function startInProcess(args: string[], env: NodeJS.ProcessEnv, options: TestIoOptions = {}): InProcessRun {
  const t = testIo(env, options);
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const exited = runInProcess(['node', 'rcat', ...args], createFactory(t.io)).then(async (code) => {
    await settle(); // let the last 'data' events of the PassThrough streams arrive
    return { code, stdout: t.out(), stderr: t.err() };
  });
  const waitFor = (re: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = t.err().match(re) ?? t.out().match(re);
        if (m) resolve(m);
        return m;
      };
      if (check()) return;
      t.onData(() => void check());
      void exited.then((r) => reject(new Error(`rcat exited (${r.code}) before printing ${re}: ${r.stderr}`)));
    });
  return { stdin: t.stdin, stdout: t.out, stderr: t.err, waitFor, onStdout: t.onStdout, exited };
}

/** Runs `rcat ARGS` in process to its end: exit code and output, as runCli gives for a child. */
export function rcat(args: string[], env: NodeJS.ProcessEnv, options: TestIoOptions = {}): Promise<CliResult> {
  return startInProcess(args, env, options).exited;
}
