// One connection pool per process, and the one place PostgreSQL errors are classified:
//  - the database cannot be reached, is shutting down, or is out of connections → StoreUnavailableError
//    (503 with Retry-After, spec 4.1/7 "Access controls are unavailable; retry later");
//  - integrity violations (SQLSTATE class 23) are passed to the adapter, which turns the ones it
//    expects (a taken e-mail, a repeated save) into answers;
//  - anything else is a bug and propagates as itself (500 with no details).
// The pool reconnects on its own, so service resumes without a restart when the database is back.
import os from 'node:os';
import pg from 'pg';
import { AppError, StoreUnavailableError } from '../../errors.js';
import { redactUrl } from './url.js';

export { redactUrl };

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** SQLSTATE classes that mean "the database is not available right now" (PostgreSQL appendix A). */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58', 'XX']);
/** Transaction rollbacks caused by concurrency (deadlock, serialization): safe to retry later. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** pg's own messages for a lost or impossible connection (they carry no SQLSTATE). */
const CONNECTION_MESSAGE = /connection|terminated|timeout exceeded|not queryable|ECONN|socket/i;

export function isUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error instanceof StoreUnavailableError;
  const e = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && SQLSTATE.test(e.code)) {
    return UNAVAILABLE_CLASSES.has(e.code.slice(0, 2)) || RETRYABLE_CODES.has(e.code);
  }
  // Socket errors (ECONNREFUSED, ECONNRESET, ENOTFOUND, ETIMEDOUT, EPIPE…) and pg's own
  // "Connection terminated unexpectedly" / "timeout exceeded when trying to connect".
  if (typeof e?.syscall === 'string' || (typeof e?.code === 'string' && e.code.startsWith('E'))) return true;
  // Only pg's plain Errors are read by message: our own error classes never count as outages.
  return error instanceof Error && error.constructor === Error && CONNECTION_MESSAGE.test(error.message);
}

export function integrityCode(error: unknown): string | null {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('23') ? code : null;
}

/** Type parsers: DATE stays the 'YYYY-MM-DD' string (pg's default builds a local-time Date);
 *  int8 counters become numbers (they stay far below 2^53). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.DATE) return (value: string) => value;
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as unknown as pg.CustomTypesConfig;

/**
 * Connections per host: twice its CPU count, at least 4. A host's one thread keeps few statements
 * busy at once — every charge of a host goes through one batched statement at a time
 * (./limit-counters.ts) — and the database serves more connections no faster than it has cores,
 * so a larger pool only queues the work inside the database instead of in the host.
 */
export function defaultPoolSize(cpus = os.availableParallelism()): number {
  return Math.max(4, 2 * cpus);
}

export interface DatabaseOptions {
  /** Pool size per process (each host has its own pool); default `defaultPoolSize()`. */
  max?: number;
  /** How long a request waits for a connection before it gets 503. */
  connectionTimeoutMillis?: number;
  log?: (line: string) => void;
}

/** How often a server that started without its database tries again to get ready (migrate). */
const READY_RETRY_MS = 1000;

export class Database {
  readonly pool: pg.Pool;
  /** Set while the database still has to be made ready (see `deferUntilReady`). */
  private readiness: { prepare: () => Promise<void>; running: Promise<void> | null; failedAt: number } | null = null;

  constructor(
    readonly url: string,
    options: DatabaseOptions = {},
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.max ?? defaultPoolSize(),
      // Covers both waiting for a free pooled connection under load and connecting: long enough
      // that a burst of requests queues rather than failing (a refused connection fails at once).
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
      idleTimeoutMillis: 30_000,
      application_name: 'rcat-server',
      // A statement that hangs (a lock held by a stuck host) must not hold a request forever.
      statement_timeout: 15_000,
      types,
    });
    // An idle connection that the server drops (restart, network cut) emits 'error' on the pool;
    // without a listener Node would crash the process. The next query simply reconnects.
    this.pool.on('error', (error) => options.log?.(`postgres: idle connection lost (${error.message})`));
  }

  /**
   * For a server that starts while the database is unreachable: every call first runs `prepare`
   * (the migrations) until it succeeds once — at most one attempt per second, shared by
   * concurrent callers; until then calls fail with StoreUnavailableError (503 + Retry-After).
   */
  deferUntilReady(prepare: () => Promise<void>): void {
    this.readiness = { prepare, running: null, failedAt: Date.now() };
  }

  get ready(): boolean {
    return this.readiness === null;
  }

  private async ensureReady(): Promise<void> {
    const r = this.readiness;
    if (!r) return;
    if (!r.running) {
      if (Date.now() - r.failedAt < READY_RETRY_MS) throw new StoreUnavailableError('Access controls are unavailable (the database cannot be reached); retry later.');
      r.running = r.prepare().then(
        () => {
          this.readiness = null;
        },
        (error: unknown) => {
          r.running = null;
          r.failedAt = Date.now();
          throw error instanceof StoreUnavailableError ? error : Object.assign(new StoreUnavailableError(), { cause: error });
        },
      );
    }
    await r.running;
  }

  /**
   * Runs one statement; connection-level failures become StoreUnavailableError. A `name` makes it
   * a prepared statement: parsed and planned once per connection, then only bound and executed
   * (for the statements every request runs).
   */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[], name?: string): Promise<pg.QueryResult<R>> {
    await this.ensureReady();
    try {
      return await this.pool.query<R>(name ? { name, text, values } : { text, values });
    } catch (error) {
      throw classify(error);
    }
  }

  /** Runs `fn` in one transaction (BEGIN … COMMIT); rolls back if it throws. */
  async transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.ensureReady();
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw classify(error);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true; // the connection is gone: do not return it to the pool
      }
      throw classify(error);
    } finally {
      client.release(broken);
    }
  }

  /** Hides the password when a URL is shown to an operator or written to a log. */
  describe(): string {
    return `PostgreSQL ${redactUrl(this.url)}`;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Turns "the database is not there" into StoreUnavailableError, and a value PostgreSQL cannot
 * store (SQLSTATE class 22, data exception: a NUL character U+0000 in text, a lone surrogate in
 * JSON, a malformed date) into 400 invalid_request — the client's data, never a 500. Everything
 * else is left as it is.
 */
export function classify(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (!(error instanceof AppError) && typeof code === 'string' && SQLSTATE.test(code) && code.startsWith('22')) {
    return new AppError(400, 'invalid_request', 'Invalid request', {
      detail: 'The request contains a value that cannot be stored (for example a NUL character or an invalid date).',
    });
  }
  if (!isUnavailable(error) || error instanceof StoreUnavailableError) return error;
  // The cause stays attached for operator messages (start-up, migrate-store); never sent to clients.
  return Object.assign(new StoreUnavailableError('Access controls are unavailable (the database cannot be reached); retry later.'), { cause: error });
}

