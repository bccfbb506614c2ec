// Store selection: the JSON file in the data dir (embedded default, one host) or PostgreSQL
// (`--store postgres://…` or RCAT_DATABASE_URL; several hosts over one database).
import { type Environment, readEnvironment } from '../config.js';
import { StoreUnavailableError } from '../errors.js';
import { JsonStore } from './json/index.js';
import type { Store } from './ports/index.js';
import type { PostgresStore } from './postgres/index.js';
import { redactUrl } from './postgres/url.js';

export interface StoreSelection {
  /** A postgres:// (or postgresql://) URL; absent → the JSON file in `dataDir`. */
  store?: string | undefined;
  dataDir: string;
}

export class StoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConfigError';
  }
}

/** The database URL in effect: the explicit setting, else RCAT_DATABASE_URL, else none. */
export function databaseUrlOf(selection: Pick<StoreSelection, 'store'>, env: Environment = readEnvironment()): string | null {
  const value = (selection.store ?? env.databaseUrl ?? '').trim();
  if (value === '' || value === 'json') return null;
  if (!/^postgres(ql)?:\/\//i.test(value)) {
    throw new StoreConfigError('--store / RCAT_DATABASE_URL must be a postgres://user:password@host:port/database URL (or "json" for the data dir\'s JSON file).');
  }
  try {
    new URL(value);
  } catch {
    throw new StoreConfigError('--store / RCAT_DATABASE_URL is not a valid URL (percent-encode special characters in the password).');
  }
  return value;
}

/** Opens the selected store. A database that cannot be reached is a StoreConfigError with an
 *  operator message (the URL shown without its password), unless `waitForDatabase`. */
export async function openStore(selection: StoreSelection, log?: (line: string) => void, options: { waitForDatabase?: boolean } = {}): Promise<Store> {
  const url = databaseUrlOf(selection);
  if (url === null) return JsonStore.open(selection.dataDir);
  return openPostgres(url, log, options);
}

/** `waitForDatabase` (the server): start even if the database is down, answering 503 until it is up. */
export async function openPostgres(url: string, log?: (line: string) => void, options: { waitForDatabase?: boolean } = {}): Promise<PostgresStore> {
  try {
    // Loaded here: a host on the JSON store never loads the PostgreSQL client (several MB resident).
    const { PostgresStore } = await import('./postgres/index.js');
    return await PostgresStore.open(url, { log, ...options });
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      const cause = (error as { cause?: unknown }).cause;
      throw new StoreConfigError(`Cannot reach PostgreSQL at ${redactUrl(url)}: ${(cause as Error)?.message ?? 'unavailable'}.`);
    }
    throw error;
  }
}

/** True when state lives in a shared database (so several hosts may serve at once). */
