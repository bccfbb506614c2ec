// InquiryDraftStore over `inquiry_drafts` (migrations/0004).
import type { InquiryDraftRecord, InquiryDraftStore } from '../ports/index.js';
import type { Database } from './database.js';
import { insertStatement, recordFromRow } from './rows.js';

const toDraft = (r: Record<string, unknown>) => recordFromRow<InquiryDraftRecord>(r);

export class PostgresInquiryDraftStore implements InquiryDraftStore {
  constructor(private readonly db: Database) {}

  async insert(d: InquiryDraftRecord): Promise<InquiryDraftRecord> {
    await this.db.query(...insertStatement('inquiry_drafts', d));
    return structuredClone(d);
  }

  async getById(id: string): Promise<InquiryDraftRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM inquiry_drafts WHERE id = $1', [id]);
    return rows[0] ? toDraft(rows[0]) : null;
  }

  /** Newest first (reverse insertion order, as the JSON adapter). */
  async listForAccount(accountId: string): Promise<InquiryDraftRecord[]> {
    return (await this.db.query('SELECT * FROM inquiry_drafts WHERE account_id = $1 ORDER BY seq DESC', [accountId])).rows.map(toDraft);
  }
}
