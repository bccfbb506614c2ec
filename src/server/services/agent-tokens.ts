// Agent tokens: the 30-day scoped bearer tokens of spec section 5.5.
import { randomUUID } from 'node:crypto';
import type { Scope } from '../../shared/scopes.js';
import { AppError } from '../errors.js';
import type { AgentToken, Store } from '../store/ports/index.js';
import { hashSecret, newSecret, TOKEN_PREFIXES } from './token-secrets.js';

export const AGENT_TOKEN_DEFAULT_DAYS = 30;
export const AGENT_TOKEN_MAX_DAYS = 30;
const DAY_MS = 86_400_000;

export interface MintedAgentToken {
  token: string;
  record: AgentToken;
}

export async function mintAgentToken(
  store: Store,
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
  const status = t.revokedAt ? 'revoked' : Date.parse(t.expiresAt) <= now.getTime() ? 'expired' : 'active';
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
