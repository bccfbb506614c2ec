// The domain ports of a store (projects, collections, shortlist items, inquiry drafts), as the
// services in this folder use them. Every adapter (JSON file, PostgreSQL) implements all four.
import type { DomainStores, Store } from '../store/ports/index.js';

export function domainStoresOf(store: Store): DomainStores {
  const { projects, collections, shortlist, inquiryDrafts } = store;
  return { projects, collections, shortlist, inquiryDrafts };
}
