// The shape of the JSON state file. Each feature owns one or more top-level collections;
// `collection()` creates a missing one so older state files keep working.
import type { Account, AgentToken } from '../ports/index.js';

export const STATE_VERSION = 1;

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
