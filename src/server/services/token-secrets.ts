// Bearer secrets: a recognisable prefix plus 256 bits of randomness; only the SHA-256 is stored.
import { createHash, hash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIXES = {
  agent: 'rcat_at_',
  oauthAccess: 'rcat_oa_',
  oauthRefresh: 'rcat_rt_',
} as const;

export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  // One-shot hash (Node ≥ 20.12): no Hash object per request; same digest as createHash.
  return typeof hash === 'function' ? hash('sha256', secret, 'hex') : createHash('sha256').update(secret, 'utf8').digest('hex');
}
