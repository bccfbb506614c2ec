// WebSessionStore over the `web_sessions` table (migrations/0003). Expired sessions are pruned
// when a session is inserted, as in the JSON adapter.
import type { WebSession, WebSessionStore } from '../ports/index.js';
import type { Database } from './database.js';
import { insertStatement, recordFromRow } from './rows.js';

interface WebSessionRow {
  id: string;
  account_id: string;
  token_hash: string;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  idle_expires_at: Date;
}

/** Columns are the snake_case of the fields (migrations/*.sql), so the generic mapping applies. */
export const webSessionFromRow = (r: WebSessionRow): WebSession => recordFromRow<WebSession>(r as unknown as Record<string, unknown>);

export class PostgresWebSessionStore implements WebSessionStore {
  constructor(private readonly db: Database) {}

  async insert(s: WebSession, now: Date): Promise<void> {
    await this.db.transaction(async (client) => {
      await client.query('DELETE FROM web_sessions WHERE LEAST(expires_at, idle_expires_at) <= $1', [now.toISOString()]);
      await client.query(...insertStatement('web_sessions', s));
    });
  }

  async findByHash(tokenHash: string): Promise<WebSession | null> {
    const { rows } = await this.db.query<WebSessionRow>('SELECT * FROM web_sessions WHERE token_hash = $1', [tokenHash]);
    return rows[0] ? webSessionFromRow(rows[0]) : null;
  }

  async touch(id: string, lastSeenAt: string, idleExpiresAt: string): Promise<void> {
    await this.db.query('UPDATE web_sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id = $1 AND last_seen_at < $2', [id, lastSeenAt, idleExpiresAt]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM web_sessions WHERE id = $1', [id]);
  }

  async deleteForAccount(accountId: string): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM web_sessions WHERE account_id = $1', [accountId]);
    return rowCount ?? 0;
  }
}
