// CollectionStore over `collections` (migrations/0004).
import type { Collection, CollectionStore } from '../ports/index.js';
import type { Database } from './database.js';
import { insertStatement, recordFromRow } from './rows.js';

const toCollection = (r: Record<string, unknown>) => recordFromRow<Collection>(r);

export class PostgresCollectionStore implements CollectionStore {
  constructor(private readonly db: Database) {}

  async insert(c: Collection): Promise<Collection> {
    await this.db.query(...insertStatement('collections', c));
    return structuredClone(c);
  }

  async getById(id: string): Promise<Collection | null> {
    const { rows } = await this.db.query('SELECT * FROM collections WHERE id = $1', [id]);
    return rows[0] ? toCollection(rows[0]) : null;
  }

  async list(): Promise<Collection[]> {
    return (await this.db.query('SELECT * FROM collections ORDER BY seq')).rows.map(toCollection);
  }

  async listByProjects(projectIds: readonly string[]): Promise<Collection[]> {
    if (projectIds.length === 0) return [];
    return (await this.db.query('SELECT * FROM collections WHERE project_id = ANY ($1::text[]) ORDER BY seq', [projectIds])).rows.map(toCollection);
  }

  async listForAccount(accountId: string): Promise<Collection[]> {
    return (await this.db.query('SELECT * FROM collections WHERE owner_account_id = $1 OR $1 = ANY (editor_account_ids) ORDER BY seq', [accountId])).rows.map(toCollection);
  }
}
