// Who is calling: decided once per request, before any REST route, MCP tool or page runs.
import type { Scope } from '../../shared/scopes.js';
import type { Account } from '../store/ports/index.js';

export interface Principal {
  account: Account;
  scopes: Scope[];
  tokenId: string;
  tokenKind: 'agent' | 'oauth';
  /** ISO time the credential expires. */
  expiresAt: string;
  /** OAuth client id for OAuth tokens. */
  clientId?: string;
  /** OAuth grant id for OAuth tokens (its last use is shown on the agent-connections page). */
  grantId?: string;
}

/** A verifier recognises the tokens it issued (by prefix) and resolves them. */
export interface BearerVerifier {
  /** Returns null when the token is not one of this verifier's kind. Throws AppError 401/403 when it is but is not valid. */
  verify(token: string, context: { resource: string; now: Date }): Promise<Principal | null>;
  /** Records a use of a principal this verifier returned, when a request used it without calling `verify` again. */
  recordUse?(principal: Principal, now: Date): void;
}
