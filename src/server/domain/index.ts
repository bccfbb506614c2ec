// The domain services behind the MCP tools, the operator commands and the account pages.
import type { CatalogueService } from '../services/catalogue-service.js';
import type { Store } from '../store/ports.js';
import { CollectionService } from './collections.js';
import { InquiryService } from './inquiries.js';
import { ProjectService } from './projects.js';
import { ShortlistService } from './shortlist.js';

export interface DomainServices {
  projects: ProjectService;
  collections: CollectionService;
  shortlist: ShortlistService;
  inquiries: InquiryService;
}

export function createDomainServices(store: Store, catalogue: CatalogueService, now: () => Date = () => new Date()): DomainServices {
  const collections = new CollectionService(store, now);
  return {
    projects: new ProjectService(store, now),
    collections,
    shortlist: new ShortlistService(store, collections, catalogue, now),
    inquiries: new InquiryService(store, catalogue, now),
  };
}

/** The catalogue service plus the domain services: the `services` of AppDeps. */
export function withDomainServices(catalogue: CatalogueService, store: Store, now: () => Date): { catalogue: CatalogueService } & DomainServices {
  return { catalogue, ...createDomainServices(store, catalogue, now) };
}
