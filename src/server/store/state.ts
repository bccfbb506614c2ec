// The shape of the JSON state file. Each feature owns one or more top-level collections;
// `collection()` creates a missing one so older state files keep working.
import type { Scope } from '../../shared/scopes.js';

export const STATE_VERSION = 1;

export interface Account {
  id: string;
  email: string;
  name: string;
  /** Company name; accounts with the same (case-insensitive) company share the company ceiling. */
  company: string | null;
  plan: 'standard' | 'paid';
  /** YYYY-MM-DD: the paid entitlement is verified until the end of this UTC day. */
  paidUntil: string | null;
  disabled: boolean;
  /** scrypt hash for the web sign-in (see src/server/services/passwords.ts), null when none set. */
  passwordHash: string | null;
  createdAt: string;
}

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

export interface State {
  version: number;
  accounts: Account[];
  agentTokens: AgentToken[];
  [collection: string]: unknown;
}

export function emptyState(): State {
  return { version: STATE_VERSION, accounts: [], agentTokens: [] };
}

/** Returns the named array collection of the state, creating it if it is missing. */
export function collection<T>(state: State, name: string): T[] {
  const existing = state[name];
  if (Array.isArray(existing)) return existing as T[];
  const created: T[] = [];
  state[name] = created;
  return created;
}

/** A loaded state must at least look like ours; anything else is corrupt and is never overwritten. */
export function isStateLike(value: unknown): value is State {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.version === 'number' && Array.isArray(v.accounts) && Array.isArray(v.agentTokens);
}
