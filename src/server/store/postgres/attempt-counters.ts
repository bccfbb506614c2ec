// Failed-attempt counters (../ports/attempt-counters.ts) in the `attempt_counters` table
// (migrations/0006). Admission is one transaction that locks the attempt's rows — an
// INSERT … ON CONFLICT DO UPDATE creates missing rows and row-locks existing ones, in key order so
// two hosts never deadlock — then applies the same pure rules as the JSON adapter. Every host
// over the database therefore sees and counts the same failures.
import {
  type AttemptAdmission,
  type AttemptCounter,
  type AttemptCounterStore,
  type AttemptKey,
  type AttemptSettlement,
  type BackoffPolicy,
  blockedFor,
  decide,
  liveCounter,
  refunded,
} from '../ports/attempt-counters.js';
import type { Database } from './database.js';

interface CounterRow {
  space: string;
  key_hash: string;
  failures: number;
  last_failure_at: number;
  blocked_until: number;
}

const id = (k: { space: string; keyHash: string }) => `${k.space}\n${k.keyHash}`;
const counterOf = (r: CounterRow | undefined): AttemptCounter | null =>
  r ? { failures: Number(r.failures), lastFailureAt: Number(r.last_failure_at), blockedUntil: Number(r.blocked_until) } : null;

/** Thrown inside the transaction to roll back the rows it created for a refused attempt. */
class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('refused');
  }
}

const SELECT_KEYS = `SELECT c.* FROM attempt_counters c JOIN unnest($1::text[], $2::text[]) AS k(space, key_hash)
  ON c.space = k.space AND c.key_hash = k.key_hash`;

export class PostgresAttemptCounterStore implements AttemptCounterStore {
  constructor(private readonly db: Database) {}

  async admit(keys: AttemptKey[], policy: BackoffPolicy, now: number): Promise<AttemptAdmission> {
    const spaces = keys.map((k) => k.space);
    const hashes = keys.map((k) => k.keyHash);
    // A blocked key is answered without a write or a lock: refused attempts stay cheap.
    const { rows: seen } = await this.db.query<CounterRow>(SELECT_KEYS, [spaces, hashes]);
    const seenById = new Map(seen.map((r) => [id({ space: r.space, keyHash: r.key_hash }), r]));
    const wait = Math.max(0, ...keys.map((k) => blockedFor(liveCounter(counterOf(seenById.get(id(k))), policy, now), now)));
    if (wait > 0) return { admitted: false, retryAfterMs: wait };
    try {
      return await this.db.transaction(async (client) => {
        const { rows } = await client.query<CounterRow>(
          `INSERT INTO attempt_counters AS c (space, key_hash, failures, last_failure_at, blocked_until)
             SELECT space, key_hash, 0, 0, 0 FROM unnest($1::text[], $2::text[]) AS k(space, key_hash) ORDER BY space, key_hash
           ON CONFLICT (space, key_hash) DO UPDATE SET failures = c.failures
           RETURNING c.*`,
          [spaces, hashes],
        );
        const byId = new Map(rows.map((r) => [id({ space: r.space, keyHash: r.key_hash }), r]));
        const decision = decide(keys, keys.map((k) => counterOf(byId.get(id(k)))), policy, now);
        if ('retryAfterMs' in decision) throw new Refused(decision.retryAfterMs);
        await client.query(
          `UPDATE attempt_counters AS c SET failures = u.failures, last_failure_at = u.last_failure_at, blocked_until = u.blocked_until
             FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[], $5::bigint[]) AS u(space, key_hash, failures, last_failure_at, blocked_until)
            WHERE c.space = u.space AND c.key_hash = u.key_hash`,
          [spaces, hashes, decision.next.map((n) => n.failures), decision.next.map((n) => n.lastFailureAt), decision.next.map((n) => n.blockedUntil)],
        );
        return { admitted: true as const, receipts: decision.receipts };
      });
    } catch (error) {
      if (error instanceof Refused) return { admitted: false, retryAfterMs: error.retryAfterMs };
      throw error;
    }
  }

  async settle(settlements: AttemptSettlement[], now: number): Promise<void> {
    if (settlements.length === 0) return;
    const spaces = settlements.map((s) => s.receipt.space);
    const hashes = settlements.map((s) => s.receipt.keyHash);
    await this.db.transaction(async (client) => {
      const { rows } = await client.query<CounterRow>(`${SELECT_KEYS} ORDER BY c.space, c.key_hash FOR UPDATE OF c`, [spaces, hashes]);
      const byId = new Map(rows.map((r) => [id({ space: r.space, keyHash: r.key_hash }), r]));
      for (const { receipt, action } of settlements) {
        const current = counterOf(byId.get(id(receipt)));
        if (!current) continue;
        const next = action === 'clear' ? null : refunded(current, receipt, now);
        if (next) {
          await client.query('UPDATE attempt_counters SET failures = $3, last_failure_at = $4, blocked_until = $5 WHERE space = $1 AND key_hash = $2', [
            receipt.space,
            receipt.keyHash,
            next.failures,
            next.lastFailureAt,
            next.blockedUntil,
          ]);
        } else {
          await client.query('DELETE FROM attempt_counters WHERE space = $1 AND key_hash = $2', [receipt.space, receipt.keyHash]);
        }
      }
    });
  }

  async prune(space: string, policy: BackoffPolicy, now: number): Promise<void> {
    await this.db.query('DELETE FROM attempt_counters WHERE space = $1 AND last_failure_at < $2 AND blocked_until <= $3', [space, now - policy.forgetAfterMs, now]);
    await this.db.query(
      `DELETE FROM attempt_counters WHERE space = $1 AND key_hash IN (
         SELECT key_hash FROM attempt_counters WHERE space = $1 ORDER BY last_failure_at DESC OFFSET $2)`,
      [space, policy.maxEntries],
    );
  }
}
