// Runs the real `rcat-server start` (dist/, built by `npm test`'s pretest) as a child process on
// port 0 and reads the URL it announces on stderr.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr (for failure messages). */
  stderr(): string;
  /** SIGKILL, no goodbye: a host that dies. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

const CLI = path.resolve('bin/rcat-server.js');

/** `globalArgs` go before `start` (--data-dir, --store), `startArgs` after it (--limits, …). */
export async function startServerProcess(globalArgs: string[], startArgs: string[] = [], env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI, ...globalArgs, 'start', '--port', '0', ...startArgs], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`rcat-server did not start within ${timeoutMs} ms:\n${err}`)), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`rcat-server exited with ${code} before listening:\n${err}`));
    });
  });
  return {
    url,
    child,
    stderr: () => err,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
