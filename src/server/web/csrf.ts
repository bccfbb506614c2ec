// CSRF protection for every state-changing form, in two independent checks (OWASP Cross-Site
// Request Forgery Prevention Cheat Sheet):
//  1. where the browser says the POST came from (verifySameOrigin): W3C Fetch Metadata's
//     `Sec-Fetch-Site` when the browser sends it, else the `Origin` header (RFC 6454), must be
//     this site; a cross-site POST is refused (403) before anything is read or changed;
//  2. a token the page carried ("synchronizer token pattern"): each session has a random token,
//     rendered as a hidden `csrf` field in its forms and compared in constant time on POST.
// SameSite=Lax on the session cookie is a third line, not the only one. The sign-in form has no
// session yet: its token is bound to a pre-session cookie instead (routes/sign-in.ts).
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { AppError } from '../errors.js';
import type { WebSession } from '../store/ports/index.js';

export const CSRF_FIELD = 'csrf';

export function csrfToken(session: WebSession): string {
  return session.csrfToken;
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function csrfRejected(): AppError {
  return new AppError(403, 'forbidden', 'Forbidden', {
    detail: 'This form has expired or did not come from this site. Go back, reload the page and try again.',
  });
}

/** A single string form field, or undefined (a repeated field counts as missing). */
export function formField(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** 403 for a form POST from another site: nothing was read or changed. */
export function crossSiteRejected(): AppError {
  return new AppError(403, 'forbidden', 'Forbidden', {
    detail: 'This form was sent from another site, so it was not accepted. Open the page on this site and send the form from there.',
  });
}

/**
 * Throws 403 unless the browser says this POST comes from this site. `Sec-Fetch-Site` (sent by
 * every current browser, and not settable by a page) decides when present: `same-origin`, or
 * `none` (the user's own action, such as a bookmark); `same-site` is refused too, since a
 * sibling subdomain may be someone else's. Without it, an `Origin` header must name the origin
 * the request was sent to (`null`, sent for opaque origins, is refused). A request with neither
 * is not from a browser that could be tricked; the token check still applies.
 */
export function verifySameOrigin(req: Request): void {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw crossSiteRejected();
  }
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (origin !== `${req.protocol}://${req.get('host')}`) throw crossSiteRejected();
}

/**
 * Throws 403 unless the POST comes from this site (verifySameOrigin) and its `csrf` field equals
 * the token of this request's session.
 * Call after loadSession/currentAccount/requireAccount (which set req.webSession), with the
 * form body parsed (see `pageForm` in page-errors.ts).
 */
export function verifyCsrf(req: Request): void {
  verifySameOrigin(req);
  const session = req.webSession;
  const sent = formField(req, CSRF_FIELD);
  if (!session || !sent || !sameSecret(sent, session.csrfToken)) throw csrfRejected();
}
