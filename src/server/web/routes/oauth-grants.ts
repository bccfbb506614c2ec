// The OAuth connections (grants) shown on the agent-connections page: a thin adapter over the
// OAuth grants service (src/server/services/oauth/grants.ts), which owns their lifecycle.
import type { AppDeps } from '../../deps.js';
import type { OAuthGrantView } from '../../services/oauth/grants.js';
import type { Account } from '../../store/ports/index.js';

export type GrantView = Pick<OAuthGrantView, 'id' | 'clientName' | 'scopes' | 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'status'>;

export function listGrants(deps: AppDeps, account: Account): Promise<GrantView[]> {
  return deps.services.oauthGrants.list(account.id);
}

/** Revokes one of the account's grants (and all its tokens); false when it is not theirs or does not exist. */
export function revokeGrant(deps: AppDeps, account: Account, id: string): Promise<boolean> {
  return deps.services.oauthGrants.revoke(account.id, id);
}
