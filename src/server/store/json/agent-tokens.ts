import type { JsonFileStore } from './json-file.js';
import { findBy } from './lookup.js';
import type { Account, AgentToken, AgentTokenStore } from '../ports/index.js';

export class JsonAgentTokenStore implements AgentTokenStore {
  constructor(private readonly file: JsonFileStore) {}

  async insert(token: AgentToken): Promise<void> {
    await this.file.mutate((state) => {
      state.agentTokens.push(token);
    });
  }

  findByHash(tokenHash: string): Promise<AgentToken | null> {
    return this.file.read((s) => findBy(s.agentTokens, 'tokenHash', tokenHash) ?? null);
  }

  /** One read (one check of the state file) for both, so they come from the same state. */
  findByHashWithAccount(tokenHash: string): Promise<{ token: AgentToken; account: Account | null } | null> {
    return this.file.read((s) => {
      const token = findBy(s.agentTokens, 'tokenHash', tokenHash);
      if (!token) return null;
      return { token, account: findBy(s.accounts, 'id', token.accountId) ?? null };
    });
  }

  getById(id: string): Promise<AgentToken | null> {
    return this.file.read((s) => findBy(s.agentTokens, 'id', id) ?? null);
  }

  listForAccount(accountId: string): Promise<AgentToken[]> {
    return this.file.read((s) => s.agentTokens.filter((t) => t.accountId === accountId));
  }

  revoke(id: string, at: string): Promise<AgentToken | null> {
    return this.file.mutate((state) => {
      const token = state.agentTokens.find((t) => t.id === id);
      if (!token) return null;
      token.revokedAt ??= at;
      return { ...token };
    });
  }

  async touch(updates: { id: string; lastUsedAt: string }[]): Promise<void> {
    if (updates.length === 0) return;
    await this.file.mutate((state) => {
      for (const u of updates) {
        const token = state.agentTokens.find((t) => t.id === u.id);
        if (token && (token.lastUsedAt === null || token.lastUsedAt < u.lastUsedAt)) token.lastUsedAt = u.lastUsedAt;
      }
    });
  }
}
