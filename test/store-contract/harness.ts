// The store contract suite: one set of behaviours every Store adapter must have, run against
// the JSON-file adapter (json.test.ts) and the PostgreSQL adapter (postgres.test.ts).
// Each contract file registers its tests with `describe` and gets a fresh store per test.
import { randomUUID } from 'node:crypto';
import type { Account, Store } from '../../src/server/store/ports/index.js';

export interface StoreFactory {
  /** A fresh, empty store. */
  open(): Promise<Store>;
}

let seq = 0;

export async function anAccount(store: Store, overrides: Partial<Parameters<Store['accounts']['create']>[0]> = {}): Promise<Account> {
  seq++;
  return store.accounts.create({
    email: `contract-${seq}-${randomUUID().slice(0, 8)}@example.test`,
    name: `Contract ${seq}`,
    company: null,
    plan: 'standard',
    paidUntil: null,
    passwordHash: null,
    ...overrides,
  });
}

export const iso = (ms: number) => new Date(ms).toISOString();
