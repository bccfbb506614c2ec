// Builds the records and the RFC 6749 section 5.1 response for a newly issued token pair.
// Secrets are random (../token-secrets.ts); only their SHA-256 goes into the records.
import { randomUUID } from 'node:crypto';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Scope } from '../../../shared/scopes.js';
import { hashSecret, newSecret, TOKEN_PREFIXES } from '../token-secrets.js';
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from './lifetimes.js';
import type { OAuthTokenRecord } from '../../store/ports/oauth.js';

export interface IssuedPair {
  records: OAuthTokenRecord[];
  response: OAuthTokens;
  refreshExpiresAt: string | null;
}

export function issueTokenPair(input: {
  grantId: string;
  now: Date;
  accessScopes: Scope[];
  accessResources: string[];
  /** Refresh tokens keep the whole grant (RFC 6749 section 6); null when the client gets none. */
  refresh: { scopes: Scope[]; resources: string[] } | null;
}): IssuedPair {
  const { grantId, now } = input;
  const created = now.toISOString();
  const accessToken = newSecret(TOKEN_PREFIXES.oauthAccess);
  const records: OAuthTokenRecord[] = [
    {
      id: randomUUID(),
      grantId,
      kind: 'access',
      tokenHash: hashSecret(accessToken),
      scopes: input.accessScopes,
      resources: input.accessResources,
      createdAt: created,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS).toISOString(),
      rotatedAt: null,
      revokedAt: null,
    },
  ];
  const response: OAuthTokens = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000),
    scope: input.accessScopes.join(' '),
  };
  let refreshExpiresAt: string | null = null;
  if (input.refresh) {
    const refreshToken = newSecret(TOKEN_PREFIXES.oauthRefresh);
    refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString();
    records.push({
      id: randomUUID(),
      grantId,
      kind: 'refresh',
      tokenHash: hashSecret(refreshToken),
      scopes: input.refresh.scopes,
      resources: input.refresh.resources,
      createdAt: created,
      expiresAt: refreshExpiresAt,
      rotatedAt: null,
      revokedAt: null,
    });
    response.refresh_token = refreshToken;
  }
  return { records, response, refreshExpiresAt };
}
