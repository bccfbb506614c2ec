// AgentTokenStore over the `agent_tokens` table (migrations/0001). Tokens are stored only as
// their SHA-256 hash.
import type { Account, AgentToken, AgentTokenStore } from '../ports/index.js';
import type { Database } from './database.js';
import { fromJsonRow, insertStatement, lastUsedUpdate, recordFromRow } from './rows.js';

interface AgentTokenRow {
  id: string;
  account_id: string;
  label: string;
  scopes: string[];
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Columns are the snake_case of the fields (migrations/*.sql), so the generic mapping applies. */
export const agentTokenFromRow = (r: AgentTokenRow): AgentToken => recordFromRow<AgentToken>(r as unknown as Record<string, unknown>);

export class PostgresAgentTokenStore implements AgentTokenStore {
  constructor(private readonly db: Database) {}

  async insert(t: AgentToken): Promise<void> {
    await this.db.query(...insertStatement('agent_tokens', t));
  }

  async findByHash(tokenHash: string): Promise<AgentToken | null> {
    const { rows } = await this.db.query<AgentTokenRow>('SELECT * FROM agent_tokens WHERE token_hash = $1', [tokenHash]);
    return rows[0] ? agentTokenFromRow(rows[0]) : null;
  }

  /** The token and its account in one statement (a prepared one: a host runs it for every token it has not seen yet). */
  async findByHashWithAccount(tokenHash: string): Promise<{ token: AgentToken; account: Account | null } | null> {
    const { rows } = await this.db.query<{ token: Record<string, unknown>; account: Record<string, unknown> | null }>(
      'SELECT to_jsonb(t) AS token, to_jsonb(a) AS account FROM agent_tokens t LEFT JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = $1',
      [tokenHash],
      'rcat_agent_token_with_account',
    );
    const row = rows[0];
    return row ? { token: fromJsonRow<AgentToken>(row.token), account: row.account ? fromJsonRow<Account>(row.account) : null } : null;
  }

  async getById(id: string): Promise<AgentToken | null> {
    const { rows } = await this.db.query<AgentTokenRow>('SELECT * FROM agent_tokens WHERE id = $1', [id]);
    return rows[0] ? agentTokenFromRow(rows[0]) : null;
  }

  async listForAccount(accountId: string): Promise<AgentToken[]> {
    const { rows } = await this.db.query<AgentTokenRow>('SELECT * FROM agent_tokens WHERE account_id = $1 ORDER BY seq', [accountId]);
    return rows.map(agentTokenFromRow);
  }

  async revoke(id: string, at: string): Promise<AgentToken | null> {
    // COALESCE keeps the first revocation time: revoking twice is idempotent.
    const { rows } = await this.db.query<AgentTokenRow>('UPDATE agent_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING *', [id, at]);
    return rows[0] ? agentTokenFromRow(rows[0]) : null;
  }

  async touch(updates: { id: string; lastUsedAt: string }[]): Promise<void> {
    if (updates.length === 0) return;
    await this.db.query(...lastUsedUpdate('agent_tokens', updates));
  }
}
