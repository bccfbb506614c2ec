// The storage interfaces the services depend on. Adapters: ./json/ (embedded default, one
// JSON file) and, later, PostgreSQL. Every method is async so any adapter fits.
// Features add their own port next to their records (see docs/ARCHITECTURE.md).
import type { LimitCounterStore } from '../limits/counter-store.js';
import type { Account, AgentToken } from './state.js';

export type { Account, AgentToken } from './state.js';

export interface NewAccount {
  email: string;
  name: string;
  company: string | null;
  plan: Account['plan'];
  paidUntil: string | null;
  passwordHash: string | null;
}

export interface AccountStore {
  /** Throws AppError 409 `conflict` if the e-mail (case-insensitive) is taken. */
  create(input: NewAccount): Promise<Account>;
  getById(id: string): Promise<Account | null>;
  getByEmail(email: string): Promise<Account | null>;
  list(): Promise<Account[]>;
  update(id: string, patch: Partial<Omit<Account, 'id' | 'createdAt'>>): Promise<Account | null>;
}

export interface AgentTokenStore {
  insert(token: AgentToken): Promise<void>;
  findByHash(tokenHash: string): Promise<AgentToken | null>;
  getById(id: string): Promise<AgentToken | null>;
  listForAccount(accountId: string): Promise<AgentToken[]>;
  /** Marks revoked (idempotent); returns the token or null if unknown. */
  revoke(id: string, at: string): Promise<AgentToken | null>;
  /** Records last use; may be batched by the caller, so it takes many at once. */
  touch(updates: { id: string; lastUsedAt: string }[]): Promise<void>;
}

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

export interface Store {
  readonly accounts: AccountStore;
  readonly agentTokens: AgentTokenStore;
  readonly webSessions: WebSessionStore;
  /**
   * Counters of the limits service when this store provides them (PostgreSQL: shared by all
   * hosts). Absent → the default in-process journal in the data dir (src/server/limits/).
   */
  readonly limitCounters?: LimitCounterStore;
  /** Human-readable description of where state lives (for logs and `rcat-server` output). */
  describe(): string;
  close(): Promise<void>;
}
