// The multi-host backend of the limits service (LimitCounterStore, ../ports/limit-counters.ts): window
// counters in the `limit_counters` table, charged by `rcat_charge_checked`
// (migrations/0008_checked_charges.sql) — one statement that re-checks each charge's bearer
// credential, locks all the windows of the batch in key order and debits each charge all or none.
// Every host over the same database sees the same counts, so two hosts give exactly the 429s
// that one would.
//
// Charges are batched: while one batch is in the database, the charges that arrive wait and go
// together in the next statement (a group commit). At low load every charge is a batch of one, so
// nothing waits; under load one statement, one transaction and one round trip serve many
// requests, and the counters of a busy account or company are locked once per batch, not once
// per request. Charges are applied in arrival order, each against the counts left by those
// before it, so the outcome is the one they would have had one by one.
import type { Database } from './database.js';
import type { ChargeOutcome, CounterWindow, CredentialCheck, LimitCounterStore } from '../ports/limit-counters.js';

/** Expired counters are dropped now and then (every this many charges per process). */
const PRUNE_EVERY = 500;
/** …keeping an hour of slack so hosts with slightly different clocks never drop a live window. */
const PRUNE_SLACK_MS = 3_600_000;
/** At most this many charges in one statement (bounds its size and the time its locks are held). */
const MAX_BATCH = 128;
/**
 * Charge statements in flight at once per process. One: the next batch forms while the current one
 * runs, so the batch grows with the load; measured against two and four on one busy account, one
 * gave the most requests per second at 10 and at 64 concurrent clients (bench/postgres.bench.ts).
 */
const MAX_IN_FLIGHT = 1;

const CHARGE_SQL = 'SELECT checked, allowed, counts FROM rcat_charge_checked($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::int[], $8::int[], $9::bigint[], $10::bigint[], $11::text[], $12::timestamptz[])';

interface PendingCharge {
  credential: CredentialCheck | null;
  windows: readonly CounterWindow[];
  resolve(outcome: ChargeOutcome | null): void;
  reject(error: unknown): void;
}

export class PostgresLimitCounterStore implements LimitCounterStore {
  private charges = 0;
  private queue: PendingCharge[] = [];
  private inFlight = 0;

  constructor(private readonly db: Database) {}

  async chargeAll(windows: readonly CounterWindow[]): Promise<ChargeOutcome> {
    if (windows.length === 0) return { allowed: true, counts: [] };
    return (await this.submit(null, windows))!;
  }

  chargeAllChecked(credential: CredentialCheck, windows: readonly CounterWindow[]): Promise<ChargeOutcome | null> {
    return this.submit(credential, windows);
  }

  private submit(credential: CredentialCheck | null, windows: readonly CounterWindow[]): Promise<ChargeOutcome | null> {
    const keys = windows.map((w) => w.key);
    if (new Set(keys).size !== keys.length) return Promise.reject(new Error(`chargeAll: duplicate window keys ${keys.join(', ')}`));
    for (const w of windows) {
      if (!Number.isSafeInteger(w.amount) || w.amount < 0) return Promise.reject(new Error(`chargeAll: invalid amount ${w.amount} for ${w.key}`));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ credential, windows, resolve, reject });
      if (this.inFlight < MAX_IN_FLIGHT) void this.sendBatch();
    });
  }

  private async sendBatch(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.inFlight++;
    try {
      const { rows } = await this.db.query<{ checked: boolean; allowed: boolean; counts: number[] | null }>(CHARGE_SQL, batchParameters(batch), 'rcat_charge_checked');
      batch.forEach((charge, i) => {
        const row = rows[i]!;
        charge.resolve(row.checked ? { allowed: row.allowed, counts: row.counts!.map(Number) } : null);
      });
      this.charges += batch.length;
      if (this.charges >= PRUNE_EVERY) {
        this.charges = 0;
        void this.prune(Math.min(...batch.flatMap((c) => c.windows.map((w) => w.expiresAt))));
      }
    } catch (error) {
      for (const charge of batch) charge.reject(error);
    } finally {
      this.inFlight--;
      if (this.queue.length > 0 && this.inFlight < MAX_IN_FLIGHT) void this.sendBatch();
    }
  }

  async peek(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.db.query<{ key: string; count: number }>('SELECT key, count FROM limit_counters WHERE key = ANY ($1::text[])', [keys], 'rcat_peek_counters');
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

/** The parallel arrays rcat_charge_checked takes (see the migration). */
function batchParameters(batch: readonly PendingCharge[]): unknown[] {
  const kinds: (string | null)[] = [];
  const hashes: (string | null)[] = [];
  const accounts: (string | null)[] = [];
  const plans: (string | null)[] = [];
  const paidUntil: (string | null)[] = [];
  const companies: (string | null)[] = [];
  const first: number[] = [];
  const keyOf: number[] = [];
  const amounts: number[] = [];
  const limits: (number | null)[] = [];
  const keys: string[] = [];
  const expires: string[] = [];
  const keyIndex = new Map<string, number>();
  for (const { credential: c, windows } of batch) {
    kinds.push(c?.kind ?? null);
    hashes.push(c?.tokenHash ?? null);
    accounts.push(c?.accountId ?? null);
    plans.push(c?.plan ?? null);
    paidUntil.push(c?.paidUntil ?? null);
    companies.push(c?.company ?? null);
    first.push(keyOf.length + 1);
    for (const w of windows) {
      let index = keyIndex.get(w.key);
      if (index === undefined) {
        keys.push(w.key);
        expires.push(new Date(w.expiresAt).toISOString());
        index = keys.length;
        keyIndex.set(w.key, index);
      }
      keyOf.push(index);
      amounts.push(w.amount);
      limits.push(w.limit);
    }
  }
  return [kinds, hashes, accounts, plans, paidUntil, companies, first, keyOf, amounts, limits, keys, expires];
}
