// The consent step of the authorization code flow (RFC 6749 section 4.1; MCP authorization spec
// 2025-11-25): a verified authorization request waits, bound to the web session that saw the
// consent page, for the user's decision; the decision is taken once, from the same session and
// account, and for the client of the stored request (never one named by the form), so one
// client's consent can never approve another client. Allow → a single-use code; Deny →
// access_denied. Either answer goes to the verified redirect URI with RFC 9207 `iss`.
import { randomBytes, randomUUID } from 'node:crypto';
import type { OAuthClientRecord, OAuthStore, PendingAuthorization } from '../../store/ports/oauth.js';
import { hashSecret } from '../token-secrets.js';
import type { AuthorizationRequest } from './authorization-request.js';
import type { OAuthClients } from './clients.js';
import { AUTHORIZATION_CODE_TTL_MS, PENDING_CONSENT_TTL_MS } from './lifetimes.js';
import { redirectUriMatches } from './redirect-uris.js';

/** RFC 6749 section 4.1.2 / 4.1.2.1 response on the redirect URI, with RFC 9207 `iss`. */
export function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', issuer);
  return url.href;
}

export type ConsentDecision =
  | { ok: true; redirect: string }
  /** `unknown`: no such request for this session, account and client, or it expired; `answered`: taken already, or its client is gone. */
  | { ok: false; problem: 'unknown' | 'answered' };

export class ConsentService {
  constructor(
    private readonly store: OAuthStore,
    private readonly clients: OAuthClients,
    private readonly issuer: string,
    private readonly now: () => Date,
  ) {}

  /** Keeps a verified request waiting for the decision of the user signed in as `session`. */
  async hold(
    session: { sessionId: string; accountId: string },
    verified: { client: OAuthClientRecord; redirectUri: string; redirectUriExplicit: boolean },
    request: AuthorizationRequest,
  ): Promise<PendingAuthorization> {
    const now = this.now();
    const pending: PendingAuthorization = {
      id: randomBytes(24).toString('base64url'),
      sessionId: session.sessionId,
      accountId: session.accountId,
      clientId: verified.client.clientId,
      redirectUri: verified.redirectUri,
      redirectUriExplicit: verified.redirectUriExplicit,
      scopes: request.scopes,
      resources: request.resources,
      codeChallenge: request.codeChallenge,
      state: request.state,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PENDING_CONSENT_TTL_MS).toISOString(),
    };
    await this.store.insertPending(pending, now);
    return pending;
  }

  /** The user's decision on a waiting request; where the browser goes next. */
  async decide(input: { requestId: string; sessionId: string; accountId: string; formClientId?: string; allow: boolean }): Promise<ConsentDecision> {
    const now = this.now();
    const pending = await this.store.getPending(input.requestId);
    if (
      !pending ||
      pending.sessionId !== input.sessionId ||
      pending.accountId !== input.accountId ||
      Date.parse(pending.expiresAt) <= now.getTime() ||
      (input.formClientId !== undefined && input.formClientId !== pending.clientId)
    ) {
      return { ok: false, problem: 'unknown' };
    }
    const taken = await this.store.takePending(input.requestId);
    const client = taken ? await this.clients.find(taken.clientId) : null;
    if (!taken || !client || !client.redirectUris.some((r) => redirectUriMatches(taken.redirectUri, r))) return { ok: false, problem: 'answered' };
    if (!input.allow) {
      return { ok: true, redirect: redirectWith(taken.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: taken.state }, this.issuer) };
    }
    const code = randomBytes(32).toString('base64url');
    await this.store.insertCode(
      {
        codeHash: hashSecret(code),
        grantId: randomUUID(),
        clientId: taken.clientId,
        accountId: taken.accountId,
        redirectUri: taken.redirectUri,
        redirectUriExplicit: taken.redirectUriExplicit,
        codeChallenge: taken.codeChallenge,
        scopes: taken.scopes,
        resources: taken.resources,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS).toISOString(),
        usedAt: null,
      },
      now,
    );
    return { ok: true, redirect: redirectWith(taken.redirectUri, { code, state: taken.state }, this.issuer) };
  }
}
