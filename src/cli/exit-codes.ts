// The one place where a failure class becomes an exit code and a message (docs/cli.md,
// "Exit codes"). Commands throw CliError (HTTP/MCP failures are converted by `fromHttpFailure`,
// http-failure.ts); runCli (program.ts) prints `message` + `hint` to stderr and returns `code`.
//
//   0 ok · 1 error · 2 usage · 3 not found · 4 auth (run `rcat login`) · 5 forbidden scope
//   6 rate limited (retry after N s) · 7 server unavailable / unreachable
//   8 the OS keychain that holds the sign-in cannot be reached now (not "signed out")
import { redact } from './redact.js';

export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  forbidden: 5,
  rateLimited: 6,
  unavailable: 7,
  keychain: 8,
} as const;
export type ExitKind = keyof typeof EXIT;

export interface CliErrorOptions {
  /** A second line telling the user what to do next. */
  hint?: string;
  /** For forbidden: the scope the token lacks. */
  requiredScope?: string;
  /** For rate limited: seconds before retrying (from Retry-After). */
  retryAfter?: number;
  cause?: unknown;
}

export class CliError extends Error {
  readonly kind: ExitKind;
  readonly hint?: string;
  readonly requiredScope?: string;
  readonly retryAfter?: number;

  constructor(kind: ExitKind, message: string, options: CliErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.kind = kind;
    this.hint = options.hint;
    this.requiredScope = options.requiredScope;
    this.retryAfter = options.retryAfter;
  }

  get exitCode(): number {
    return EXIT[this.kind];
  }
}

export const LOGIN_HINT = 'Run `rcat login` (or `rcat login --with-token`) to sign in again.';
export const RATE_LIMIT_HINT = 'Limits are shared across your sessions, tokens, the website and the APIs; `rcat status` shows usage.';

export function usageError(message: string, hint?: string): CliError {
  return new CliError('usage', message, { hint });
}

export function authError(message: string, hint: string = LOGIN_HINT): CliError {
  return new CliError('auth', message, { hint });
}

/** Parses a Retry-After value (RFC 9110 section 10.2.3: delay-seconds or an HTTP-date). */
export function parseRetryAfter(value: string | null | undefined, now: Date = new Date()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** Plain words for a wait: "45 seconds", "3 minutes", "2 hours". */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

/**
 * Strips control characters (keeping tab and newline) and bidirectional overrides, so text
 * from a server or a record cannot drive the terminal (escape sequences) or disguise itself.
 */
export function safeText(value: string, max = 500): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned;
}

/** Exit code and printable lines for anything thrown out of a command. */
export function describeFailure(error: unknown): { code: number; lines: string[] } {
  if (error instanceof CliError) {
    // safeText again as a last line of defence: messages quote arguments and server text.
    return { code: error.exitCode, lines: [`error: ${safeText(error.message, 2000)}`, ...(error.hint ? [safeText(error.hint, 1000)] : [])] };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: EXIT.error, lines: [`error: ${safeText(message)}`] };
}

/**
 * Prints a failure thrown out of a command and gives its exit code: the one place both starts of
 * the CLI (the program's runCli, the bridge's fast start) report one. A server or proxy may echo
 * a token back in an error: never printed (./redact.ts).
 */
export function reportFailure(error: unknown, stderr: { write(text: string): unknown }): number {
  const { code, lines } = describeFailure(error);
  stderr.write(`${redact(lines.join('\n'))}\n`);
  return code;
}
