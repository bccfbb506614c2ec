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
// POST: the decision (a POSTed authorization request is turned into the GET), CSRF-checked;
//       what it may approve is the consent service's rule (src/server/services/oauth/consent.ts).
import type { Request, Response, Router } from 'express';
import type { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { AUTHORIZE_PATH } from '../../paths.js';
import { AuthorizePageError, parseAuthorizationRequest, resolveClientAndRedirect } from '../../services/oauth/authorization-request.js';
import { redirectWith } from '../../services/oauth/consent.js';
import { formField, verifyCsrf } from '../csrf.js';
import { renderPage } from '../html.js';
import { pageForm } from '../page-errors.js';
import { allowFormRedirect, sendHtml, setPageSecurityHeaders } from '../page-security.js';
import { loadSession, signInUrl } from '../session.js';
import type { WebDeps } from '../web-deps.js';
import { authorizationErrorBody, consentBody } from './consent-view.js';

function errorRedirect(redirectUri: string, error: OAuthError, state: string | null, issuer: string): string {
  return redirectWith(redirectUri, { error: error.errorCode, error_description: error.message, state }, issuer);
}

function showError(req: Request, res: Response, status: number, detail: string): void {
  setPageSecurityHeaders(res);
  sendHtml(res, status, renderPage({ title: 'Connection request not accepted', body: authorizationErrorBody(detail), account: req.webAccount ?? null, csrfToken: req.webSession?.csrfToken }));
}

/** GET: verify the request, then show the consent page to the signed-in user. */
async function showConsent(deps: WebDeps, req: Request, res: Response): Promise<void> {
  setPageSecurityHeaders(res);
  const query = req.query as Record<string, unknown>;
  let verified;
  try {
    verified = await resolveClientAndRedirect(query, deps.services.oauthClients);
  } catch (error) {
    if (error instanceof AuthorizePageError) {
      await loadSession(req, deps).catch(() => null); // only so the page header shows who is signed in
      return showError(req, res, 400, error.message);
    }
    throw error;
  }
  const parsed = parseAuthorizationRequest(query, deps.config.baseUrl);
  if (!parsed.ok) {
    res.redirect(302, errorRedirect(verified.redirectUri, parsed.error, parsed.state, deps.config.baseUrl));
    return;
  }
  const current = await loadSession(req, deps);
  if (!current) {
    res.redirect(303, signInUrl(req));
    return;
  }
  const pending = await deps.services.consent.hold({ sessionId: current.session.id, accountId: current.account.id }, verified, parsed.request);
  // CSP form-action applies to the redirect that answers the form POST: allow exactly the verified redirect URI's origin.
  allowFormRedirect(res, verified.redirectUri);
  const { client } = verified;
  const body = consentBody({ client, pending, csrf: current.session.csrfToken, baseUrl: deps.config.baseUrl, accountEmail: current.account.email, action: AUTHORIZE_PATH });
  sendHtml(res, 200, renderPage({ title: `Connect ${client.clientName}`, body, account: current.account, csrfToken: current.session.csrfToken }));
}

/** POST: the user's decision; or an authorization request sent by POST, continued as the GET. */
async function takeDecision(deps: WebDeps, req: Request, res: Response): Promise<void> {
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
  const requestId = formField(req, 'request');
  const decision = formField(req, 'decision');
  if (!requestId || (decision !== 'allow' && decision !== 'deny')) return showError(req, res, 400, 'The consent form is incomplete. Start the connection again from the application.');
  const outcome = await deps.services.consent.decide({
    requestId,
    sessionId: current.session.id,
    accountId: current.account.id,
    formClientId: formField(req, 'client_id'),
    allow: decision === 'allow',
  });
  if (!outcome.ok && outcome.problem === 'unknown') {
    return showError(req, res, 400, 'This consent request is unknown, has expired, or belongs to another session or application. Start the connection again from the application.');
  }
  if (!outcome.ok) return showError(req, res, 400, 'This consent request was already answered or its application is no longer registered.');
  res.redirect(303, outcome.redirect);
}

export function mountAuthorize(router: Router, deps: WebDeps): void {
  router.get(AUTHORIZE_PATH, (req, res) => showConsent(deps, req, res));
  router.post(AUTHORIZE_PATH, pageForm, (req, res) => takeDecision(deps, req, res));
  router.all(AUTHORIZE_PATH, (req, res) => {
    res.setHeader('Allow', 'GET, POST');
    showError(req, res, 405, 'Use GET to start a connection.');
  });
}
