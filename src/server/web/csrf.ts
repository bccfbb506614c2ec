// CSRF protection for every state-changing form (OWASP "synchronizer token pattern"): each
// session has a random token, rendered as a hidden `csrf` field in its forms and compared in
// constant time on POST. SameSite=Lax on the session cookie is a second line, not the only one.
// The sign-in form has no session yet; it uses a double-submit cookie instead (routes/sign-in.ts).
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

/**
 * Throws 403 unless the POSTed `csrf` field equals the token of this request's session.
 * Call after loadSession/currentAccount/requireAccount (which set req.webSession), with the
 * form body parsed (see `pageForm` in page-errors.ts).
 */
export function verifyCsrf(req: Request): void {
  const session = req.webSession;
  const sent = formField(req, CSRF_FIELD);
  if (!session || !sent || !sameSecret(sent, session.csrfToken)) throw csrfRejected();
}
