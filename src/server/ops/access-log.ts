// The access log: one line per answered request (docs/operations.md "Access log"), written by
// pino to an asynchronous destination (sonic-boom: lines are buffered while a write is in
// flight, so a busy server makes few system calls and never waits for the disk). JSON lines by
// default; `--log-format text` (the default on a terminal) prints them for people, through
// pino-pretty. The entry holds only what ./request-facts.ts reduced it to: never a token, a
// cookie, a password, an authorization code or the text of a search.
import { createRequire } from 'node:module';
import { type DestinationStream, type Logger, pino } from 'pino';
import { LineBatcher } from './line-batcher.js';
import type { RouteFamily } from './request-facts.js';

export type LogFormat = 'json' | 'text';
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'text'];

/** Where the access log goes: `stdout` (also `-`), `off`, or a file path (appended to). */
export type AccessLogTarget = string;

export interface AccessLogEntry {
  reqId: string;
  method: string;
  /** The route template that answered, or null for an unknown path. */
  route: string | null;
  family: RouteFamily;
  status: number;
  durationMs: number;
  /** Bytes sent for this answer, status line and headers included (as nginx's $bytes_sent). */
  bytes: number;
  /** First 16 hex digits of SHA-256 of the account id, when the request was authenticated. */
  account?: string;
  client?: string;
  /** The client went away before the answer was complete. */
  aborted?: true;
}

export function isStdout(target: AccessLogTarget): boolean {
  return target === 'stdout' || target === '-';
}

/** The format when none is asked for: text for a person at a terminal, JSON for a machine. */
export function defaultLogFormat(target: AccessLogTarget, stdoutIsTerminal: boolean): LogFormat {
  return isStdout(target) && stdoutIsTerminal ? 'text' : 'json';
}

/** Fields the text format prints in its message, so they are not repeated after it. */
const TEXT_FIELDS = 'pid,hostname,reqId,method,route,family,status,durationMs,bytes,account,client,aborted';

function textLine(entry: Record<string, unknown>): string {
  const who = [entry.client && `client=${String(entry.client)}`, entry.account && `account=${String(entry.account)}`, `id=${String(entry.reqId)}`];
  const route = typeof entry.route === 'string' ? entry.route : '(no route)';
  const aborted = entry.aborted ? ' aborted' : '';
  return `${String(entry.method)} ${route} ${String(entry.status)} ${String(entry.durationMs)} ms ${String(entry.bytes)} B${aborted} ${who.filter(Boolean).join(' ')}`;
}

/** Where batches of lines go: a file (sonic-boom) or the process's stdout stream. */
interface Sink {
  write(text: string): unknown;
  /** Reopens a file by its name; nothing for a stream. */
  reopen(): void;
  close(): Promise<void>;
}

export interface AccessLogOptions {
  format: LogFormat;
  /** Hears write errors (a full disk, a closed pipe), once. */
  report: (line: string) => void;
  /** Where "stdout" goes (default process.stdout; synchronous for files and pipes on Linux). */
  stdout?: NodeJS.WritableStream;
  colour?: boolean;
}

export class AccessLog {
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly logger: Logger,
    private readonly batcher: LineBatcher,
    private readonly sink: Sink,
  ) {}

  /**
   * Opens the destination now, so a file that cannot be written stops start-up with a clear
   * error instead of losing lines later. Lines are written synchronously, about 4 KiB at a time
   * and at least every 250 ms (./line-batcher.ts).
   */
  static open(target: AccessLogTarget, options: AccessLogOptions): AccessLog {
    const sink = isStdout(target) ? streamSink(options.stdout ?? process.stdout, options.report) : fileSink(target, options.report);
    const batcher = new LineBatcher(sink);
    const stream = options.format === 'text' ? prettyStream(batcher, options.colour ?? false) : batcher;
    // pino's own fields: level, time (epoch ms), pid and hostname (several hosts may share one collector).
    return new AccessLog(pino({}, stream), batcher, sink);
  }

  /** Reopens a log file by its name (after logrotate moved it away: SIGHUP); lines waiting go to the new file. */
  reopen(): void {
    if (this.closing) return;
    this.batcher.flush();
    this.sink.reopen();
  }

  write(entry: AccessLogEntry): void {
    if (this.closing) return; // a request that ended after the stop: its line has nowhere to go
    if (entry.status >= 500) this.logger.error(entry);
    else this.logger.info(entry);
  }

  /** Writes out what is waiting, then closes a log file (stdout stays open). */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.batcher.flush();
    this.closing = this.sink.close();
    return this.closing;
  }
}

/** The longest a stop waits for the access log to be written out (a stuck disk). */
const CLOSE_WAIT_MS = 2000;

function fileSink(file: string, report: (line: string) => void): Sink {
  // Opened here, synchronously: an error (no such folder, no permission) is thrown to the caller.
  const destination = pino.destination({ dest: file, sync: true, mode: 0o640 });
  let reported = false;
  destination.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    report(`access log: cannot write to ${file}: ${error.message}`);
  });
  return {
    write: (text) => destination.write(text),
    reopen() {
      try {
        destination.reopen();
      } catch (error) {
        report(`access log: cannot reopen ${file}: ${(error as Error).message}; still writing to the old file`);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_WAIT_MS);
        destination.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        destination.end();
      }),
  };
}

function streamSink(stream: NodeJS.WritableStream, report: (line: string) => void): Sink {
  let reported = false;
  const onError = (error: Error) => {
    if (reported) return;
    reported = true;
    report(`access log: cannot write to stdout: ${error.message}`);
  };
  stream.on('error', onError);
  return {
    write: (text) => stream.write(text),
    reopen() {},
    async close() {
      stream.off('error', onError);
    },
  };
}

function prettyStream(destination: DestinationStream, colour: boolean): DestinationStream {
  // Loaded for the text format only: a host logging JSON (or nothing) never loads pino-pretty.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  const pretty = prettyFactory({
    colorize: colour,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: TEXT_FIELDS,
    hideObject: true,
    messageFormat: (log) => textLine(log),
  });
  return { write: (line: string) => destination.write(pretty(line)) };
}
