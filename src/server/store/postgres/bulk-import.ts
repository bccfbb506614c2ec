// Copies a whole JSON state (src/server/store/json/state.ts) into an EMPTY PostgreSQL database in one
// transaction: everything or nothing. Used by `rcat-server migrate-store`.
//
// Nothing may be lost, so the copy refuses — before writing anything — when the state holds a
// collection this version has no table for, or a record with a field its table has no column
// for. Table columns are the snake_case of the record fields (accountId → account_id), and each
// batch goes through jsonb_populate_recordset over the table's own row type, so PostgreSQL does
// the type conversion (ISO strings → timestamptz, JSON arrays → text[]).
import type pg from 'pg';
import type { Database } from './database.js';

/** JSON collection → table, in foreign-key order (parents first). */
export const IMPORTED_COLLECTIONS: readonly { collection: string; table: string }[] = [
  { collection: 'accounts', table: 'accounts' },
  { collection: 'agentTokens', table: 'agent_tokens' },
  { collection: 'webSessions', table: 'web_sessions' },
  { collection: 'projects', table: 'projects' },
  { collection: 'projectMembers', table: 'project_members' },
  { collection: 'collections', table: 'collections' },
  { collection: 'shortlistItems', table: 'shortlist_items' },
  { collection: 'inquiryDrafts', table: 'inquiry_drafts' },
  { collection: 'oauthClients', table: 'oauth_clients' },
  { collection: 'oauthPending', table: 'oauth_pending' },
  { collection: 'oauthCodes', table: 'oauth_codes' },
  { collection: 'oauthGrants', table: 'oauth_grants' },
  { collection: 'oauthTokens', table: 'oauth_tokens' },
];

/**
 * Top-level keys of the state that are not copied: the version, and the short-lived failed-attempt
 * counters of the brute-force throttles (forgotten after 30 idle minutes anyway; a migration forgives).
 */
const NON_COLLECTION_KEYS = new Set(['version', 'attemptCounters']);

const BATCH = 1000;

export class ImportRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefusedError';
  }
}

export const toColumn = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface ImportCounts {
  /** Rows written per table. */
  tables: Record<string, number>;
  /** Live limit counters copied. */
  limitCounters: number;
}

export interface UsageCounter {
  key: string;
  count: number;
  expiresAt: number;
}

/** Checks the whole state against the schema first; returns the plan or throws ImportRefusedError. */
async function plan(client: pg.PoolClient, state: Record<string, unknown>) {
  const known = new Map(IMPORTED_COLLECTIONS.map((c) => [c.collection, c.table]));
  for (const [key, value] of Object.entries(state)) {
    if (NON_COLLECTION_KEYS.has(key)) continue;
    if (!known.has(key) && !(Array.isArray(value) && value.length === 0)) {
      throw new ImportRefusedError(`The state has a collection "${key}" that this version cannot copy to PostgreSQL; nothing was written. Upgrade rcat-server, or remove the collection if it is not needed.`);
    }
  }
  const steps: { table: string; rows: Record<string, unknown>[] }[] = [];
  for (const { collection, table } of IMPORTED_COLLECTIONS) {
    const records = state[collection] ?? [];
    if (!Array.isArray(records)) throw new ImportRefusedError(`The state's "${collection}" is not a list; nothing was written.`);
    const { rows: cols } = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    const columns = new Set(cols.map((c) => c.column_name));
    const rows = records.map((record, i) => {
      if (typeof record !== 'object' || record === null) throw new ImportRefusedError(`${collection}[${i}] is not a record; nothing was written.`);
      const row: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(record)) {
        const column = toColumn(field);
        if (!columns.has(column)) {
          throw new ImportRefusedError(`${collection}[${i}] has a field "${field}" with no column in table ${table}; nothing was written.`);
        }
        row[column] = value;
      }
      return row;
    });
    steps.push({ table, rows });
  }
  return steps;
}

async function assertEmpty(client: pg.PoolClient): Promise<void> {
  for (const table of [...IMPORTED_COLLECTIONS.map((c) => c.table), 'limit_counters']) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    if (rows[0]!.n > 0) throw new ImportRefusedError(`The database is not empty (table ${table} has ${rows[0]!.n} row(s)); migrate-store only fills an empty database. Nothing was written.`);
  }
}

export async function importState(db: Database, state: Record<string, unknown>, usage: readonly UsageCounter[]): Promise<ImportCounts> {
  return db.transaction(async (client) => {
    // No other writer (a host started too early) may slip rows in between the check and the copy.
    await client.query(`LOCK TABLE ${[...IMPORTED_COLLECTIONS.map((c) => c.table), 'limit_counters'].join(', ')} IN EXCLUSIVE MODE`);
    await assertEmpty(client);
    const steps = await plan(client, state);
    const tables: Record<string, number> = {};
    for (const { table, rows } of steps) {
      // Only the columns the records have, so `seq` numbers them in array (insertion) order.
      const list = [...new Set(rows.flatMap((r) => Object.keys(r)))].join(', ');
      for (let i = 0; i < rows.length; i += BATCH) {
        await client.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb) WITH ORDINALITY ORDER BY ordinality`, [
          JSON.stringify(rows.slice(i, i + BATCH)),
        ]);
      }
      const { rows: counted } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      if (counted[0]!.n !== rows.length) throw new Error(`table ${table} has ${counted[0]!.n} rows after the copy, expected ${rows.length}`);
      tables[table] = rows.length;
    }
    for (let i = 0; i < usage.length; i += BATCH) {
      const batch = usage.slice(i, i + BATCH);
      await client.query('INSERT INTO limit_counters (key, count, expires_at) SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[])', [
        batch.map((u) => u.key),
        batch.map((u) => u.count),
        batch.map((u) => new Date(u.expiresAt).toISOString()),
      ]);
    }
    return { tables, limitCounters: usage.length };
  });
}
