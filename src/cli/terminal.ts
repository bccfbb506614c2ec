// Terminal output: data to stdout, messages to stderr; colour only on a TTY and never when
// NO_COLOR is set (https://no-color.org) or TERM=dumb. Every string that came from the server
// or a record goes through `clean` first: it is evidence to show, never terminal control.
import type { Readable, Writable } from 'node:stream';
import { safeText } from './exit-codes.js';

/** An output stream; `isTTY` is the terminal flag (a test sets it on a plain stream). */
export interface Output extends Writable {
  isTTY?: boolean;
  /** Terminal width, when it is a terminal. */
  columns?: number;
}

/** The input stream; on a terminal it can be put in raw mode (the hidden token prompt). */
export interface Input extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/**
 * Everything a command may touch of the outside world's text channels: the three streams and
 * the environment. The process gives its own (processIo); tests give in-memory streams.
 */
export interface Io {
  stdout: Output;
  stderr: Output;
  stdin: Input;
  env: NodeJS.ProcessEnv;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Opening stdin costs a stream (and a terminal or socket module) that most commands never
    // read: only on first use.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
}

export function colorEnabled(stream: Output, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  warn(s: string): string;
  error(s: string): string;
  ok(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export function style(enabled: boolean): Style {
  if (!enabled) {
    const id = (s: string) => s;
    return { bold: id, dim: id, warn: id, error: id, ok: id };
  }
  return { bold: wrap(1, 22), dim: wrap(2, 22), warn: wrap(33, 39), error: wrap(31, 39), ok: wrap(32, 39) };
}

/** Server/record text for display: no control characters, no bidi overrides; long text kept. */
export function clean(value: string, max = 100_000): string {
  return safeText(value, max);
}

/** One line of a table cell: newlines and tabs become spaces. */
export function cleanCell(value: string, max = 500): string {
  return safeText(value, max).replace(/\s+/g, ' ').trim();
}

function width(s: string): number {
  return [...s].length;
}

function truncate(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/**
 * A plain-text table. On a TTY the widest column (`flex`) is shortened to fit the terminal;
 * when piped, nothing is cut (scripts get whole values) and columns are tab-separated.
 */
export function renderTable(
  headers: string[],
  rows: string[][],
  options: { tty: boolean; columns?: number; flex?: number; style: Style },
): string {
  if (!options.tty) return [headers, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
  const widths = headers.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const flex = options.flex ?? 1;
  const total = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  const available = options.columns ?? 100;
  if (total > available && widths[flex] !== undefined) {
    widths[flex] = Math.max(12, widths[flex]! - (total - available));
  }
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? truncate(c, widths[i]!) : truncate(c, widths[i]!).padEnd(widths[i]!))).join('  ');
  return [options.style.bold(line(headers)), ...rows.map(line)].join('\n') + '\n';
}

export function writeJson(io: Io, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
