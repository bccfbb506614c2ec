// OAuthStore (src/server/store/ports/oauth.ts) over the oauth_* tables (migrations/0005, 0007). Code
// redemption and refresh rotation lock their row (SELECT … FOR UPDATE) inside one transaction,
// so a code or a refresh token is redeemed once across all hosts, and a replay revokes the grant.
import type pg from 'pg';
import type {
  AuthorizationCodeRecord,
  OAuthClientRecord,
  OAuthGrantRecord,
  OAuthStore,
  OAuthTokenRecord,
  PendingAuthorization,
  Redemption,
  RegistrationAdmission,
  RegistrationLimits,
} from '../ports/oauth.js';
import { admitRegistration, REPLAYED_CODE, SPENT_CODE } from '../ports/oauth.js';
import type { Database } from './database.js';
import { fromJsonRow, insertStatement, lastUsedUpdate, recordFromRow } from './rows.js';

/** Used codes are kept a while past expiry so a late replay still revokes the family (as JSON). */
const CODE_KEEP_MS = 60 * 60 * 1000;

/** Advisory-lock key serialising registrations (a fixed 64-bit number, unique to rcat). */
const REGISTRATION_LOCK_KEY = '7234916254218307432';

/** A client row `c` no code was ever issued to (no grant, no code names it): an unused registration. */
const UNUSED = 'NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = c.client_id) AND NOT EXISTS (SELECT 1 FROM oauth_codes k WHERE k.client_id = c.client_id)';

/** Unused registrations created at or before this have lapsed. */
function lapsedBefore(now: Date, limits: Pick<RegistrationLimits, 'unusedLifetimeMs'>): string {
  return new Date(now.getTime() - limits.unusedLifetimeMs).toISOString();
}

async function insertRecord(c: { query(text: string, values?: unknown[]): Promise<unknown> }, table: string, record: object): Promise<void> {
  await c.query(...insertStatement(table, record));
}

async function prune(c: Pick<pg.PoolClient, 'query'>, now: Date): Promise<void> {
  await c.query('DELETE FROM oauth_pending WHERE expires_at <= $1', [now.toISOString()]);
  await c.query('DELETE FROM oauth_codes WHERE expires_at <= $1', [new Date(now.getTime() - CODE_KEEP_MS).toISOString()]);
  // Rotated refresh tokens stay until they expire: a replay of one must still be recognised.
  await c.query('DELETE FROM oauth_tokens WHERE expires_at <= $1 OR grant_id IN (SELECT id FROM oauth_grants WHERE revoked_at IS NOT NULL)', [now.toISOString()]);
}

async function revokeGrantIn(c: Pick<pg.PoolClient, 'query'>, grantId: string, at: string, reason: string): Promise<OAuthGrantRecord | null> {
  const { rows } = await c.query(
    `UPDATE oauth_grants SET revoked_reason = CASE WHEN revoked_at IS NULL THEN $3 ELSE revoked_reason END, revoked_at = COALESCE(revoked_at, $2)
      WHERE id = $1 RETURNING *`,
    [grantId, at, reason],
  );
  await c.query('UPDATE oauth_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE grant_id = $1', [grantId, at]);
  return rows[0] ? recordFromRow<OAuthGrantRecord>(rows[0]) : null;
}

export class PostgresOAuthStore implements OAuthStore {
  constructor(private readonly db: Database) {}

  async getClient(clientId: string, now: Date, limits: Pick<RegistrationLimits, 'unusedLifetimeMs'>): Promise<OAuthClientRecord | null> {
    const { rows } = await this.db.query(`SELECT * FROM oauth_clients c WHERE c.client_id = $1 AND (c.created_at > $2 OR NOT (${UNUSED}))`, [clientId, lapsedBefore(now, limits)]);
    return rows[0] ? recordFromRow<OAuthClientRecord>(rows[0]) : null;
  }

  insertClient(client: OAuthClientRecord, limits: RegistrationLimits, now: Date): Promise<RegistrationAdmission> {
    return this.db.transaction(async (c) => {
      // One registration at a time on every host, so the counts below are exact.
      await c.query('SELECT pg_advisory_xact_lock($1)', [REGISTRATION_LOCK_KEY]);
      await c.query(`DELETE FROM oauth_clients AS c WHERE c.created_at <= $1 AND ${UNUSED}`, [lapsedBefore(now, limits)]);
      const { rows } = await c.query(`SELECT client_id, registered_from, created_at FROM oauth_clients AS c WHERE ${UNUSED} ORDER BY created_at, seq`);
      const unused = rows.map((r) => ({ clientId: r.client_id as string, registeredFrom: r.registered_from as string | null, createdAt: new Date(r.created_at).toISOString() }));
      const decision = admitRegistration(unused, client.registeredFrom, limits, now);
      if (!decision.admitted) return { admitted: false, retryAfterMs: decision.retryAfterMs };
      const evicted = unused.slice(0, decision.evict).map((u) => u.clientId);
      if (evicted.length) await c.query('DELETE FROM oauth_clients WHERE client_id = ANY($1::text[])', [evicted]);
      await insertRecord(c, 'oauth_clients', client);
      return { admitted: true };
    });
  }

  async insertPending(pending: PendingAuthorization, now: Date): Promise<void> {
    await this.db.transaction(async (c) => {
      await c.query('DELETE FROM oauth_pending WHERE expires_at <= $1', [now.toISOString()]);
      await insertRecord(c, 'oauth_pending', pending);
    });
  }

  async getPending(id: string): Promise<PendingAuthorization | null> {
    const { rows } = await this.db.query('SELECT * FROM oauth_pending WHERE id = $1', [id]);
    return rows[0] ? recordFromRow<PendingAuthorization>(rows[0]) : null;
  }

  async takePending(id: string): Promise<PendingAuthorization | null> {
    // DELETE … RETURNING: exactly one caller gets the row, on any host.
    const { rows } = await this.db.query('DELETE FROM oauth_pending WHERE id = $1 RETURNING *', [id]);
    return rows[0] ? recordFromRow<PendingAuthorization>(rows[0]) : null;
  }

  async insertCode(code: AuthorizationCodeRecord, now: Date): Promise<void> {
    await this.db.transaction(async (c) => {
      await prune(c, now);
      await insertRecord(c, 'oauth_codes', code);
    });
  }

  redeemCode(
    codeHash: string,
    at: Date,
    decide: (code: AuthorizationCodeRecord) => Redemption<{ grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] }>,
    isReplay: (code: AuthorizationCodeRecord) => boolean,
  ): Promise<Redemption<{ grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] }> | null> {
    return this.db.transaction(async (c) => {
      const { rows } = await c.query('SELECT * FROM oauth_codes WHERE code_hash = $1 FOR UPDATE', [codeHash]);
      if (!rows[0]) return null;
      const code = recordFromRow<AuthorizationCodeRecord>(rows[0]);
      if (code.usedAt) {
        if (!isReplay({ ...code })) return { ok: false, reason: SPENT_CODE };
        await revokeGrantIn(c, code.grantId, at.toISOString(), 'code_reuse');
        return { ok: false, reason: REPLAYED_CODE, revokedGrant: true };
      }
      await c.query('UPDATE oauth_codes SET used_at = $2 WHERE code_hash = $1', [codeHash, at.toISOString()]);
      const decision = decide({ ...code, usedAt: at.toISOString() });
      if (decision.ok) {
        await insertRecord(c, 'oauth_grants', decision.value.grant);
        for (const token of decision.value.tokens) await insertRecord(c, 'oauth_tokens', token);
      }
      await prune(c, at);
      return decision;
    });
  }

  rotateRefreshToken(
    tokenHash: string,
    at: Date,
    decide: (token: OAuthTokenRecord, grant: OAuthGrantRecord) => Redemption<{ tokens: OAuthTokenRecord[]; grantExpiresAt: string }>,
  ): Promise<Redemption<{ tokens: OAuthTokenRecord[]; grant: OAuthGrantRecord }> | null> {
    return this.db.transaction(async (c) => {
      const found = await c.query(`SELECT * FROM oauth_tokens WHERE token_hash = $1 AND kind = 'refresh' FOR UPDATE`, [tokenHash]);
      if (!found.rows[0]) return null;
      const token = recordFromRow<OAuthTokenRecord>(found.rows[0]);
      const grantRows = await c.query('SELECT * FROM oauth_grants WHERE id = $1 FOR UPDATE', [token.grantId]);
      if (!grantRows.rows[0]) return null;
      const grant = recordFromRow<OAuthGrantRecord>(grantRows.rows[0]);
      if (token.rotatedAt && !grant.revokedAt) {
        await revokeGrantIn(c, grant.id, at.toISOString(), 'refresh_reuse');
        return { ok: false, reason: 'The refresh token was already used; every token of this connection is revoked.', revokedGrant: true };
      }
      const decision = decide({ ...token }, { ...grant });
      if (!decision.ok) return decision;
      await c.query('UPDATE oauth_tokens SET rotated_at = $2 WHERE id = $1', [token.id, at.toISOString()]);
      for (const t of decision.value.tokens) await insertRecord(c, 'oauth_tokens', t);
      const updated = await c.query('UPDATE oauth_grants SET expires_at = $2, last_used_at = $3 WHERE id = $1 RETURNING *', [grant.id, decision.value.grantExpiresAt, at.toISOString()]);
      await prune(c, at);
      return { ok: true as const, value: { tokens: decision.value.tokens, grant: recordFromRow<OAuthGrantRecord>(updated.rows[0]!) } };
    });
  }

  async findTokenByHash(tokenHash: string): Promise<{ token: OAuthTokenRecord; grant: OAuthGrantRecord } | null> {
    const { rows } = await this.db.query('SELECT to_jsonb(t) AS token, to_jsonb(g) AS grant FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = $1', [tokenHash]);
    if (!rows[0]) return null;
    return { token: fromJsonRow<OAuthTokenRecord>(rows[0].token), grant: fromJsonRow<OAuthGrantRecord>(rows[0].grant) };
  }

  async revokeToken(tokenId: string, at: Date): Promise<void> {
    await this.db.query('UPDATE oauth_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1', [tokenId, at.toISOString()]);
  }

  revokeGrant(grantId: string, at: Date, reason: string): Promise<OAuthGrantRecord | null> {
    return this.db.transaction((c) => revokeGrantIn(c, grantId, at.toISOString(), reason));
  }

  async getGrant(grantId: string): Promise<OAuthGrantRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM oauth_grants WHERE id = $1', [grantId]);
    return rows[0] ? recordFromRow<OAuthGrantRecord>(rows[0]) : null;
  }

  async listGrantsForAccount(accountId: string): Promise<OAuthGrantRecord[]> {
    const { rows } = await this.db.query('SELECT * FROM oauth_grants WHERE account_id = $1 ORDER BY seq', [accountId]);
    return rows.map((r) => recordFromRow<OAuthGrantRecord>(r));
  }

  async touchGrants(updates: { id: string; lastUsedAt: string }[]): Promise<void> {
    if (updates.length === 0) return;
    await this.db.query(...lastUsedUpdate('oauth_grants', updates));
  }
}

