// The domain ports of a store. A store that does not hold them yet (the PostgreSQL adapter, until
// it implements them) still starts: every domain operation then fails closed with 503.
import { StoreUnavailableError } from '../errors.js';
import type { DomainStores, Store } from '../store/ports.js';

function unsupported<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get: () => () => Promise.reject(new StoreUnavailableError(`This store (${what}) does not hold projects, collections, shortlists or inquiry drafts yet.`)),
  });
}

export function domainStoresOf(store: Store): DomainStores {
  const { projects, collections, shortlist, inquiryDrafts } = store;
  if (projects && collections && shortlist && inquiryDrafts) return { projects, collections, shortlist, inquiryDrafts };
  const what = store.describe();
  return {
    projects: projects ?? unsupported(what),
    collections: collections ?? unsupported(what),
    shortlist: shortlist ?? unsupported(what),
    inquiryDrafts: inquiryDrafts ?? unsupported(what),
  };
}
