// Runs the real `rcat-server` operator commands, either as child processes (`node
// bin/rcat-server.js …`, built by `npx tsc -p .` / `npm test`'s pretest) or in this process
// through the program's own entry (`runCommand` with injected IO and environment: the same
// parsing, exit codes and output, without starting a Node process per command), and a tiny
// "until" helper for effects that another process produces asynchronously (no fixed sleeps, a
// generous deadline instead).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCommand } from '../../src/server/app/main.js';
import { readEnvironment } from '../../src/server/config.js';

export const RCAT_SERVER_BIN = path.resolve(fileURLToPath(import.meta.url), '../../../bin/rcat-server.js');

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runRcatServer(
  args: string[],
  options: { stdin?: string; env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RCAT_SERVER_BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, RCAT_DATA_DIR: undefined, RCAT_DATABASE_URL: undefined, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * The same command in this process. `cwd` is not supported (the process has one); commands that
 * run until a signal (`start`) belong in a child process.
 */
export async function runRcatServerInProcess(args: string[], options: { stdin?: string; env?: Record<string, string | undefined> } = {}): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) => new PassThrough().on('data', (d: Buffer) => append(d.toString('utf8')));
  const io = {
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    stdin: Readable.from(options.stdin ? [Buffer.from(options.stdin)] : []),
  };
  const env = readEnvironment({ ...process.env, RCAT_DATA_DIR: undefined, RCAT_DATABASE_URL: undefined, ...options.env });
  const code = await runCommand([process.execPath, RCAT_SERVER_BIN, ...args], io, env);
  // Let the sinks deliver what was written before the command returned.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, signal: null, stdout, stderr };
}

/** Retries `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
