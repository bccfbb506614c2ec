// InquiryDraftStore over `inquiry_drafts` (migrations/0004).
import type { InquiryDraftRecord, InquiryDraftStore } from '../ports.js';
import type { Database } from './database.js';
import { recordFromRow } from './rows.js';

const toDraft = (r: Record<string, unknown>) => recordFromRow<InquiryDraftRecord>(r);

export class PostgresInquiryDraftStore implements InquiryDraftStore {
  constructor(private readonly db: Database) {}

  async insert(d: InquiryDraftRecord): Promise<InquiryDraftRecord> {
    await this.db.query(
      `INSERT INTO inquiry_drafts (id, account_id, entity_id, project_id, question, subject, body, citation_title, citation_url, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [d.id, d.accountId, d.entityId, d.projectId, d.question, d.subject, d.body, d.citationTitle, d.citationUrl, d.status, d.createdAt],
    );
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
