import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoreFactory } from './harness.js';

export function serverSecretsContract(factory: StoreFactory): void {
  describe('ServerSecretStore', () => {
    it('creates a secret once and returns that one ever after, also to concurrent callers', async () => {
      const store = await factory.open();
      const now = new Date('2026-11-01T10:00:00.000Z');
      const made: string[] = [];
      const create = () => {
        const v = randomBytes(32).toString('base64url');
        made.push(v);
        return v;
      };
      const values = await Promise.all(Array.from({ length: 8 }, () => store.serverSecrets.getOrCreate('test-secret', create, now)));
      expect(new Set(values).size).toBe(1);
      expect(made).toContain(values[0]);
      expect(await store.serverSecrets.getOrCreate('test-secret', create, now)).toBe(values[0]);
      expect(await store.serverSecrets.getOrCreate('other-secret', create, now)).not.toBe(values[0]);
    });
  });
}
