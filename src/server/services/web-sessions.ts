// Server-side web sessions of the pages (issue 4): a random 256-bit secret in the cookie, only
// its SHA-256 in the store, with the account, a CSRF token and two expiries:
//  - idle: IDLE_MS after the last use (moved forward in coarse TOUCH_STEP_MS steps, so a page
//    view is not a state-file write every time);
//  - absolute: ABSOLUTE_MS after sign-in, never extended.
// The cookie itself (name, attributes, reading it) is the pages' business: src/server/web/session.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Account, Store, WebSession } from '../store/ports/index.js';
import { hashSecret } from './token-secrets.js';

export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_STEP_MS = 5 * 60 * 1000;
const SESSION_PREFIX = 'rcat_ws_';

export class WebSessionService {
  constructor(
    private readonly store: Pick<Store, 'webSessions' | 'accounts'>,
    private readonly now: () => Date,
  ) {}

  /**
   * The live session of a cookie secret, and its account; null when there is none: unknown,
   * expired (then removed), or its account gone or disabled.
   */
  async resume(secret: string): Promise<{ session: WebSession; account: Account } | null> {
    if (!secret.startsWith(SESSION_PREFIX)) return null;
    const session = await this.store.webSessions.findByHash(hashSecret(secret));
    if (!session) return null;
    const now = this.now();
    if (Date.parse(session.expiresAt) <= now.getTime() || Date.parse(session.idleExpiresAt) <= now.getTime()) {
      await this.store.webSessions.delete(session.id);
      return null;
    }
    const account = await this.store.accounts.getById(session.accountId);
    if (!account || account.disabled) return null;
    if (now.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_STEP_MS) {
      const idle = new Date(Math.min(now.getTime() + IDLE_MS, Date.parse(session.expiresAt))).toISOString();
      await this.store.webSessions.touch(session.id, now.toISOString(), idle);
    }
    return { session, account };
  }

  /** A fresh session for the account (a new id every time: no session fixation); its secret is returned once. */
  async start(account: Account): Promise<{ secret: string; session: WebSession }> {
    const now = this.now();
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
    await this.store.webSessions.insert(session, now);
    return { secret, session };
  }

  /** Ends a session server-side: its cookie is then worthless. */
  end(sessionId: string): Promise<void> {
    return this.store.webSessions.delete(sessionId);
  }
}
