// Verifies agent tokens against the store, on every request (no cache), so a revocation
// or a disabled account takes effect on the next request, including from another process.
import { AppError } from '../errors.js';
import { hashSecret, TOKEN_PREFIXES } from '../services/token-secrets.js';
import type { Store } from '../store/ports/index.js';
import type { BearerVerifier, Principal } from './principal.js';
import { LastUsedRecorder } from './last-used.js';

export class AgentTokenVerifier implements BearerVerifier {
  readonly lastUsed: LastUsedRecorder;

  constructor(private readonly store: Store) {
    this.lastUsed = new LastUsedRecorder((updates) => store.agentTokens.touch(updates));
  }

  async verify(token: string, { now }: { resource: string; now: Date }): Promise<Principal | null> {
    if (!token.startsWith(TOKEN_PREFIXES.agent)) return null;
    const tokens = this.store.agentTokens;
    const hash = hashSecret(token);
    const found = tokens.findByHashWithAccount
      ? await tokens.findByHashWithAccount(hash)
      : await tokens.findByHash(hash).then(async (t) => (t ? { token: t, account: await this.store.accounts.getById(t.accountId) } : null));
    if (!found) throw invalidToken('The token is not recognised.', 'unauthorized');
    const { token: record, account } = found;
    if (record.revokedAt) throw invalidToken('The token has been revoked.', 'token_revoked');
    if (Date.parse(record.expiresAt) <= now.getTime()) throw invalidToken('The token has expired.', 'token_expired');
    if (!account) throw invalidToken('The token is not recognised.', 'unauthorized');
    if (account.disabled) throw new AppError(403, 'account_disabled', 'Forbidden', { detail: 'The account is disabled.' });
    this.lastUsed.record(record.id, now);
    return { account, scopes: record.scopes, tokenId: record.id, tokenKind: 'agent', expiresAt: record.expiresAt };
  }

  recordUse(principal: Principal, now: Date): void {
    if (principal.tokenKind === 'agent') this.lastUsed.record(principal.tokenId, now);
  }
}

export function invalidToken(detail: string, code: 'unauthorized' | 'token_revoked' | 'token_expired'): AppError {
  return new AppError(401, code, 'Unauthorized', { detail, headers: { 'x-rcat-auth-error': 'invalid_token' } });
}
