// The store contract against the PostgreSQL adapter, on a throwaway cluster
// (test/support/postgres.ts); every test gets a fresh database (a file copy of a migrated template).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/server/store/postgres/index.js';
import type { Store } from '../../src/server/store/ports/index.js';
import type { PostgresCluster } from '../support/postgres.js';
import { sharedPostgres } from '../support/postgres-shared.js';
import { storeContract } from './contract.js';
import { anAccount, iso } from './harness.js';

let cluster: PostgresCluster;
const opened: Store[] = [];

beforeAll(async () => {
  cluster = await sharedPostgres();
}, 120_000);

// Drops the fifty-odd databases the contract made (side by side, but still slow on a loaded machine).
afterAll(async () => {
  for (const store of opened) await store.close();
  await cluster?.stop();
}, 180_000);

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

// PostgreSQL only: rcat_charge_checked, the charge that re-checks a bearer credential in the same
// statement (one round trip per request; src/server/store/ports/limit-counters.ts CredentialCheck).
describe('PostgreSQL: charges that re-check the credential (chargeAllChecked)', () => {
  const FAR = Date.parse('2099-01-01T00:00:00Z');
  const windows = (prefix: string, limit: number | null) => [
    { key: `${prefix}:minute`, amount: 1, limit, expiresAt: FAR },
    { key: `${prefix}:day`, amount: 3, limit: null, expiresAt: FAR },
  ];
  async function withToken(overrides: Partial<Parameters<Store['accounts']['create']>[0]> = {}) {
    const store = await PostgresStore.open(await cluster.createDatabase('checked', { migrated: true }));
    opened.push(store);
    const account = await anAccount(store, { company: 'Acme Labs', ...overrides });
    const tokenHash = randomUUID().replace(/-/g, '').repeat(2);
    await store.agentTokens.insert({ id: randomUUID(), accountId: account.id, label: 't', scopes: ['catalog:read'], tokenHash, createdAt: iso(Date.now()), expiresAt: iso(FAR), lastUsedAt: null, revokedAt: null });
    const check = { kind: 'agent' as const, tokenHash, accountId: account.id, plan: account.plan, paidUntil: account.paidUntil, company: account.company };
    return { store, account, check, counters: store.limitCounters };
  }

  it('charges while the credential holds, and charges nothing once it does not', async () => {
    const { store, account, check, counters } = await withToken();
    const key = randomUUID();
    expect(await counters.chargeAllChecked(check, windows(key, 10))).toEqual({ allowed: true, counts: [1, 3] });
    for (const changed of [{ plan: 'paid' as const, paidUntil: '2099-01-01' }, { company: 'Other' }, { disabled: true }]) {
      await store.accounts.update(account.id, changed);
      expect(await counters.chargeAllChecked(check, windows(key, 10))).toBeNull();
      await store.accounts.update(account.id, { plan: 'standard', paidUntil: null, company: 'Acme Labs', disabled: false });
    }
    expect(await counters.chargeAllChecked({ ...check, tokenHash: 'f'.repeat(64) }, windows(key, 10))).toBeNull();
    expect(await counters.chargeAllChecked({ ...check, kind: 'oauth' }, windows(key, 10))).toBeNull();
    const [token] = await store.agentTokens.listForAccount(account.id);
    await store.agentTokens.revoke(token!.id, iso(Date.now()));
    expect(await counters.chargeAllChecked(check, windows(key, 10))).toBeNull();
    expect(await counters.peek([`${key}:minute`, `${key}:day`])).toEqual([1, 3]);
  });

  it('admits exactly 30 of 100 simultaneous checked charges, mixed with refused credentials and plain charges in the same batches', async () => {
    const { store, account, check, counters } = await withToken();
    const revoked = { ...check, tokenHash: 'e'.repeat(64) };
    await store.agentTokens.insert({ id: randomUUID(), accountId: account.id, label: 'r', scopes: ['catalog:read'], tokenHash: revoked.tokenHash, createdAt: iso(Date.now()), expiresAt: iso(FAR), lastUsedAt: null, revokedAt: iso(Date.now()) });
    const key = randomUUID();
    const all = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        i % 3 === 0 ? counters.chargeAllChecked(revoked, windows(key, 30)) : i % 3 === 1 ? counters.chargeAllChecked(check, windows(key, 30)) : counters.chargeAll(windows(key, 30)),
      ),
    );
    expect(all.filter((_, i) => i % 3 === 0).every((o) => o === null)).toBe(true);
    const admitted = all.filter((o) => o?.allowed);
    expect(admitted).toHaveLength(30);
    expect(admitted.map((o) => o!.counts[0]).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await counters.peek([`${key}:minute`, `${key}:day`])).toEqual([30, 90]);
  });
});
