// The password hash of the tests' throwaway accounts: the real scrypt hash and format, at a low
// cost (N = 2^10 instead of rcat's 2^15), made once per password in a worker. A stored hash names
// its own cost and the server verifies at that cost, so each sign-in with such an account costs a
// few milliseconds of CPU instead of ~0.1-0.3 s (sign-ins and their throttles are the same code).
// What rcat stores itself (accounts made by `rcat-server account create` or the demo, and the
// hash a sign-in of an unknown address is checked against) stays at the full cost:
// test/passwords.test.ts checks that cost, and test/admin-commands.test.ts that the operator's
// command uses it.
import { hashPassword, type ScryptCost } from '../../src/server/services/passwords.js';

export const TEST_SCRYPT_COST: Readonly<ScryptCost> = { N: 2 ** 10, r: 8, p: 1 };

const hashes = new Map<string, Promise<string>>();

/** The low-cost hash of a test password. */
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password, TEST_SCRYPT_COST)));
  return hash;
}
