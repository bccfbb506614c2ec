// The two grants of the token endpoint (RFC 6749 sections 4.1.3 and 6), each one atomic store
// operation so a code or refresh token can be redeemed once only, even across processes.
//  - authorization_code: PKCE S256 (RFC 7636 section 4.6), the code bound to its client,
//    redirect URI, challenge and resources. A code presented twice fails; when the second
//    redemption is its own client's with the right verifier, every token issued from it is
//    revoked (RFC 6749 section 4.1.2; isOwnReplay). Any failed attempt burns the code.
//  - refresh_token: rotation (RFC 9700 section 4.14.2): each use returns a new refresh token;
//    presenting a rotated one again revokes the whole family (the grant).
import { createHash } from 'node:crypto';
import { InvalidGrantError, InvalidScopeError, InvalidTargetError, type OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { parseScopeString, type Scope } from '../../../shared/scopes.js';
import { hashSecret, TOKEN_PREFIXES } from '../token-secrets.js';
import type { Store } from '../../store/ports/index.js';
import type { AuthorizationCodeRecord, OAuthClientRecord, OAuthGrantRecord, Redemption } from '../../store/ports/oauth.js';
import { resolveResources } from './resources.js';
import { issueTokenPair } from './token-issuer.js';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/; // RFC 7636 section 4.1

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function fail<T>(reason: string): Redemption<T> {
  return { ok: false, reason };
}

function subset<T>(requested: T[], allowed: readonly T[]): boolean {
  return requested.every((r) => allowed.includes(r));
}

/**
 * A spent code presented again is a replay of a leaked code only when it comes from the client
 * the code was issued to, with the PKCE verifier that matches it (RFC 9700 section 4.5.3: the
 * reuse shows the code leaked; RFC 6749 section 4.1.2 then says to revoke what it issued). From
 * anyone else (another client, a wrong verifier) it proves nothing and revokes nothing: otherwise
 * a stranger who saw a used code could end the victim's connection.
 */
function isOwnReplay(code: AuthorizationCodeRecord, client: OAuthClientRecord, codeVerifier: string): boolean {
  return code.clientId === client.clientId && s256(codeVerifier) === code.codeChallenge;
}

export class TokenGrants {
  constructor(
    private readonly store: Pick<Store, 'oauth' | 'accounts'>,
    private readonly baseUrl: string,
  ) {}

  async authorizationCode(
    client: OAuthClientRecord,
    input: { code: string; codeVerifier: string; redirectUri: string | undefined; resources: string[] },
    now: Date,
  ): Promise<OAuthTokens> {
    if (!VERIFIER.test(input.codeVerifier)) throw new InvalidGrantError('code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636).');
    const requestedResources = input.resources.length ? resolveResources(input.resources, this.baseUrl) : null;
    let targetError: OAuthError | null = null;
    let response: OAuthTokens | undefined;
    const result = await this.store.oauth.redeemCode(hashSecret(input.code), now, (code) => {
      if (Date.parse(code.expiresAt) <= now.getTime()) return fail('The authorization code has expired.');
      if (code.clientId !== client.clientId) return fail('The authorization code was issued to another client.');
      if (code.redirectUriExplicit || input.redirectUri !== undefined) {
        if (input.redirectUri !== code.redirectUri) return fail('redirect_uri does not match the authorization request.');
      }
      if (s256(input.codeVerifier) !== code.codeChallenge) return fail('code_verifier does not match the code_challenge.');
      const resources = requestedResources ?? code.resources;
      if (!subset(resources, code.resources)) {
        targetError = new InvalidTargetError('The resource was not part of the authorization.');
        return fail('invalid_target');
      }
      const refresh = client.grantTypes.includes('refresh_token') ? { scopes: code.scopes, resources: code.resources } : null;
      const pair = issueTokenPair({ grantId: code.grantId, now, accessScopes: code.scopes, accessResources: resources, refresh });
      const grant: OAuthGrantRecord = {
        id: code.grantId,
        accountId: code.accountId,
        clientId: client.clientId,
        clientName: client.clientName,
        scopes: code.scopes,
        resources: code.resources,
        createdAt: now.toISOString(),
        expiresAt: pair.refreshExpiresAt ?? pair.records[0]!.expiresAt,
        lastUsedAt: null,
        revokedAt: null,
        revokedReason: null,
      };
      response = pair.response;
      return { ok: true, value: { grant, tokens: pair.records } };
    }, (spent) => isOwnReplay(spent, client, input.codeVerifier));
    if (result === null) throw new InvalidGrantError('The authorization code is not valid.');
    if (!result.ok) throw targetError ?? new InvalidGrantError(result.reason);
    await this.requireActiveAccount(result.value.grant, now);
    return response!;
  }

  async refreshToken(
    client: OAuthClientRecord,
    input: { refreshToken: string; scope: string | undefined; resources: string[] },
    now: Date,
  ): Promise<OAuthTokens> {
    let requestedScopes: Scope[] | null = null;
    // RFC 6749 section 3.1: a parameter sent without a value is treated as omitted.
    if (input.scope !== undefined && input.scope !== '') {
      const parsed = parseScopeString(input.scope);
      if (!parsed.ok) throw new InvalidScopeError(`The scope is malformed: ${parsed.problem}.`);
      requestedScopes = parsed.scopes;
    }
    const requestedResources = input.resources.length ? resolveResources(input.resources, this.baseUrl) : null;
    let specific: OAuthError | null = null;
    let response: OAuthTokens | undefined;
    const result = await this.store.oauth.rotateRefreshToken(hashSecret(input.refreshToken), now, (token, grant) => {
      if (grant.clientId !== client.clientId) return fail('The refresh token was issued to another client.');
      if (token.revokedAt || grant.revokedAt) return fail('The refresh token has been revoked.');
      if (Date.parse(token.expiresAt) <= now.getTime()) return fail('The refresh token has expired.');
      const scopes = requestedScopes ?? token.scopes;
      if (!subset(scopes, token.scopes)) {
        specific = new InvalidScopeError('The requested scope exceeds what was granted.');
        return fail('invalid_scope');
      }
      const resources = requestedResources ?? token.resources;
      if (!subset(resources, token.resources)) {
        specific = new InvalidTargetError('The resource was not part of the authorization.');
        return fail('invalid_target');
      }
      const pair = issueTokenPair({
        grantId: grant.id,
        now,
        accessScopes: scopes,
        accessResources: resources,
        refresh: { scopes: token.scopes, resources: token.resources },
      });
      response = pair.response;
      return { ok: true, value: { tokens: pair.records, grantExpiresAt: pair.refreshExpiresAt! } };
    });
    if (result === null) throw new InvalidGrantError('The refresh token is not valid.');
    if (!result.ok) throw specific ?? new InvalidGrantError(result.reason);
    await this.requireActiveAccount(result.value.grant, now);
    return response!;
  }

  /** A disabled or deleted account gets no tokens; its connection is revoked. */
  private async requireActiveAccount(grant: OAuthGrantRecord, now: Date): Promise<void> {
    const owner = await this.store.accounts.getById(grant.accountId);
    if (owner && !owner.disabled) return;
    await this.store.oauth.revokeGrant(grant.id, now, 'account_disabled');
    throw new InvalidGrantError('The account of this connection is not active.');
  }

  /**
   * RFC 7009: revokes a token the client holds. A refresh token ends its whole grant, an access
   * token ends itself. An unknown token, or another client's, changes nothing (no token probing).
   */
  async revoke(client: OAuthClientRecord, token: string, now: Date): Promise<void> {
    if (!token.startsWith(TOKEN_PREFIXES.oauthAccess) && !token.startsWith(TOKEN_PREFIXES.oauthRefresh)) return;
    const found = await this.store.oauth.findTokenByHash(hashSecret(token));
    if (!found || found.grant.clientId !== client.clientId) return;
    if (found.token.kind === 'refresh') await this.store.oauth.revokeGrant(found.grant.id, now, 'client');
    else await this.store.oauth.revokeToken(found.token.id, now);
  }
}
