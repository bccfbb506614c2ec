// Agent tokens: the 30-day scoped bearer tokens of spec section 5.5. One service creates, lists
// and revokes them for the agent-connections page and the operator commands alike, with the same
// rules: a lifetime of 1 to 30 days, at least one scope, at most 50 active tokens per account.
// The token itself is shown once; the store keeps only its SHA-256.
import { randomUUID } from 'node:crypto';
import type { Scope } from '../../shared/scopes.js';
import { AppError } from '../errors.js';
import type { AgentToken, AgentTokenStore, Store } from '../store/ports/index.js';
import { hashSecret, newSecret, TOKEN_PREFIXES } from './token-secrets.js';

export const AGENT_TOKEN_DEFAULT_DAYS = 30;
export const AGENT_TOKEN_MAX_DAYS = 30;
/** Bounds state growth from one account; revoked and expired tokens do not count. */
export const MAX_ACTIVE_AGENT_TOKENS = 50;
const DAY_MS = 86_400_000;

export interface MintedAgentToken {
  token: string;
  record: AgentToken;
}

/** Mints a token into the store, with no cap: tests and the demo seed use it; everyone else, AgentTokenService. */
export async function mintAgentToken(
  store: Pick<Store, 'agentTokens'>,
  input: { accountId: string; scopes: Scope[]; label: string; days?: number; now?: Date },
): Promise<MintedAgentToken> {
  const days = input.days ?? AGENT_TOKEN_DEFAULT_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > AGENT_TOKEN_MAX_DAYS) {
    throw new AppError(400, 'invalid_request', 'Invalid request', { detail: `days must be a whole number from 1 to ${AGENT_TOKEN_MAX_DAYS}` });
  }
  if (input.scopes.length === 0) throw new AppError(400, 'invalid_request', 'Invalid request', { detail: 'at least one scope is required' });
  const now = input.now ?? new Date();
  const token = newSecret(TOKEN_PREFIXES.agent);
  const record: AgentToken = {
    id: randomUUID(),
    accountId: input.accountId,
    label: input.label,
    scopes: [...new Set(input.scopes)],
    tokenHash: hashSecret(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await store.agentTokens.insert(record);
  return { token, record };
}

/** Public view of a token (never the hash). */
export function describeAgentToken(t: AgentToken, now = new Date()) {
  const status: AgentTokenStatus = t.revokedAt ? 'revoked' : Date.parse(t.expiresAt) <= now.getTime() ? 'expired' : 'active';
  return {
    id: t.id,
    label: t.label,
    scopes: t.scopes,
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    lastUsedAt: t.lastUsedAt,
    revokedAt: t.revokedAt,
    status,
  };
}

export type AgentTokenStatus = 'active' | 'revoked' | 'expired';

function isActive(t: AgentToken, now: Date): boolean {
  return !t.revokedAt && Date.parse(t.expiresAt) > now.getTime();
}

export class AgentTokenService {
  constructor(
    private readonly tokens: AgentTokenStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Creates a token for the account, shown once. 400 for a lifetime outside 1 to 30 days or no
   * scope; 409 `conflict` when the account already has MAX_ACTIVE_AGENT_TOKENS active tokens.
   */
  async create(input: { accountId: string; scopes: Scope[]; label: string; days?: number }): Promise<MintedAgentToken> {
    const now = this.now();
    const active = (await this.tokens.listForAccount(input.accountId)).filter((t) => isActive(t, now));
    if (active.length >= MAX_ACTIVE_AGENT_TOKENS) {
      throw new AppError(409, 'conflict', 'Conflict', {
        detail: `The account has ${MAX_ACTIVE_AGENT_TOKENS} active agent tokens, the most it may have; revoke one it no longer uses first.`,
      });
    }
    return mintAgentToken({ agentTokens: this.tokens }, { ...input, now });
  }

  /** The account's tokens (revoked and expired ones too), newest first. */
  async list(accountId: string): Promise<AgentToken[]> {
    return (await this.tokens.listForAccount(accountId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * Revokes a token at once (idempotent). With `accountId`, only that account's token: someone
   * else's is reported exactly like a missing one (null).
   */
  async revoke(id: string, options: { accountId?: string } = {}): Promise<AgentToken | null> {
    if (options.accountId !== undefined) {
      const token = await this.tokens.getById(id);
      if (!token || token.accountId !== options.accountId) return null;
    }
    return this.tokens.revoke(id, this.now().toISOString());
  }
}
