import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AgentToken, Store } from '../../src/server/store/ports/index.js';
import { anAccount, iso, type StoreFactory } from './harness.js';

const T0 = Date.parse('2026-11-01T10:00:00.000Z');

async function aToken(store: Store, accountId: string, overrides: Partial<AgentToken> = {}): Promise<AgentToken> {
  const token: AgentToken = {
    id: randomUUID(),
    accountId,
    label: 'contract token',
    scopes: ['catalog:read', 'projects:read'],
    tokenHash: randomUUID().replace(/-/g, '').repeat(2),
    createdAt: iso(T0),
    expiresAt: iso(T0 + 30 * 86_400_000),
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
  await store.agentTokens.insert(token);
  return token;
}

export function agentTokensContract(factory: StoreFactory): void {
  describe('AgentTokenStore', () => {
    it('finds an inserted token by hash and by id, exactly as inserted', async () => {
      const store = await factory.open();
      const account = await anAccount(store);
      const t = await aToken(store, account.id);
      expect(await store.agentTokens.findByHash(t.tokenHash)).toEqual(t);
      expect(await store.agentTokens.getById(t.id)).toEqual(t);
      expect(await store.agentTokens.findByHash('0'.repeat(64))).toBeNull();
      expect(await store.agentTokens.getById(randomUUID())).toBeNull();
    });

    it('finds a token with its account in one read (null for an unknown hash)', async () => {
      const store = await factory.open();
      const account = await anAccount(store, { company: 'Acme', plan: 'paid', paidUntil: '2027-01-31' });
      const t = await aToken(store, account.id);
      expect(store.agentTokens.findByHashWithAccount).toBeTypeOf('function');
      expect(await store.agentTokens.findByHashWithAccount!(t.tokenHash)).toEqual({ token: t, account });
      expect(await store.agentTokens.findByHashWithAccount!('0'.repeat(64))).toBeNull();
    });

    it("lists only the account's own tokens", async () => {
      const store = await factory.open();
      const a = await anAccount(store);
      const b = await anAccount(store);
      const mine = [await aToken(store, a.id), await aToken(store, a.id, { createdAt: iso(T0 + 1000) })];
      await aToken(store, b.id);
      const listed = await store.agentTokens.listForAccount(a.id);
      expect(listed.map((t) => t.id).sort()).toEqual(mine.map((t) => t.id).sort());
    });

    it('revokes idempotently, keeping the first revocation time; null for an unknown id', async () => {
      const store = await factory.open();
      const account = await anAccount(store);
      const t = await aToken(store, account.id);
      const first = await store.agentTokens.revoke(t.id, iso(T0 + 5000));
      expect(first).toEqual({ ...t, revokedAt: iso(T0 + 5000) });
      const again = await store.agentTokens.revoke(t.id, iso(T0 + 9000));
      expect(again!.revokedAt).toBe(iso(T0 + 5000));
      expect((await store.agentTokens.findByHash(t.tokenHash))!.revokedAt).toBe(iso(T0 + 5000));
      expect(await store.agentTokens.revoke(randomUUID(), iso(T0))).toBeNull();
    });

    it('records last use in a batch, never moving a time backwards, ignoring unknown ids', async () => {
      const store = await factory.open();
      const account = await anAccount(store);
      const t1 = await aToken(store, account.id);
      const t2 = await aToken(store, account.id);
      await store.agentTokens.touch([
        { id: t1.id, lastUsedAt: iso(T0 + 2000) },
        { id: t2.id, lastUsedAt: iso(T0 + 3000) },
        { id: randomUUID(), lastUsedAt: iso(T0 + 3000) },
      ]);
      await store.agentTokens.touch([{ id: t1.id, lastUsedAt: iso(T0 + 1000) }]);
      await store.agentTokens.touch([]);
      expect((await store.agentTokens.getById(t1.id))!.lastUsedAt).toBe(iso(T0 + 2000));
      expect((await store.agentTokens.getById(t2.id))!.lastUsedAt).toBe(iso(T0 + 3000));
    });
  });
}
