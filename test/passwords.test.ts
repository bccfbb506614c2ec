// Password hashes (src/server/services/passwords.ts): rcat hashes every new password at its full
// scrypt cost, and a stored hash is verified at the cost it names, so hashes made at another cost
// (the tests' throwaway accounts: ./support/password-hash.ts) verify too, and a hash whose named
// cost was changed does not.
import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_COST, verifyPassword } from '../src/server/services/passwords.js';
import { TEST_SCRYPT_COST, testPasswordHash } from './support/password-hash.js';

const PASSWORD = 'correct horse battery staple';

describe('password hashes', () => {
  it('are made at the full cost, N = 2^15, r = 8, p = 1, with a 16-byte salt and a 32-byte key', async () => {
    expect(SCRYPT_COST).toEqual({ N: 32768, r: 8, p: 1 });
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    for (const hash of [a, b]) {
      const [scheme, n, r, p, salt, key] = hash.split('$');
      expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
      expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
      expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    }
    expect(a).not.toBe(b); // a fresh salt each time
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, a)).toBe(false);
  });

  it('are verified at the cost they name', async () => {
    const low = await testPasswordHash(PASSWORD);
    expect(low.split('$').slice(0, 4)).toEqual(['scrypt', String(TEST_SCRYPT_COST.N), '8', '1']);
    expect(await verifyPassword(PASSWORD, low)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', low)).toBe(false);
    // The same salt and key under another cost is another hash.
    expect(await verifyPassword(PASSWORD, low.replace(/^scrypt\$\d+\$/, 'scrypt$2048$'))).toBe(false);
  });

  it('refuse a missing or malformed hash', async () => {
    for (const stored of [null, '', 'scrypt$abc', 'bcrypt$10$8$1$c2FsdA$a2V5', PASSWORD]) expect(await verifyPassword(PASSWORD, stored)).toBe(false);
  });
});
