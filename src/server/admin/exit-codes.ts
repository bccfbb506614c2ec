// The one place where an `rcat-server` failure becomes an exit code and a message (README
// "Operator commands", docs/mcp.md "Operator commands"). The codes follow the `rcat` CLI's table
// (src/cli/exit-codes.ts) where they apply:
//
//   0 ok
//   1 error     the command line is fine but the work failed: the store or database cannot be
//               read or reached, a file cannot be read or is invalid (catalogue, limits file),
//               the port is taken, another server holds the data dir, migrate-store refused
//   2 usage     the command line is wrong: unknown command or option, a missing or malformed
//               value (e-mail, date, scope, role, ID, URL, preset), and a change that conflicts
//               with what is stored (an e-mail already taken, removing a project's last owner,
//               migrate-store while a server runs on the data dir) — nothing was changed, and a
//               different command line is what fixes it
//   3 not found a record the command names does not exist in the store: an account (by e-mail),
//               token, project, project membership, collection or shortlist item
//
// Commands throw UsageError / NotFoundError / OperatorError (or let domain AppErrors through);
// src/server/app/main.ts prints `lines` to stderr and sets the code. Nothing here exits.
import { CommanderError } from 'commander';
import { ZodError } from 'zod';
import { AppError } from '../errors.js';

export const EXIT = { ok: 0, error: 1, usage: 2, notFound: 3 } as const;
export type ExitKind = keyof typeof EXIT;

/** A failure an operator command reports with its own message and exit kind. */
export class OperatorError extends Error {
  constructor(
    readonly kind: Exclude<ExitKind, 'ok'>,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}

/** Exit 2: the command line is wrong, or asks for a change that conflicts with the state. */
export class UsageError extends OperatorError {
  constructor(message: string) {
    super('usage', message);
    this.name = 'UsageError';
  }
}

/** Exit 3: a record named on the command line (account, token, project, …) does not exist. */
export class NotFoundError extends OperatorError {
  constructor(message: string) {
    super('notFound', message);
    this.name = 'NotFoundError';
  }
}

export interface Failure {
  code: number;
  /** Written to stderr, one `error: …` line each; empty when commander already printed it. */
  lines: string[];
}

/** AppError statuses from the domain and the stores (RFC 9110 semantics) → operator exit kinds. */
function kindOfStatus(status: number): Exclude<ExitKind, 'ok'> {
  if (status === 404) return 'notFound';
  // 400: an invalid name or value; 409: the change conflicts with the stored state.
  if (status === 400 || status === 409) return 'usage';
  return 'error';
}

const kebab = (key: PropertyKey) => String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function failureOf(error: unknown): Failure {
  // Commander has already printed its message (and the help after it).
  if (error instanceof CommanderError) return { code: error.exitCode === 0 ? EXIT.ok : EXIT.usage, lines: [] };
  if (error instanceof OperatorError) return { code: EXIT[error.kind], lines: [error.message] };
  if (error instanceof AppError) return { code: EXIT[kindOfStatus(error.status)], lines: [error.options.detail ?? error.message] };
  // An option the config schema refuses (e.g. --port abc, --base-url x): one readable line per
  // option, not a dump of schema issues.
  if (error instanceof ZodError) return { code: EXIT.usage, lines: error.issues.map((i) => `--${i.path.map(kebab).join('.')}: ${i.message}`) };
  return { code: EXIT.error, lines: [(error as Error)?.message ?? String(error)] };
}
