// Errors that services and middleware throw; src/server/error-answers.ts says how each interface
// answers them (problem+json, page, JSON-RPC, OAuth). Anything that is not an AppError becomes a
// 500 with no details.
import type { ErrorCode } from '../shared/problem.js';

export interface AppErrorOptions {
  detail?: string;
  errors?: { parameter: string; message: string }[];
  requiredScope?: string;
  retryAfter?: number;
  /** For rate_limited: the window that refused, e.g. `account-minute`. */
  limit?: string;
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly options: AppErrorOptions;

  constructor(status: number, code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.options = options;
  }
}

export const invalidRequest = (detail: string, errors?: AppErrorOptions['errors']) =>
  new AppError(400, 'invalid_request', 'Invalid request', { detail, errors });

export const notFound = (detail: string) => new AppError(404, 'not_found', 'Not found', { detail });

/** The store or the limiter could not be read or written: fail closed (spec 4.1 "503"). */
export class StoreUnavailableError extends AppError {
  constructor(detail = 'Access controls are unavailable; retry later.', retryAfter = 5) {
    super(503, 'unavailable', 'Service unavailable', { detail, retryAfter });
    this.name = 'StoreUnavailableError';
  }
}

/** A PostgreSQL schema that cannot be brought to this version (store/postgres/migrations.ts); here so that
 *  start-up can tell it apart without loading the PostgreSQL client. */
export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}
