// The domain services behind the MCP tools, the operator commands and the account pages.
import type { CatalogueService } from '../services/catalogue-service.js';
import type { Store } from '../store/ports/index.js';
import { CollectionService } from './collections.js';
import { InquiryService } from './inquiries.js';
import { ProjectService } from './projects.js';
import { ShortlistService } from './shortlist.js';
import { domainStoresOf } from './stores.js';

export interface DomainServices {
  projects: ProjectService;
  collections: CollectionService;
  shortlist: ShortlistService;
  inquiries: InquiryService;
}

export function createDomainServices(store: Store, catalogue: CatalogueService, now: () => Date = () => new Date()): DomainServices {
  const stores = domainStoresOf(store);
  const collections = new CollectionService(stores, now);
  return {
    projects: new ProjectService(stores, now),
    collections,
    shortlist: new ShortlistService(stores, collections, catalogue, now),
    inquiries: new InquiryService(stores, catalogue, now),
  };
}

/** The catalogue service plus the domain services: the `services` of AppDeps. */
export function withDomainServices(catalogue: CatalogueService, store: Store, now: () => Date): { catalogue: CatalogueService } & DomainServices {
  return { catalogue, ...createDomainServices(store, catalogue, now) };
}
