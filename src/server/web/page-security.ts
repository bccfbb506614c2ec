// Security headers for every HTML page (consent, sign-in, account pages).
//  - CSP (W3C CSP Level 3): only our own stylesheet and script; no inline code, so an escaping
//    mistake still cannot run script. `frame-ancestors 'none'` + X-Frame-Options DENY: pages
//    are never framed (clickjacking of consent, RFC 9700 section 4.16).
//  - `form-action 'self'`: forms post to this server only. Browsers also apply form-action to
//    the redirect that follows a form POST, so the consent page (whose POST answers with a
//    redirect to the client's registered redirect URI) must add exactly that origin with
//    `allowFormRedirect(res, origin)` — nothing wider.
import type { NextFunction, Request, Response } from 'express';

const BASE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
];

export function pageCsp(formActions: readonly string[] = []): string {
  return [...BASE_DIRECTIVES, ['form-action', "'self'", ...formActions].join(' ')].join('; ');
}

export function setPageSecurityHeaders(res: Response, formActions: readonly string[] = []): void {
  res.setHeader('Content-Security-Policy', pageCsp(formActions));
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cache-Control', 'no-store');
}

/** Middleware for page routes. */
export function pageSecurity(_req: Request, res: Response, next: NextFunction): void {
  setPageSecurityHeaders(res);
  next();
}

/**
 * Lets a form POST on this page be answered by a redirect to the given (already verified)
 * redirect URI: its http(s) origin (e.g. `http://127.0.0.1:53123`), or for a private-use
 * scheme (RFC 8252 section 7.1, e.g. `com.example.app:/cb`) that scheme alone. The source is
 * rebuilt from the parsed URL, so client-supplied text can never inject a CSP directive.
 */
export function allowFormRedirect(res: Response, redirectUri: string): void {
  let source: string;
  try {
    const url = new URL(redirectUri);
    if (url.protocol === 'http:' || url.protocol === 'https:') source = url.origin;
    else if (/^[a-z][a-z0-9+.-]*:$/.test(url.protocol) && !['javascript:', 'data:', 'blob:', 'file:', 'filesystem:'].includes(url.protocol)) source = url.protocol;
    else return;
  } catch {
    return;
  }
  if (/[\s;,']/.test(source)) return;
  setPageSecurityHeaders(res, [source]);
}

/** Sends a complete HTML document. */
export function sendHtml(res: Response, status: number, document: string): void {
  res.status(status).type('text/html; charset=utf-8').send(document);
}
