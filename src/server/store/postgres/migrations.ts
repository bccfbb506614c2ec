// Schema migrations: versioned SQL files in the repository's `migrations/` folder
// (NNNN_name.sql), applied in order on every start, each in its own transaction, and recorded in
// `schema_migrations` with a checksum. Idempotent: an applied version is never run again.
//
// Several hosts may start at once over one database, so the whole run holds a session-level
// advisory lock (pg_advisory_lock): the second host waits, then finds nothing left to apply.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { classify } from './database.js';

/** The shipped migrations: <package root>/migrations (the same path from src/ and dist/). */
export const MIGRATIONS_DIR = path.resolve(fileURLToPath(import.meta.url), '../../../../../migrations');

/** Advisory-lock key for migrations: a fixed 64-bit number ("rcat" + "mig"), any value unique to us. */
const MIGRATION_LOCK_KEY = '7234916254218307431';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

import { MigrationError } from '../../errors.js';

export { MigrationError };

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f));
  const migrations = files
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.slice(5, -4),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`Migrations must be numbered 0001, 0002, … without gaps; found ${m.version} at position ${i + 1} in ${dir}.`);
  });
  return migrations;
}

export interface MigrationReport {
  applied: string[];
  /** Schema version after the run; -1 when the server started before the database was reachable. */
  current: number;
}

/** Brings the database schema up to date. Throws MigrationError when it cannot (see messages). */
export async function migrate(pool: pg.Pool, migrations = loadMigrations()): Promise<MigrationReport> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw classify(error);
  }
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        checksum   text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await client.query<{ version: number; name: string; checksum: string }>('SELECT version, name, checksum FROM schema_migrations ORDER BY version');
      const known = new Map(migrations.map((m) => [m.version, m]));
      for (const row of rows) {
        const m = known.get(row.version);
        if (!m) {
          throw new MigrationError(`The database schema is at version ${row.version} (${row.name}), newer than this rcat-server knows (${migrations.length}). Upgrade rcat-server before starting it on this database.`);
        }
        if (m.checksum !== row.checksum) {
          throw new MigrationError(`Migration ${String(m.version).padStart(4, '0')}_${m.name}.sql differs from the one applied to this database. Applied migrations must never be edited; add a new one instead.`);
        }
      }
      const done = new Set(rows.map((r) => r.version));
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          if (error instanceof MigrationError) throw error;
          const unavailable = classify(error);
          if (unavailable !== error) throw unavailable;
          throw new MigrationError(`Migration ${String(m.version).padStart(4, '0')}_${m.name}.sql failed: ${(error as Error).message}`);
        }
        applied.push(`${String(m.version).padStart(4, '0')}_${m.name}`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } catch (error) {
    client.release(true);
    throw error instanceof MigrationError ? error : classify(error);
  }
  client.release();
  return { applied, current: migrations.length };
}
