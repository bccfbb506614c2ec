// Seeds a data dir through the JSON store itself (the same code the server uses), then closes
// it, so a server child process can be started on it: accounts with passwords, one personal
// collection each, and a small catalogue whose entity IDs are known in advance.
import { randomUUID } from 'node:crypto';
import { toEntry } from '../../src/server/catalogue/source-record.js';
import { mintAgentToken } from '../../src/server/services/agent-tokens.js';
import { JsonStore } from '../../src/server/store/json/index.js';
import { catalogueFile, microscopes } from './mcp-client.js';
import { testPasswordHash } from './password-hash.js';

export interface SeededAccount {
  id: string;
  email: string;
  password: string;
  collectionId: string;
  company: string | null;
  plan: 'standard' | 'paid';
  /** An agent token with every scope. */
  token: string;
}

export interface SeededDir {
  dataDir: string;
  cataloguePath: string;
  entityIds: string[];
  accounts: SeededAccount[];
}

export interface AccountSpec {
  company: string | null;
  plan: 'standard' | 'paid';
}

export async function seedDataDir(dataDir: string, opts: { accounts: number | AccountSpec[]; records: number }): Promise<SeededDir> {
  const specs: AccountSpec[] = typeof opts.accounts === 'number' ? Array.from({ length: opts.accounts }, () => ({ company: null, plan: 'paid' })) : opts.accounts;
  const records = microscopes(opts.records);
  const cataloguePath = catalogueFile(dataDir, records);
  // Same derivation as the server's catalogue loader (UUIDv5 of kind + sourceId).
  const entityIds = records.map((r) => toEntry(r as Parameters<typeof toEntry>[0]).id);
  const store = await JsonStore.open(dataDir);
  const password = 'correct horse battery staple';
  const passwordHash = await testPasswordHash(password);
  const accounts: SeededAccount[] = [];
  try {
    for (const [i, spec] of specs.entries()) {
      const account = await store.accounts.create({
        email: `seed${i}-${randomUUID().slice(0, 8)}@example.test`,
        name: `Seed ${i}`,
        company: spec.company,
        plan: spec.plan,
        paidUntil: spec.plan === 'paid' ? '2999-12-31' : null,
        passwordHash,
      });
      const collection = await store.collections.insert({
        id: `col_${randomUUID()}`,
        name: `Collection ${i}`,
        projectId: null,
        ownerAccountId: account.id,
        editorAccountIds: [],
        createdAt: new Date().toISOString(),
      });
      const { token } = await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read', 'projects:read', 'shortlist:write'], label: 'seed', now: new Date() });
      accounts.push({ id: account.id, email: account.email, password, collectionId: collection.id, company: spec.company, plan: spec.plan, token });
    }
  } finally {
    await store.close();
  }
  return { dataDir, cataloguePath, entityIds, accounts };
}
