// JSON-file adapter of the OAuth store port (src/server/store/ports/oauth.ts). Each method is one
// `mutate` or `read`, so code redemption and refresh rotation are atomic across processes.
// Expired codes, pending requests and tokens are pruned on writes so the file does not grow;
// lapsed unused client registrations on the next registration (RegistrationLimits).
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
import { admitRegistration, REPLAYED_CODE, SPENT_CODE, unusedRegistrationLives } from '../ports/oauth.js';
import type { JsonFileStore } from './json-file.js';
import { findBy } from './lookup.js';
import { collection, type State } from './state.js';

const clients = (s: State) => collection<OAuthClientRecord>(s, 'oauthClients');
const pendings = (s: State) => collection<PendingAuthorization>(s, 'oauthPending');
const codes = (s: State) => collection<AuthorizationCodeRecord>(s, 'oauthCodes');
const grants = (s: State) => collection<OAuthGrantRecord>(s, 'oauthGrants');
const tokens = (s: State) => collection<OAuthTokenRecord>(s, 'oauthTokens');

/** Used codes are kept a while past expiry so a late replay still revokes the family. */
const CODE_KEEP_MS = 60 * 60 * 1000;
const MAX_PENDING_PER_SESSION = 20;

function pruneInPlace<T>(list: T[], keep: (item: T) => boolean): void {
  const kept = list.filter(keep);
  list.splice(0, list.length, ...kept);
}

function prune(state: State, now: Date): void {
  const t = now.getTime();
  pruneInPlace(pendings(state), (p) => Date.parse(p.expiresAt) > t);
  pruneInPlace(codes(state), (c) => Date.parse(c.expiresAt) + CODE_KEEP_MS > t);
  const revokedGrants = new Set(grants(state).filter((g) => g.revokedAt).map((g) => g.id));
  // Rotated refresh tokens stay until they expire: a replay of one must still be recognised.
  pruneInPlace(tokens(state), (k) => Date.parse(k.expiresAt) > t && !revokedGrants.has(k.grantId));
}

/** Clients that were ever issued a code (a grant or a code names them): registrations in use. */
function authorizedClients(state: State): Set<string> {
  const ids = new Set<string>();
  for (const g of (state.oauthGrants as OAuthGrantRecord[] | undefined) ?? []) ids.add(g.clientId);
  for (const c of (state.oauthCodes as AuthorizationCodeRecord[] | undefined) ?? []) ids.add(c.clientId);
  return ids;
}

function revokeGrantIn(state: State, grantId: string, at: string, reason: string): OAuthGrantRecord | null {
  const grant = grants(state).find((g) => g.id === grantId);
  if (grant && !grant.revokedAt) {
    grant.revokedAt = at;
    grant.revokedReason = reason;
  }
  for (const token of tokens(state)) if (token.grantId === grantId) token.revokedAt ??= at;
  return grant ? { ...grant } : null;
}

export class JsonOAuthStore implements OAuthStore {
  constructor(private readonly file: JsonFileStore) {}

  getClient(clientId: string, now: Date, limits: Pick<RegistrationLimits, 'unusedLifetimeMs'>): Promise<OAuthClientRecord | null> {
    return this.file.read((s) => {
      const client = (s.oauthClients as OAuthClientRecord[] | undefined)?.find((c) => c.clientId === clientId);
      if (!client) return null;
      if (!unusedRegistrationLives(client.createdAt, limits, now) && !authorizedClients(s).has(clientId)) return null;
      return { ...client, registeredFrom: client.registeredFrom ?? null };
    });
  }

  insertClient(client: OAuthClientRecord, limits: RegistrationLimits, now: Date): Promise<RegistrationAdmission> {
    return this.file.mutate((s) => {
      const list = clients(s);
      const authorized = authorizedClients(s);
      const isUnused = (c: OAuthClientRecord) => !authorized.has(c.clientId);
      pruneInPlace(list, (c) => !isUnused(c) || unusedRegistrationLives(c.createdAt, limits, now));
      const unused = list.filter(isUnused).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const decision = admitRegistration(unused.map((c) => ({ registeredFrom: c.registeredFrom ?? null, createdAt: c.createdAt })), client.registeredFrom, limits, now);
      if (!decision.admitted) return { admitted: false, retryAfterMs: decision.retryAfterMs };
      const evicted = new Set(unused.slice(0, decision.evict).map((c) => c.clientId));
      if (evicted.size) pruneInPlace(list, (c) => !evicted.has(c.clientId));
      list.push(client);
      return { admitted: true };
    });
  }

  async insertPending(pending: PendingAuthorization, now: Date): Promise<void> {
    await this.file.mutate((s) => {
      prune(s, now);
      const list = pendings(s);
      // A session that reloads the consent page many times keeps only its newest requests.
      const ofSession = list.filter((p) => p.sessionId === pending.sessionId);
      for (const stale of ofSession.slice(0, Math.max(0, ofSession.length - MAX_PENDING_PER_SESSION + 1))) list.splice(list.indexOf(stale), 1);
      list.push(pending);
    });
  }

  getPending(id: string): Promise<PendingAuthorization | null> {
    return this.file.read((s) => (s.oauthPending as PendingAuthorization[] | undefined)?.find((p) => p.id === id) ?? null);
  }

  takePending(id: string): Promise<PendingAuthorization | null> {
    return this.file.mutate((s) => {
      const list = pendings(s);
      const index = list.findIndex((p) => p.id === id);
      if (index < 0) return null;
      return list.splice(index, 1)[0] ?? null;
    });
  }

  async insertCode(code: AuthorizationCodeRecord, now: Date): Promise<void> {
    await this.file.mutate((s) => {
      prune(s, now);
      codes(s).push(code);
    });
  }

  redeemCode(
    codeHash: string,
    at: Date,
    decide: (code: AuthorizationCodeRecord) => Redemption<{ grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] }>,
    isReplay: (code: AuthorizationCodeRecord) => boolean,
  ): Promise<Redemption<{ grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] }> | null> {
    return this.file.mutate((s) => {
      const code = codes(s).find((c) => c.codeHash === codeHash);
      if (!code) return null;
      if (code.usedAt) {
        if (!isReplay({ ...code })) return { ok: false, reason: SPENT_CODE };
        revokeGrantIn(s, code.grantId, at.toISOString(), 'code_reuse');
        return { ok: false, reason: REPLAYED_CODE, revokedGrant: true };
      }
      code.usedAt = at.toISOString();
      const decision = decide({ ...code });
      if (decision.ok) {
        grants(s).push(decision.value.grant);
        tokens(s).push(...decision.value.tokens);
      }
      prune(s, at);
      return decision;
    });
  }

  rotateRefreshToken(
    tokenHash: string,
    at: Date,
    decide: (token: OAuthTokenRecord, grant: OAuthGrantRecord) => Redemption<{ tokens: OAuthTokenRecord[]; grantExpiresAt: string }>,
  ): Promise<Redemption<{ tokens: OAuthTokenRecord[]; grant: OAuthGrantRecord }> | null> {
    return this.file.mutate((s) => {
      const token = tokens(s).find((k) => k.tokenHash === tokenHash && k.kind === 'refresh');
      if (!token) return null;
      const grant = grants(s).find((g) => g.id === token.grantId);
      if (!grant) return null;
      if (token.rotatedAt && !grant.revokedAt) {
        revokeGrantIn(s, grant.id, at.toISOString(), 'refresh_reuse');
        return { ok: false, reason: 'The refresh token was already used; every token of this connection is revoked.', revokedGrant: true };
      }
      const decision = decide({ ...token }, { ...grant });
      if (!decision.ok) return decision;
      token.rotatedAt = at.toISOString();
      tokens(s).push(...decision.value.tokens);
      grant.expiresAt = decision.value.grantExpiresAt;
      grant.lastUsedAt = at.toISOString();
      prune(s, at);
      return { ok: true, value: { tokens: decision.value.tokens, grant: { ...grant } } };
    });
  }

  findTokenByHash(tokenHash: string): Promise<{ token: OAuthTokenRecord; grant: OAuthGrantRecord } | null> {
    return this.file.read((s) => {
      // On every /mcp request with an OAuth token: indexed, not scanned (tokens accumulate).
      const all = s.oauthTokens as OAuthTokenRecord[] | undefined;
      const token = all ? findBy(all, 'tokenHash', tokenHash) : undefined;
      if (!token) return null;
      const grants = s.oauthGrants as OAuthGrantRecord[] | undefined;
      const grant = grants ? findBy(grants, 'id', token.grantId) : undefined;
      return grant ? { token: { ...token }, grant: { ...grant } } : null;
    });
  }

  async revokeToken(tokenId: string, at: Date): Promise<void> {
    await this.file.mutate((s) => {
      const token = tokens(s).find((k) => k.id === tokenId);
      if (token) token.revokedAt ??= at.toISOString();
    });
  }

  revokeGrant(grantId: string, at: Date, reason: string): Promise<OAuthGrantRecord | null> {
    return this.file.mutate((s) => revokeGrantIn(s, grantId, at.toISOString(), reason));
  }

  getGrant(grantId: string): Promise<OAuthGrantRecord | null> {
    return this.file.read((s) => (s.oauthGrants as OAuthGrantRecord[] | undefined)?.find((g) => g.id === grantId) ?? null);
  }

  listGrantsForAccount(accountId: string): Promise<OAuthGrantRecord[]> {
    return this.file.read((s) => ((s.oauthGrants as OAuthGrantRecord[] | undefined) ?? []).filter((g) => g.accountId === accountId).map((g) => ({ ...g })));
  }

  async touchGrants(updates: { id: string; lastUsedAt: string }[]): Promise<void> {
    if (updates.length === 0) return;
    await this.file.mutate((s) => {
      for (const u of updates) {
        const grant = grants(s).find((g) => g.id === u.id);
        if (grant && (grant.lastUsedAt === null || grant.lastUsedAt < u.lastUsedAt)) grant.lastUsedAt = u.lastUsedAt;
      }
    });
  }
}
