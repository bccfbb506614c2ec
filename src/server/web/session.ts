// The web session of a request (issue 4): the cookie `rcat_session` carries the secret of a
// server-side session (the rules: src/server/services/web-sessions.ts).
// Cookie: HttpOnly, SameSite=Lax, Path=/, Secure when the base URL is https (RFC 6265bis).
// Pages read only this cookie, never the Authorization header, so a bearer token (agent or
// OAuth) can never open a page or start a session; the REST API and /mcp read only the
// Authorization header, so this cookie can never call them (spec section 5.6).
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { ABSOLUTE_MS } from '../services/web-sessions.js';
import type { Account, WebSession } from '../store/ports/index.js';
import { noteAccount } from '../ops/request-facts.js';
import { safeNextPath } from './next-path.js';

/** What the session functions use of the application's dependencies. */
export type SessionDeps = Pick<AppDeps, 'services' | 'config'>;

export const SESSION_COOKIE = 'rcat_session';

declare global {
  namespace Express {
    interface Request {
      /** Set by loadSession: the live web session of this request, or null when none. */
      webSession?: WebSession | null;
      webAccount?: Account | null;
    }
  }
}

/** Reads one cookie from the Cookie header (RFC 6265 section 5.4); the first occurrence wins. */
export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_\-]{1,200}$/.test(value) ? value : null;
  }
  return null;
}

function secure(deps: Pick<AppDeps, 'config'>): boolean {
  return deps.config.baseUrl.startsWith('https:');
}

export function cookieAttributes(deps: Pick<AppDeps, 'config'>, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure(deps) ? '; Secure' : ''}`;
}

function clearCookie(res: Response, deps: Pick<AppDeps, 'config'>): void {
  res.append('Set-Cookie', `${SESSION_COOKIE}=; ${cookieAttributes(deps, 0)}`);
}

/** Resolves the session and account of this request once (cached on req). Expired or orphaned sessions count as none. */
export async function loadSession(req: Request, deps: SessionDeps): Promise<{ session: WebSession; account: Account } | null> {
  if (req.webSession !== undefined) {
    return req.webSession && req.webAccount ? { session: req.webSession, account: req.webAccount } : null;
  }
  req.webSession = null;
  req.webAccount = null;
  const secret = readCookie(req, SESSION_COOKIE);
  const current = secret ? await deps.services.webSessions.resume(secret) : null;
  if (!current) return null;
  req.webSession = current.session;
  req.webAccount = current.account;
  noteAccount(req, current.account.id); // for the access log (src/server/ops/)
  return current;
}

export async function currentAccount(req: Request, deps: SessionDeps): Promise<Account | null> {
  return (await loadSession(req, deps))?.account ?? null;
}

/** The sign-in URL that returns to this request's page afterwards (local paths only). */
export function signInUrl(req: Request): string {
  return `/en/sign-in?next=${encodeURIComponent(safeNextPath(req.originalUrl))}`;
}

/** Returns the signed-in account, or redirects (303) to sign-in and returns null. */
export async function requireAccount(req: Request, res: Response, deps: SessionDeps): Promise<Account | null> {
  const account = await currentAccount(req, deps);
  if (account) return account;
  res.redirect(303, signInUrl(req));
  return null;
}

/**
 * For form POST handlers: like requireAccount, but after sign-in the user returns to the page
 * `returnTo` (a POST target cannot be revisited with GET).
 */
export async function requireAccountForPost(req: Request, res: Response, deps: SessionDeps, returnTo: string): Promise<Account | null> {
  const account = await currentAccount(req, deps);
  if (account) return account;
  res.redirect(303, `/en/sign-in?next=${encodeURIComponent(safeNextPath(returnTo))}`);
  return null;
}

/** Starts a fresh session (a new id every time: no session fixation) and sets the cookie. */
export async function signIn(req: Request, res: Response, deps: SessionDeps, account: Account): Promise<WebSession> {
  const previous = await loadSession(req, deps);
  if (previous) await deps.services.webSessions.end(previous.session.id);
  const { secret, session } = await deps.services.webSessions.start(account);
  res.append('Set-Cookie', `${SESSION_COOKIE}=${secret}; ${cookieAttributes(deps, Math.floor(ABSOLUTE_MS / 1000))}`);
  req.webSession = session;
  req.webAccount = account;
  return session;
}

/** Ends the session server-side (the cookie alone is then worthless) and clears the cookie. */
export async function signOut(req: Request, res: Response, deps: SessionDeps): Promise<void> {
  const current = await loadSession(req, deps);
  if (current) await deps.services.webSessions.end(current.session.id);
  clearCookie(res, deps);
  req.webSession = null;
  req.webAccount = null;
}
