// The web-sessions port: server-side sign-in sessions of the pages (src/server/web/session.ts).

/** A web sign-in session (src/server/web/session.ts). The cookie secret is stored only as a hash. */
export interface WebSession {
  id: string;
  accountId: string;
  /** SHA-256 of the cookie secret, hex. */
  tokenHash: string;
  /** Per-session synchronizer token for forms (src/server/web/csrf.ts). */
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute expiry: never extended. */
  expiresAt: string;
  /** Idle expiry: moved forward (in coarse steps) while the session is used. */
  idleExpiresAt: string;
}

export interface WebSessionStore {
  /** Stores a new session and prunes expired ones. */
  insert(session: WebSession, now: Date): Promise<void>;
  findByHash(tokenHash: string): Promise<WebSession | null>;
  touch(id: string, lastSeenAt: string, idleExpiresAt: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Ends every session of an account (e.g. password change); returns how many. */
  deleteForAccount(accountId: string): Promise<number>;
}
