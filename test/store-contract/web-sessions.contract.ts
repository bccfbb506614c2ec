import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Store, WebSession } from '../../src/server/store/ports/index.js';
import { anAccount, iso, type StoreFactory } from './harness.js';

const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const HOUR = 3_600_000;

async function aSession(store: Store, accountId: string, now: number, overrides: Partial<WebSession> = {}): Promise<WebSession> {
  const s: WebSession = {
    id: randomUUID(),
    accountId,
    tokenHash: randomUUID().replace(/-/g, '').repeat(2),
    csrfToken: randomUUID(),
    createdAt: iso(now),
    lastSeenAt: iso(now),
    expiresAt: iso(now + 12 * HOUR),
    idleExpiresAt: iso(now + HOUR),
    ...overrides,
  };
  await store.webSessions.insert(s, new Date(now));
  return s;
}

export function webSessionsContract(factory: StoreFactory): void {
  describe('WebSessionStore', () => {
    it('finds a session by the hash of its secret, exactly as inserted', async () => {
      const store = await factory.open();
      const account = await anAccount(store);
      const s = await aSession(store, account.id, T0);
      expect(await store.webSessions.findByHash(s.tokenHash)).toEqual(s);
      expect(await store.webSessions.findByHash('f'.repeat(64))).toBeNull();
    });

    it('prunes expired sessions (absolute or idle) when a new one is inserted', async () => {
      const store = await factory.open();
      const account = await anAccount(store);
      const idleGone = await aSession(store, account.id, T0);
      const absoluteGone = await aSession(store, account.id, T0, { idleExpiresAt: iso(T0 + 24 * HOUR), expiresAt: iso(T0 + 2 * HOUR) });
      const alive = await aSession(store, account.id, T0, { idleExpiresAt: iso(T0 + 5 * HOUR) });
      await aSession(store, account.id, T0 + 3 * HOUR);
      expect(await store.webSessions.findByHash(idleGone.tokenHash)).toBeNull();
      expect(await store.webSessions.findByHash(absoluteGone.tokenHash)).toBeNull();
      expect(await store.webSessions.findByHash(alive.tokenHash)).toEqual(alive);
    });

    it('touch moves last-seen and idle expiry forward only', async () => {
      const store = await factory.open();
      const account = await anAccount(store);
      const s = await aSession(store, account.id, T0);
      await store.webSessions.touch(s.id, iso(T0 + 60_000), iso(T0 + HOUR + 60_000));
      await store.webSessions.touch(s.id, iso(T0 + 30_000), iso(T0 + HOUR + 30_000));
      expect(await store.webSessions.findByHash(s.tokenHash)).toEqual({ ...s, lastSeenAt: iso(T0 + 60_000), idleExpiresAt: iso(T0 + HOUR + 60_000) });
    });

    it('deletes one session, and all sessions of an account with a count', async () => {
      const store = await factory.open();
      const a = await anAccount(store);
      const b = await anAccount(store);
      const a1 = await aSession(store, a.id, T0);
      const a2 = await aSession(store, a.id, T0);
      const a3 = await aSession(store, a.id, T0);
      const b1 = await aSession(store, b.id, T0);
      await store.webSessions.delete(a1.id);
      expect(await store.webSessions.findByHash(a1.tokenHash)).toBeNull();
      expect(await store.webSessions.deleteForAccount(a.id)).toBe(2);
      expect(await store.webSessions.findByHash(a2.tokenHash)).toBeNull();
      expect(await store.webSessions.findByHash(a3.tokenHash)).toBeNull();
      expect(await store.webSessions.findByHash(b1.tokenHash)).toEqual(b1);
      expect(await store.webSessions.deleteForAccount(a.id)).toBe(0);
    });
  });
}
