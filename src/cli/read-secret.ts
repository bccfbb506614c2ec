// Reads a token from stdin: a pipe (`rcat login --with-token < file`) or, on a terminal, a
// prompt with echo off. Tokens never come from argv (visible in `ps` and shell history).
import { CliError, usageError } from './exit-codes.js';
import type { Input, Io } from './terminal.js';

const MAX_BYTES = 16 * 1024;

async function readPipe(stdin: Input): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BYTES) throw usageError('The input on stdin is too large to be a token.');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function readHidden(io: Io, prompt: string): Promise<string> {
  const { stdin, stderr } = io;
  return new Promise((resolve, reject) => {
    let value = '';
    // Echo off before the prompt appears, so nothing typed after seeing it is ever shown.
    stdin.setRawMode?.(true);
    stderr.write(prompt);
    stdin.setEncoding('utf8');
    stdin.resume();
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new CliError('usage', 'Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
        if (value.length > MAX_BYTES) return done(usageError('That is too long to be a token.'));
      }
    };
    stdin.on('data', onData);
  });
}

/** The token, trimmed; usage error (exit 2) when nothing usable was given. */
export async function readToken(io: Io): Promise<string> {
  const raw = io.stdin.isTTY ? await readHidden(io, 'Paste your rcat agent token (input is hidden): ') : await readPipe(io.stdin);
  const token = raw.trim();
  if (!token) throw usageError('No token was given on stdin.', 'Pipe it in: rcat login --with-token < token.txt');
  // RFC 6750 section 2.1 b68token characters only: anything else is not a bearer token.
  if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(token)) throw usageError('That does not look like a bearer token (one line, no spaces).');
  return token;
}
