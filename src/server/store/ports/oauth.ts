// What the OAuth authorization server keeps, and the storage port it needs (adapters:
// ../json/oauth.ts and ../postgres/oauth.ts).
// Every secret (client secret, code, access and refresh token) is stored only as its SHA-256.
import type { Scope } from '../../../shared/scopes.js';

/** A dynamically registered client (RFC 7591). The pre-registered CLI client is not stored. */
export interface OAuthClientRecord {
  clientId: string;
  /** SHA-256 of the client secret (hex) for confidential clients; null for public clients. */
  clientSecretHash: string | null;
  /** Seconds since the epoch; 0 = never expires (RFC 7591 section 3.2.1). */
  clientSecretExpiresAt: number;
  clientName: string;
  redirectUris: string[];
  /** `none`, `client_secret_post` or `client_secret_basic`. */
  tokenEndpointAuthMethod: string;
  grantTypes: string[];
  /** Extra registered metadata echoed back to the client (client_uri, logo_uri, …). */
  metadata: Record<string, unknown>;
  createdAt: string;
  /**
   * Who registered it, for the cap on unused registrations per source: a hash of the caller's
   * network (never the address itself); null for clients registered before the cap existed.
   */
  registeredFrom: string | null;
}

/**
 * Bounds on dynamic registrations that were never used: a client counts as unused until a code
 * has been issued to it (its user allowed it on the consent page). Registration is an
 * unauthenticated write, so without these an anonymous caller could grow the store for ever.
 */
export interface RegistrationLimits {
  /** An unused registration older than this is gone: never found again, deleted on the next registration. */
  unusedLifetimeMs: number;
  /** At most this many live unused registrations from one source; more are refused. */
  maxUnusedPerSource: number;
  /** At most this many live unused registrations in all; the oldest give way to a new one. */
  maxUnusedTotal: number;
}

export type RegistrationAdmission = { admitted: true } | { admitted: false; retryAfterMs: number };

/** Whether an unused registration created at `createdAt` still exists at `now`. */
export function unusedRegistrationLives(createdAt: string, limits: Pick<RegistrationLimits, 'unusedLifetimeMs'>, now: Date): boolean {
  return Date.parse(createdAt) + limits.unusedLifetimeMs > now.getTime();
}

/**
 * The one admission rule both adapters apply, over the live unused registrations (oldest first)
 * read in the same atomic step as the insert: refused when the source already has its allowance
 * (retry when its oldest one lapses); otherwise admitted, and `evict` oldest unused ones make
 * room under the total.
 */
export function admitRegistration(
  unused: readonly Pick<OAuthClientRecord, 'registeredFrom' | 'createdAt'>[],
  source: string | null,
  limits: RegistrationLimits,
  now: Date,
): { admitted: true; evict: number } | { admitted: false; retryAfterMs: number } {
  const fromSource = source === null ? [] : unused.filter((c) => c.registeredFrom === source);
  if (fromSource.length >= limits.maxUnusedPerSource) {
    const freedBy = fromSource[fromSource.length - limits.maxUnusedPerSource]!;
    return { admitted: false, retryAfterMs: Math.max(1000, Date.parse(freedBy.createdAt) + limits.unusedLifetimeMs - now.getTime()) };
  }
  return { admitted: true, evict: Math.max(0, unused.length + 1 - limits.maxUnusedTotal) };
}

/** An authorization request waiting for the user's decision on the consent page. */
export interface PendingAuthorization {
  /** Random id carried by the consent form; only meaningful together with the session. */
  id: string;
  /** The web session that saw the consent page: the decision must come from the same session. */
  sessionId: string;
  accountId: string;
  clientId: string;
  redirectUri: string;
  /** Whether the authorization request named redirect_uri (then the token request must repeat it, RFC 6749 section 4.1.3). */
  redirectUriExplicit: boolean;
  scopes: Scope[];
  resources: string[];
  codeChallenge: string;
  state: string | null;
  createdAt: string;
  expiresAt: string;
}

/** An issued authorization code (RFC 6749 section 4.1.2), single use. */
export interface AuthorizationCodeRecord {
  codeHash: string;
  /** The grant (token family) the code's tokens will belong to; revoked if the code is reused. */
  grantId: string;
  clientId: string;
  accountId: string;
  redirectUri: string;
  redirectUriExplicit: boolean;
  codeChallenge: string;
  scopes: Scope[];
  resources: string[];
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** One connection of an account to a client: the family of all tokens issued from one code. */
export interface OAuthGrantRecord {
  id: string;
  accountId: string;
  clientId: string;
  /** Client name when the grant was made (shown on the agent-connections page). */
  clientName: string;
  scopes: Scope[];
  resources: string[];
  createdAt: string;
  /** When the newest refresh token of the family expires. */
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Why: `user`, `client`, `code_reuse`, `refresh_reuse`. */
  revokedReason: string | null;
}

export interface OAuthTokenRecord {
  id: string;
  grantId: string;
  kind: 'access' | 'refresh';
  tokenHash: string;
  scopes: Scope[];
  /** Audiences (RFC 8707): the resources this token may be used at. */
  resources: string[];
  createdAt: string;
  expiresAt: string;
  /** Refresh tokens: when it was exchanged for a new pair (rotation). A second use is reuse. */
  rotatedAt: string | null;
  revokedAt: string | null;
}

/** Why a spent code is refused: to a stranger (nothing changes), and to a replay by its own client (revoked). */
export const SPENT_CODE = 'The authorization code is not valid (it has been used).';
export const REPLAYED_CODE = 'The authorization code has already been used; tokens issued from it are revoked.';

/** Result of an atomic redemption (code or refresh token): issue tokens, or fail with a reason. */
export type Redemption<T> = { ok: true; value: T } | { ok: false; reason: string; revokedGrant?: boolean };

export interface OAuthStore {
  /** The client, unless it is an unused registration that has lapsed by `now` (see RegistrationLimits). */
  getClient(clientId: string, now: Date, limits: Pick<RegistrationLimits, 'unusedLifetimeMs'>): Promise<OAuthClientRecord | null>;
  /**
   * Atomically (across hosts): deletes lapsed unused registrations, applies admitRegistration for
   * `client.registeredFrom` (deleting the oldest unused ones it evicts), then inserts the client.
   */
  insertClient(client: OAuthClientRecord, limits: RegistrationLimits, now: Date): Promise<RegistrationAdmission>;

  insertPending(pending: PendingAuthorization, now: Date): Promise<void>;
  getPending(id: string): Promise<PendingAuthorization | null>;
  /** Removes and returns the pending request (one decision per request). */
  takePending(id: string): Promise<PendingAuthorization | null>;

  insertCode(code: AuthorizationCodeRecord, now: Date): Promise<void>;
  /**
   * Atomically: finds the code by hash, and
   *  - if it was used before: when `isReplay(code)` holds (the code's own client, with the right
   *    PKCE verifier: the code leaked), revokes its grant (RFC 6749 section 4.1.2, RFC 9700
   *    section 4.5.3) and answers `revokedGrant: true`; otherwise changes nothing, so a stranger
   *    presenting a spent code cannot end someone else's connection;
   *  - otherwise marks it used and calls `decide(code)`; if that returns a grant and tokens they
   *    are stored in the same write.
   */
  redeemCode(
    codeHash: string,
    at: Date,
    decide: (code: AuthorizationCodeRecord) => Redemption<{ grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] }>,
    isReplay: (code: AuthorizationCodeRecord) => boolean,
  ): Promise<Redemption<{ grant: OAuthGrantRecord; tokens: OAuthTokenRecord[] }> | null>;
  /**
   * Atomically: finds the refresh token; if already rotated, revokes its whole grant (reuse,
   * RFC 9700 section 4.14.2); otherwise marks it rotated and stores the new tokens from `decide`.
   */
  rotateRefreshToken(
    tokenHash: string,
    at: Date,
    decide: (token: OAuthTokenRecord, grant: OAuthGrantRecord) => Redemption<{ tokens: OAuthTokenRecord[]; grantExpiresAt: string }>,
  ): Promise<Redemption<{ tokens: OAuthTokenRecord[]; grant: OAuthGrantRecord }> | null>;

  findTokenByHash(tokenHash: string): Promise<{ token: OAuthTokenRecord; grant: OAuthGrantRecord } | null>;
  revokeToken(tokenId: string, at: Date): Promise<void>;
  /** Revokes a grant and so every token of its family; idempotent. Returns the grant or null. */
  revokeGrant(grantId: string, at: Date, reason: string): Promise<OAuthGrantRecord | null>;
  getGrant(grantId: string): Promise<OAuthGrantRecord | null>;
  listGrantsForAccount(accountId: string): Promise<OAuthGrantRecord[]>;
  /** Records last use; batched by the caller. */
  touchGrants(updates: { id: string; lastUsedAt: string }[]): Promise<void>;
}
