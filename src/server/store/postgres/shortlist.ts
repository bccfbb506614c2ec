// ShortlistStore over `shortlist_items` (migrations/0004). Idempotent save is exactly-once on
// every host because the database enforces it: a partial unique index allows one active item per
// (collection, entity), the INSERT does nothing on conflict, and the existing active row is read
// back — no check-then-insert race between two hosts.
import type { ShortlistItemRecord, ShortlistStore } from '../ports.js';
import type { Database } from './database.js';
import { insertStatement, recordFromRow } from './rows.js';

const toItem = (r: Record<string, unknown>) => recordFromRow<ShortlistItemRecord>(r);

export class PostgresShortlistStore implements ShortlistStore {
  constructor(private readonly db: Database) {}

  async saveActive(item: ShortlistItemRecord): Promise<{ item: ShortlistItemRecord; created: boolean }> {
    // A concurrent save may remove the winner between our INSERT and SELECT; try again then.
    for (let attempt = 0; attempt < 5; attempt++) {
      const inserted = await this.db.query(
        ...insertStatement('shortlist_items', { ...item, state: 'active', removedAt: null }, `ON CONFLICT (collection_id, entity_id) WHERE state = 'active' DO NOTHING RETURNING *`),
      );
      if (inserted.rows[0]) return { item: toItem(inserted.rows[0]), created: true };
      const existing = await this.db.query(`SELECT * FROM shortlist_items WHERE collection_id = $1 AND entity_id = $2 AND state = 'active'`, [item.collectionId, item.entityId]);
      if (existing.rows[0]) return { item: toItem(existing.rows[0]), created: false };
    }
    throw new Error('saveActive: the active item kept changing under concurrent saves and removals');
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
