// The store contract against the PostgreSQL adapter, on a throwaway cluster
// (test/support/postgres.ts); every test gets a fresh database (a copy of a migrated template).
import { afterAll, beforeAll } from 'vitest';
import { PostgresStore } from '../../src/server/store/postgres/index.js';
import type { Store } from '../../src/server/store/ports.js';
import { type PostgresCluster, startPostgres } from '../support/postgres.js';
import { storeContract } from './contract.js';

let cluster: PostgresCluster;
const opened: Store[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
}, 120_000);

afterAll(async () => {
  for (const store of opened) await store.close();
  await cluster?.stop();
});

storeContract({
  async open() {
    const store = await PostgresStore.open(await cluster.createDatabase('contract', { migrated: true }));
    opened.push(store);
    return store;
  },
  async openCounters() {
    const store = await PostgresStore.open(await cluster.createDatabase('counters', { migrated: true }));
    opened.push(store);
    return store.limitCounters;
  },
});
