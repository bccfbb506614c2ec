// The multi-host backend of the limits service (LimitCounterStore, ../ports/limit-counters.ts): window
// counters in the `limit_counters` table, charged by the `rcat_charge_all` function
// (migrations/0002_limit_counters.sql) — one statement that locks all of a request's windows in
// key order and debits all or none. Every host over the same database sees the same counts, so
// two hosts give exactly the 429s that one would.
import type { Database } from './database.js';
import type { ChargeOutcome, CounterWindow, LimitCounterStore } from '../ports/limit-counters.js';

/** Expired counters are dropped now and then (every this many charges per process). */
const PRUNE_EVERY = 500;
/** …keeping an hour of slack so hosts with slightly different clocks never drop a live window. */
const PRUNE_SLACK_MS = 3_600_000;

export class PostgresLimitCounterStore implements LimitCounterStore {
  private charges = 0;

  constructor(private readonly db: Database) {}

  async chargeAll(windows: readonly CounterWindow[]): Promise<ChargeOutcome> {
    if (windows.length === 0) return { allowed: true, counts: [] };
    const keys = windows.map((w) => w.key);
    if (new Set(keys).size !== keys.length) throw new Error(`chargeAll: duplicate window keys ${keys.join(', ')}`);
    for (const w of windows) {
      if (!Number.isSafeInteger(w.amount) || w.amount < 0) throw new Error(`chargeAll: invalid amount ${w.amount} for ${w.key}`);
    }
    const { rows } = await this.db.query<{ allowed: boolean; counts: number[] }>(
      'SELECT allowed, counts FROM rcat_charge_all($1::text[], $2::bigint[], $3::bigint[], $4::timestamptz[])',
      [keys, windows.map((w) => w.amount), windows.map((w) => w.limit), windows.map((w) => new Date(w.expiresAt).toISOString())],
    );
    const row = rows[0]!;
    if (++this.charges % PRUNE_EVERY === 0) void this.prune(Math.min(...windows.map((w) => w.expiresAt)));
    return { allowed: row.allowed, counts: row.counts.map(Number) };
  }

  async peek(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.db.query<{ key: string; count: number }>('SELECT key, count FROM limit_counters WHERE key = ANY ($1::text[])', [keys]);
    const counts = new Map(rows.map((r) => [r.key, Number(r.count)]));
    return keys.map((k) => counts.get(k) ?? 0);
  }

  /** Drops counters whose window ended well before the earliest window of a current request. */
  private async prune(earliestLiveExpiry: number): Promise<void> {
    await this.db
      .query('DELETE FROM limit_counters WHERE expires_at < $1', [new Date(earliestLiveExpiry - PRUNE_SLACK_MS).toISOString()])
      .catch(() => {});
  }

  /** The database pool belongs to the store; closing the store closes it. */
  async close(): Promise<void> {}

  describe(): string {
    return `PostgreSQL table limit_counters (${this.db.describe()})`;
  }
}
