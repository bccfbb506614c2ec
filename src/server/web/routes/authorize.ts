// The authorization endpoint and consent page at /en/connect/authorize (spec 5.1; RFC 6749
// section 4.1.1; MCP authorization spec 2025-11-25). Ours rather than the SDK's
// authorizationHandler, because that one answers errors before the redirect URI is verified
// with JSON instead of a page, lets the port of `localhost` redirects vary while ignoring
// fragments, treats every POST as a new authorization request (our POST is the consent
// decision), and rate-limits per IP in memory.
//
// GET:  1. client_id and redirect_uri verified; any error here is shown on a page, never
//          redirected (RFC 6749 section 4.1.2.1, no open redirect);
//       2. the rest verified (response_type, PKCE S256 required, scope, resource, state);
//          errors now go back to the verified redirect URI;
//       3. no web session → sign in and come back; otherwise the request is stored as pending,
//          bound to this session, and the consent page is shown.
// POST: the decision (a POSTed authorization request is turned into the GET). CSRF token of the session, and a pending request of the same session and
//       account (the client comes from the stored request, never from the form), so one client's
//       consent can never approve another client. Allow → single-use code; Deny → access_denied.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import type { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AppDeps } from '../../deps.js';
import { hashSecret } from '../../services/token-secrets.js';
import { verifyCsrf, formField } from '../csrf.js';
import { renderPage } from '../html.js';
import { pageForm } from '../page-errors.js';
import { allowFormRedirect, sendHtml, setPageSecurityHeaders } from '../page-security.js';
import { loadSession, signInUrl } from '../session.js';
import { parseAuthorizationRequest, resolveClientAndRedirect, AuthorizePageError } from '../../services/oauth/authorization-request.js';
import { authorizationErrorBody, consentBody } from './consent-view.js';
import { AUTHORIZATION_CODE_TTL_MS, PENDING_CONSENT_TTL_MS } from '../../services/oauth/lifetimes.js';
import { AUTHORIZE_PATH } from '../../paths.js';
import { redirectUriMatches } from '../../services/oauth/redirect-uris.js';
import type { PendingAuthorization } from '../../store/ports/oauth.js';

/** RFC 6749 section 4.1.2 / 4.1.2.1 response on the redirect URI, with RFC 9207 `iss`. */
export function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', issuer);
  return url.href;
}

function errorRedirect(redirectUri: string, error: OAuthError, state: string | null, issuer: string): string {
  return redirectWith(redirectUri, { error: error.errorCode, error_description: error.message, state }, issuer);
}

function showError(req: Request, res: Response, status: number, detail: string): void {
  setPageSecurityHeaders(res);
  sendHtml(res, status, renderPage({ title: 'Connection request not accepted', body: authorizationErrorBody(detail), account: req.webAccount ?? null, csrfToken: req.webSession?.csrfToken }));
}

export function mountAuthorize(router: Router, deps: AppDeps): void {
  const clients = deps.services.oauthClients;
  const issuer = deps.config.baseUrl;

  router.get(AUTHORIZE_PATH, async (req, res) => {
    setPageSecurityHeaders(res);
    let verified;
    try {
      verified = await resolveClientAndRedirect(req.query as Record<string, unknown>, clients);
    } catch (error) {
      if (error instanceof AuthorizePageError) {
        await loadSession(req, deps).catch(() => null); // only so the page header shows who is signed in
        return showError(req, res, 400, error.message);
      }
      throw error;
    }
    const { client, redirectUri, redirectUriExplicit } = verified;
    const parsed = parseAuthorizationRequest(req.query as Record<string, unknown>, deps.config.baseUrl);
    if (!parsed.ok) {
      res.redirect(302, errorRedirect(redirectUri, parsed.error, parsed.state, issuer));
      return;
    }
    const current = await loadSession(req, deps);
    if (!current) {
      res.redirect(303, signInUrl(req));
      return;
    }
    const now = deps.now();
    const pending: PendingAuthorization = {
      id: randomBytes(24).toString('base64url'),
      sessionId: current.session.id,
      accountId: current.account.id,
      clientId: client.clientId,
      redirectUri,
      redirectUriExplicit,
      scopes: parsed.request.scopes,
      resources: parsed.request.resources,
      codeChallenge: parsed.request.codeChallenge,
      state: parsed.request.state,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PENDING_CONSENT_TTL_MS).toISOString(),
    };
    await deps.store.oauth.insertPending(pending, now);
    // CSP form-action applies to the redirect that answers the form POST: allow exactly the verified redirect URI's origin.
    allowFormRedirect(res, redirectUri);
    const body = consentBody({ client, pending, csrf: current.session.csrfToken, baseUrl: deps.config.baseUrl, accountEmail: current.account.email, action: AUTHORIZE_PATH });
    sendHtml(res, 200, renderPage({ title: `Connect ${client.clientName}`, body, account: current.account, csrfToken: current.session.csrfToken }));
  });

  router.post(AUTHORIZE_PATH, pageForm, async (req, res) => {
    setPageSecurityHeaders(res);
    // RFC 6749 section 3.1 lets clients send the authorization request itself by POST. Such a
    // request (no consent decision in it) continues as the equivalent GET on this same endpoint.
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    if (body.decision === undefined && body.request === undefined && typeof body.response_type === 'string') {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(body)) for (const item of Array.isArray(v) ? v : [v]) if (typeof item === 'string') query.append(k, item);
      res.redirect(303, `${AUTHORIZE_PATH}?${query}`);
      return;
    }
    const current = await loadSession(req, deps);
    if (!current) return showError(req, res, 403, 'Your sign-in session has ended. Start the connection again from the application.');
    verifyCsrf(req); // 403 page when missing or wrong; nothing changes
    const id = formField(req, 'request');
    const decision = formField(req, 'decision');
    if (!id || (decision !== 'allow' && decision !== 'deny')) return showError(req, res, 400, 'The consent form is incomplete. Start the connection again from the application.');
    const store = deps.store.oauth;
    const now = deps.now();
    const pending = await store.getPending(id);
    const formClientId = formField(req, 'client_id');
    if (
      !pending ||
      pending.sessionId !== current.session.id ||
      pending.accountId !== current.account.id ||
      Date.parse(pending.expiresAt) <= now.getTime() ||
      (formClientId !== undefined && formClientId !== pending.clientId)
    ) {
      return showError(req, res, 400, 'This consent request is unknown, has expired, or belongs to another session or application. Start the connection again from the application.');
    }
    const taken = await store.takePending(id);
    const client = taken ? await clients.find(taken.clientId) : null;
    if (!taken || !client || !client.redirectUris.some((r) => redirectUriMatches(taken.redirectUri, r))) {
      return showError(req, res, 400, 'This consent request was already answered or its application is no longer registered.');
    }
    if (decision === 'deny') {
      res.redirect(303, redirectWith(taken.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: taken.state }, issuer));
      return;
    }
    const code = randomBytes(32).toString('base64url');
    await store.insertCode(
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
    res.redirect(303, redirectWith(taken.redirectUri, { code, state: taken.state }, issuer));
  });

  router.all(AUTHORIZE_PATH, (_req, res) => {
    res.setHeader('Allow', 'GET, POST');
    showError(_req, res, 405, 'Use GET to start a connection.');
  });
}
