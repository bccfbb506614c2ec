// Server-side web sessions for the pages (issue 4). The cookie `rcat_session` holds a random
// 256-bit secret; the store keeps only its SHA-256, the account, a CSRF token and two expiries:
//  - idle: IDLE_MS after the last use (moved forward in coarse TOUCH_STEP_MS steps, so a page
//    view is not a state-file write every time);
//  - absolute: ABSOLUTE_MS after sign-in, never extended.
// Cookie: HttpOnly, SameSite=Lax, Path=/, Secure when the base URL is https (RFC 6265bis).
// Pages read only this cookie, never the Authorization header, so a bearer token (agent or
// OAuth) can never open a page or start a session; the REST API and /mcp read only the
// Authorization header, so this cookie can never call them (spec section 5.6).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { hashSecret } from '../services/token-secrets.js';
import type { Account, WebSession } from '../store/ports/index.js';
import { noteAccount } from '../ops/request-facts.js';
import { safeNextPath } from './next-path.js';

export const SESSION_COOKIE = 'rcat_session';
const SESSION_PREFIX = 'rcat_ws_';
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_STEP_MS = 5 * 60 * 1000;

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

function secure(deps: AppDeps): boolean {
  return deps.config.baseUrl.startsWith('https:');
}

export function cookieAttributes(deps: AppDeps, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure(deps) ? '; Secure' : ''}`;
}

function clearCookie(res: Response, deps: AppDeps): void {
  res.append('Set-Cookie', `${SESSION_COOKIE}=; ${cookieAttributes(deps, 0)}`);
}

/** Resolves the session and account of this request once (cached on req). Expired or orphaned sessions count as none. */
export async function loadSession(req: Request, deps: AppDeps): Promise<{ session: WebSession; account: Account } | null> {
  if (req.webSession !== undefined) {
    return req.webSession && req.webAccount ? { session: req.webSession, account: req.webAccount } : null;
  }
  req.webSession = null;
  req.webAccount = null;
  const secret = readCookie(req, SESSION_COOKIE);
  if (!secret || !secret.startsWith(SESSION_PREFIX)) return null;
  const session = await deps.store.webSessions.findByHash(hashSecret(secret));
  if (!session) return null;
  const now = deps.now();
  if (Date.parse(session.expiresAt) <= now.getTime() || Date.parse(session.idleExpiresAt) <= now.getTime()) {
    await deps.store.webSessions.delete(session.id);
    return null;
  }
  const account = await deps.store.accounts.getById(session.accountId);
  if (!account || account.disabled) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_STEP_MS) {
    const idle = new Date(Math.min(now.getTime() + IDLE_MS, Date.parse(session.expiresAt))).toISOString();
    await deps.store.webSessions.touch(session.id, now.toISOString(), idle);
  }
  req.webSession = session;
  req.webAccount = account;
  noteAccount(req, account.id); // for the access log (src/server/ops/)
  return { session, account };
}

export async function currentAccount(req: Request, deps: AppDeps): Promise<Account | null> {
  return (await loadSession(req, deps))?.account ?? null;
}

/** The sign-in URL that returns to this request's page afterwards (local paths only). */
export function signInUrl(req: Request): string {
  return `/en/sign-in?next=${encodeURIComponent(safeNextPath(req.originalUrl))}`;
}

/** Returns the signed-in account, or redirects (303) to sign-in and returns null. */
export async function requireAccount(req: Request, res: Response, deps: AppDeps): Promise<Account | null> {
  const account = await currentAccount(req, deps);
  if (account) return account;
  res.redirect(303, signInUrl(req));
  return null;
}

/**
 * For form POST handlers: like requireAccount, but after sign-in the user returns to the page
 * `returnTo` (a POST target cannot be revisited with GET).
 */
export async function requireAccountForPost(req: Request, res: Response, deps: AppDeps, returnTo: string): Promise<Account | null> {
  const account = await currentAccount(req, deps);
  if (account) return account;
  res.redirect(303, `/en/sign-in?next=${encodeURIComponent(safeNextPath(returnTo))}`);
  return null;
}

/** Starts a fresh session (a new id every time: no session fixation) and sets the cookie. */
export async function signIn(req: Request, res: Response, deps: AppDeps, account: Account): Promise<WebSession> {
  const previous = await loadSession(req, deps);
  if (previous) await deps.store.webSessions.delete(previous.session.id);
  const now = deps.now();
  const secret = SESSION_PREFIX + randomBytes(32).toString('base64url');
  const session: WebSession = {
    id: randomUUID(),
    accountId: account.id,
    tokenHash: hashSecret(secret),
    csrfToken: randomBytes(32).toString('base64url'),
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS).toISOString(),
    idleExpiresAt: new Date(now.getTime() + IDLE_MS).toISOString(),
  };
  await deps.store.webSessions.insert(session, now);
  res.append('Set-Cookie', `${SESSION_COOKIE}=${secret}; ${cookieAttributes(deps, Math.floor(ABSOLUTE_MS / 1000))}`);
  req.webSession = session;
  req.webAccount = account;
  return session;
}

/** Ends the session server-side (the cookie alone is then worthless) and clears the cookie. */
export async function signOut(req: Request, res: Response, deps: AppDeps): Promise<void> {
  const current = await loadSession(req, deps);
  if (current) await deps.store.webSessions.delete(current.session.id);
  clearCookie(res, deps);
  req.webSession = null;
  req.webAccount = null;
}
