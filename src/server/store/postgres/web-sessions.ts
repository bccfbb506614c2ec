// WebSessionStore over the `web_sessions` table (migrations/0003). Expired sessions are pruned
// when a session is inserted, as in the JSON adapter.
import type { WebSession, WebSessionStore } from '../ports.js';
import type { Database } from './database.js';
import { isoRequired } from './rows.js';

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

export function webSessionFromRow(r: WebSessionRow): WebSession {
  return {
    id: r.id,
    accountId: r.account_id,
    tokenHash: r.token_hash,
    csrfToken: r.csrf_token,
    createdAt: isoRequired(r.created_at),
    lastSeenAt: isoRequired(r.last_seen_at),
    expiresAt: isoRequired(r.expires_at),
    idleExpiresAt: isoRequired(r.idle_expires_at),
  };
}

export class PostgresWebSessionStore implements WebSessionStore {
  constructor(private readonly db: Database) {}

  async insert(s: WebSession, now: Date): Promise<void> {
    await this.db.transaction(async (client) => {
      await client.query('DELETE FROM web_sessions WHERE LEAST(expires_at, idle_expires_at) <= $1', [now.toISOString()]);
      await client.query(
        `INSERT INTO web_sessions (id, account_id, token_hash, csrf_token, created_at, last_seen_at, expires_at, idle_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [s.id, s.accountId, s.tokenHash, s.csrfToken, s.createdAt, s.lastSeenAt, s.expiresAt, s.idleExpiresAt],
      );
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
