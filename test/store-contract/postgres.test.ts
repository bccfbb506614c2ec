// The store contract against the PostgreSQL adapter, on a throwaway cluster
// (test/support/postgres.ts); every test gets a fresh database (a copy of a migrated template).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/server/store/postgres/index.js';
import type { Store } from '../../src/server/store/ports/index.js';
import { type PostgresCluster, startPostgres } from '../support/postgres.js';
import { storeContract } from './contract.js';
import { anAccount, iso } from './harness.js';

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

// PostgreSQL only: the save's access check waits for a membership removal that is in flight
// (its row is locked FOR SHARE), then sees it committed and refuses; nothing is written.
describe('PostgreSQL: save_to_shortlist access check vs a concurrent membership removal', () => {
  it('waits for an uncommitted DELETE of the membership row, then refuses the save', async () => {
    const url = await cluster.createDatabase('sharelock', { migrated: true });
    const store = await PostgresStore.open(url);
    opened.push(store);
    const owner = await anAccount(store);
    const editor = await anAccount(store);
    const project = await store.projects.create({ id: `prj_${randomUUID()}`, name: 'Locks', createdAt: iso(Date.now()) }, owner.id);
    await store.projects.setMember({ projectId: project.id, accountId: editor.id, role: 'editor', addedAt: iso(Date.now()) });
    const collection = await store.collections.insert({ id: `col_${randomUUID()}`, name: 'Shared', projectId: project.id, ownerAccountId: null, editorAccountIds: [], createdAt: iso(Date.now()) });

    const other = new pg.Client({ connectionString: url });
    // A third connection watches pg_stat_activity outside any transaction (inside one, the
    // statistics are a snapshot taken at first access and would never show the wait).
    const watcher = new pg.Client({ connectionString: url });
    await other.connect();
    await watcher.connect();
    try {
      await other.query('BEGIN');
      await other.query('DELETE FROM project_members WHERE project_id = $1 AND account_id = $2', [project.id, editor.id]);
      const save = store.shortlist.saveActiveIfEditor({
        id: `sli_${randomUUID()}`,
        collectionId: collection.id,
        entityId: 'equipment:0a1b2c3d-0000-4000-8000-000000000001',
        title: 'T',
        url: 'https://rcat.example/x',
        note: null,
        state: 'active',
        savedByAccountId: editor.id,
        savedAt: iso(Date.now()),
        removedAt: null,
      });
      // Wait (by observation, not by time) until the save is blocked on the membership row lock —
      // or has finished, which would mean it did not wait (and the assertion below fails).
      let settled = false;
      void save.then(
        () => (settled = true),
        () => (settled = true),
      );
      while (!settled) {
        const { rows } = await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%project_members%FOR SHARE%'`);
        if (rows[0].n > 0) break;
        await new Promise((r) => setImmediate(r));
      }
      await other.query('COMMIT');
      expect(await save).toEqual({ refused: 'none', collection });
      expect(await store.shortlist.listForCollection(collection.id)).toEqual([]);
    } finally {
      await other.end();
      await watcher.end();
    }
  });
});
