// Password hashing with scrypt (memory-hard KDF from node:crypto).
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
/** The cost of every new hash. A stored hash names its own, which verifyPassword uses. */
export const SCRYPT_COST: Readonly<ScryptCost> = { N: 2 ** 15, r: 8, p: 1 };
const KEYLEN = 32;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** `cost` is for tests' throwaway accounts only; rcat itself always hashes at SCRYPT_COST. */
export async function hashPassword(password: string, cost: Readonly<ScryptCost> = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...cost, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}
