// Operator-command I/O: data to stdout (JSON with --json), messages to stderr, secrets from stdin.
import { Writable } from 'node:stream';
import readline from 'node:readline';

export interface AdminIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

export const processIO: AdminIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };

/** Reads a secret: the first line of piped stdin, or a hidden prompt on a terminal. Never argv. */
export async function readSecret(io: AdminIO, prompt: string): Promise<string> {
  if (io.stdin.isTTY) {
    const muted = new Writable({ write: (_chunk, _enc, cb) => cb() });
    io.stderr.write(prompt);
    const rl = readline.createInterface({ input: io.stdin, output: muted, terminal: true });
    const answer = await new Promise<string>((resolve) => rl.question('', resolve));
    rl.close();
    io.stderr.write('\n');
    return answer;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

export function printJson(io: AdminIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
