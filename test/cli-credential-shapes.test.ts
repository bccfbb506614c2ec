// The CLI reads its stored documents (credentials, settings) without zod when they have the
// shapes it writes (src/cli/credential-shapes.ts), and asks the zod schemas otherwise. What it
// reads on its own must be exactly what the schema gives (same JSON, keys in the same order).
import { describe, expect, it } from 'vitest';
import { FileDocument, Settings, StoredCredential } from '../src/cli/credential-schemas.js';
import { plainFileDocument, plainSettings, plainStoredCredential } from '../src/cli/credential-shapes.js';

const agent = { kind: 'agent', accessToken: 'rcat_at_x', expiresAt: null };
const oauth = {
  savedAt: '2026-01-01T00:00:00.000Z',
  kind: 'oauth',
  accessToken: 'a',
  expiresAt: '2026-01-01T01:00:00.000Z',
  refreshToken: 'r',
  refreshExpiresAt: null,
  scopes: ['catalog:read'],
  account: { name: 'N', email: 'e@example.test' },
  clientId: 'rcat-cli',
  tokenEndpoint: 'https://h/oauth/token',
  revocationEndpoint: 'https://h/oauth/revoke',
  resources: ['https://h', 'https://h/mcp'],
  resourceTokens: { 'https://h/other': { expiresAt: null, accessToken: 'o' } },
};
const credentials: unknown[] = [
  agent,
  oauth,
  { ...agent, extra: 1 },
  { ...agent, accessToken: '' },
  { ...agent, kind: 'other' },
  { kind: 'agent', accessToken: 'x' },
  { ...oauth, account: { name: 'N', other: 1 } },
  { ...oauth, resourceTokens: { r: { accessToken: 'o' } } },
  { ...oauth, resourceTokens: { r: { accessToken: 'o', expiresAt: null, more: 1 } } },
  { ...oauth, scopes: ['a', 1] },
  { ...oauth, refreshToken: '' },
  JSON.parse('{"kind":"agent","accessToken":"x","expiresAt":null,"__proto__":{}}'),
  [],
  null,
  'x',
];
const settings: unknown[] = [
  { version: 1 },
  { version: 1, currentServer: 'https://h', storedIn: { 'https://h': 'file' }, fileReason: { 'https://h': 'env' } },
  { fileReason: {}, storedIn: { a: 'keyring' }, currentServer: 'https://h', version: 1 },
  { version: 1, storedIn: { a: 'elsewhere' } },
  { version: 1, other: true },
  { version: 2 },
  { version: 1, currentServer: 3 },
];
const documents: unknown[] = [
  { version: 1, servers: {} },
  { version: 1, servers: { 'https://h': agent, 'https://g': 'anything' } },
  { version: 1 },
  { version: 1, servers: [] },
  { version: 1, servers: {}, more: 1 },
];

function same(plain: (v: unknown) => unknown, schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, values: unknown[]) {
  let recognised = 0;
  for (const value of values) {
    const mine = plain(value);
    const theirs = schema.safeParse(value);
    if (mine === undefined) continue;
    recognised++;
    expect(theirs.success, JSON.stringify(value)).toBe(true);
    expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs.data));
  }
  return recognised;
}

describe('stored documents read without zod', () => {
  it('read as the zod schemas read them, or are left to them', () => {
    expect(same(plainStoredCredential, StoredCredential, credentials)).toBe(2);
    expect(same(plainSettings, Settings, settings)).toBe(3);
    expect(same(plainFileDocument, FileDocument, documents)).toBe(2);
  });
});
