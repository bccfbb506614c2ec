// Verifies OAuth access tokens (prefix rcat_oa_) against the store on every request, so a
// revocation (by the user, the client, or reuse detection) takes effect on the next request.
// The token must be bound to the resource being called (RFC 8707; MCP authorization spec
// "Token Audience Binding and Validation"): a token for the REST API is refused at /mcp and
// the reverse. OAuth tokens resolve to the same Principal as agent tokens, so scopes and
// limits are decided by the same code.
import { AppError } from '../errors.js';
import { audienceAllows } from '../services/oauth/resources.js';
import { hashSecret, TOKEN_PREFIXES } from '../services/token-secrets.js';
import type { Store } from '../store/ports/index.js';
import { invalidToken } from './agent-token-verifier.js';
import { LastUsedRecorder } from './last-used.js';
import type { BearerVerifier, Principal } from './principal.js';

export class OAuthTokenVerifier implements BearerVerifier {
  readonly lastUsed: LastUsedRecorder;

  constructor(private readonly store: Store) {
    this.lastUsed = new LastUsedRecorder((updates) => store.oauth.touchGrants(updates));
  }

  async verify(token: string, { resource, now }: { resource: string; now: Date }): Promise<Principal | null> {
    if (token.startsWith(TOKEN_PREFIXES.oauthRefresh)) {
      throw invalidToken('A refresh token cannot be used as an access token.', 'unauthorized');
    }
    if (!token.startsWith(TOKEN_PREFIXES.oauthAccess)) return null;
    const found = await this.store.oauth.findTokenByHash(hashSecret(token));
    if (!found || found.token.kind !== 'access') throw invalidToken('The token is not recognised.', 'unauthorized');
    const { token: record, grant } = found;
    if (record.revokedAt || grant.revokedAt) throw invalidToken('The token has been revoked.', 'token_revoked');
    if (Date.parse(record.expiresAt) <= now.getTime()) throw invalidToken('The token has expired; refresh it.', 'token_expired');
    if (!audienceAllows(record.resources, resource)) {
      throw invalidToken(`The token was not issued for this resource (${resource}); request one with resource=${resource}.`, 'unauthorized');
    }
    const account = await this.store.accounts.getById(grant.accountId);
    if (!account) throw invalidToken('The token is not recognised.', 'unauthorized');
    if (account.disabled) throw new AppError(403, 'account_disabled', 'Forbidden', { detail: 'The account is disabled.' });
    this.lastUsed.record(grant.id, now);
    return {
      account,
      scopes: [...record.scopes],
      tokenId: record.id,
      tokenKind: 'oauth',
      expiresAt: record.expiresAt,
      clientId: grant.clientId,
      grantId: grant.id,
    };
  }

  recordUse(principal: Principal, now: Date): void {
    if (principal.tokenKind === 'oauth' && principal.grantId) this.lastUsed.record(principal.grantId, now);
  }
}
