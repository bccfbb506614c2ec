// The OAuth connections (grants) shown on the agent-connections page. Adapter over the OAuth
// engineer's grants service; until that service exists the page lists agent tokens only.
import type { AppDeps } from '../../http/app-deps.js';
import type { Account } from '../../store/ports.js';
import type { Scope } from '../../../shared/scopes.js';

export interface GrantView {
  id: string;
  clientName: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  status: 'active' | 'revoked' | 'expired';
}

export async function listGrants(_deps: AppDeps, _account: Account): Promise<GrantView[]> {
  return [];
}

/** Revokes one of the account's grants; false when it is not theirs or does not exist. */
export async function revokeGrant(_deps: AppDeps, _account: Account, _id: string): Promise<boolean> {
  return false;
}
