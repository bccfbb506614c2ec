// The agent-tokens port (spec section 5.5): 30-day scoped bearer tokens, stored only as hashes.
import type { Scope } from '../../../shared/scopes.js';
import type { Account } from './accounts.js';

export interface AgentToken {
  id: string;
  accountId: string;
  label: string;
  scopes: Scope[];
  /** SHA-256 of the token, hex. The token itself is never stored. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface AgentTokenStore {
  insert(token: AgentToken): Promise<void>;
  findByHash(tokenHash: string): Promise<AgentToken | null>;
  /**
   * Optional: the token and its account from one consistent read (the JSON store then checks
   * the state file once per request instead of twice). Without it the verifier calls
   * `findByHash` and `accounts.getById`.
   */
  findByHashWithAccount?(tokenHash: string): Promise<{ token: AgentToken; account: Account | null } | null>;
  getById(id: string): Promise<AgentToken | null>;
  listForAccount(accountId: string): Promise<AgentToken[]>;
  /** Marks revoked (idempotent); returns the token or null if unknown. */
  revoke(id: string, at: string): Promise<AgentToken | null>;
  /** Records last use; may be batched by the caller, so it takes many at once. */
  touch(updates: { id: string; lastUsedAt: string }[]): Promise<void>;
}
