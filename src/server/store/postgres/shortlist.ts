// ShortlistStore over `shortlist_items` (migrations/0004). Idempotent save is exactly-once on
// every host because the database enforces it: a partial unique index allows one active item per
// (collection, entity), the INSERT does nothing on conflict, and the existing active row is read
// back — no check-then-insert race between two hosts.
import type { ProjectRole } from '../../../shared/tools.js';
import { collectionAccess } from '../ports/collection-access.js';
import type { Collection, GuardedSave, ShortlistItemRecord, ShortlistStore } from '../ports/index.js';
import type { Database } from './database.js';
import { insertStatement, recordFromRow } from './rows.js';

const toItem = (r: Record<string, unknown>) => recordFromRow<ShortlistItemRecord>(r);

export class PostgresShortlistStore implements ShortlistStore {
  constructor(private readonly db: Database) {}

  async saveActive(item: ShortlistItemRecord): Promise<{ item: ShortlistItemRecord; created: boolean }> {
    return insertOnce(this.db, item);
  }

  async saveActiveIfEditor(item: ShortlistItemRecord): Promise<GuardedSave> {
    return this.db.transaction(async (c): Promise<GuardedSave> => {
      // FOR SHARE: a concurrent removeMember (DELETE) or setMember (UPDATE role) of this membership
      // waits until this transaction ends; one that committed first is seen here (READ COMMITTED
      // re-reads the row after the wait). The collection row is locked the same way.
      const col = await c.query('SELECT * FROM collections WHERE id = $1 FOR SHARE', [item.collectionId]);
      if (!col.rows[0]) return { refused: 'none', collection: null };
      const found = recordFromRow<Collection>(col.rows[0]);
      let role: ProjectRole | null = null;
      if (found.projectId !== null) {
        const m = await c.query<{ role: ProjectRole }>('SELECT role FROM project_members WHERE project_id = $1 AND account_id = $2 FOR SHARE', [found.projectId, item.savedByAccountId]);
        role = m.rows[0]?.role ?? null;
      }
      const access = collectionAccess(found, item.savedByAccountId, role);
      if (access !== 'edit') return { refused: access, collection: found };
      return insertOnce(c, item);
    });
  }

  async remove(id: string, at: string): Promise<ShortlistItemRecord | null> {
    // active → removed; a removed item stays removed (and keeps its first removal time).
    const { rows } = await this.db.query(
      `UPDATE shortlist_items SET state = 'removed', removed_at = CASE WHEN state = 'active' THEN $2::timestamptz ELSE removed_at END
        WHERE id = $1 RETURNING *`,
      [id, at],
    );
    return rows[0] ? toItem(rows[0]) : null;
  }

  async getById(id: string): Promise<ShortlistItemRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM shortlist_items WHERE id = $1', [id]);
    return rows[0] ? toItem(rows[0]) : null;
  }

  async listForCollection(collectionId: string): Promise<ShortlistItemRecord[]> {
    return (await this.db.query('SELECT * FROM shortlist_items WHERE collection_id = $1 ORDER BY seq', [collectionId])).rows.map(toItem);
  }

  async countActive(collectionIds: readonly string[]): Promise<Record<string, number>> {
    if (collectionIds.length === 0) return {};
    const { rows } = await this.db.query<{ collection_id: string; n: number }>(
      `SELECT collection_id, count(*)::int AS n FROM shortlist_items WHERE state = 'active' AND collection_id = ANY ($1::text[]) GROUP BY collection_id`,
      [collectionIds],
    );
    return Object.fromEntries(rows.map((r) => [r.collection_id, r.n]));
  }
}

/** The pool (Database) or a transaction's client. */
type Runs = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** INSERT … ON CONFLICT DO NOTHING, then the existing active row; on the pool or in a transaction. */
async function insertOnce(q: Runs, item: ShortlistItemRecord): Promise<{ item: ShortlistItemRecord; created: boolean }> {
  // A concurrent save may remove the winner between our INSERT and SELECT; try again then
  // (each statement takes a fresh snapshot, inside a READ COMMITTED transaction too).
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await q.query(
      ...insertStatement('shortlist_items', { ...item, state: 'active', removedAt: null }, `ON CONFLICT (collection_id, entity_id) WHERE state = 'active' DO NOTHING RETURNING *`),
    );
    if (inserted.rows[0]) return { item: toItem(inserted.rows[0]), created: true };
    const existing = await q.query(`SELECT * FROM shortlist_items WHERE collection_id = $1 AND entity_id = $2 AND state = 'active'`, [item.collectionId, item.entityId]);
    if (existing.rows[0]) return { item: toItem(existing.rows[0]), created: false };
  }
  throw new Error('saveActive: the active item kept changing under concurrent saves and removals');
}
