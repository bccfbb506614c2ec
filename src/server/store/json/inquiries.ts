// Inquiry drafts in the JSON state file ("inquiryDrafts"), kept for the account that made them.
import type { JsonFileStore } from './json-file.js';
import type { InquiryDraftRecord, InquiryDraftStore } from '../ports/index.js';
import { collection } from './state.js';
import { copy, readCollection } from './read-collection.js';

const DRAFTS = 'inquiryDrafts';

export class JsonInquiryDraftStore implements InquiryDraftStore {
  constructor(private readonly file: JsonFileStore) {}

  insert(draft: InquiryDraftRecord): Promise<InquiryDraftRecord> {
    return this.file.mutate((state) => {
      collection<InquiryDraftRecord>(state, DRAFTS).push(copy(draft));
      return copy(draft);
    });
  }

  getById(id: string): Promise<InquiryDraftRecord | null> {
    return this.file.read((s) => {
      const found = readCollection<InquiryDraftRecord>(s, DRAFTS).find((d) => d.id === id);
      return found ? copy(found) : null;
    });
  }

  listForAccount(accountId: string): Promise<InquiryDraftRecord[]> {
    return this.file.read((s) => copy(readCollection<InquiryDraftRecord>(s, DRAFTS).filter((d) => d.accountId === accountId).reverse()));
  }
}
