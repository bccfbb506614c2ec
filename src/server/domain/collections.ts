// Collections: created by operators (and the demo seed), resolved with the caller's access.
import type { Collection, DomainStores } from '../store/ports/index.js';
import { type CollectionAccess, collectionAccess } from '../store/ports/collection-access.js';
import { domainInvalid, domainNotFound } from './domain-errors.js';
import { newId } from './ids.js';
import { validName } from './projects.js';

export type NewCollection = { name: string; editorAccountIds?: string[] } & (
  | { projectId: string; ownerAccountId?: undefined }
  | { ownerAccountId: string; projectId?: undefined }
);

export class CollectionService {
  constructor(
    private readonly store: DomainStores,
    private readonly now: () => Date,
  ) {}

  async create(input: NewCollection): Promise<Collection> {
    if ((input.projectId === undefined) === (input.ownerAccountId === undefined)) {
      throw domainInvalid('A collection belongs to exactly one project or one owner.');
    }
    if (input.projectId !== undefined && !(await this.store.projects.getById(input.projectId))) {
      throw domainNotFound(`No project ${input.projectId}.`);
    }
    return this.store.collections.insert({
      id: newId('col'),
      name: validName(input.name, 'collection'),
      projectId: input.projectId ?? null,
      ownerAccountId: input.ownerAccountId ?? null,
      editorAccountIds: [...new Set(input.editorAccountIds ?? [])],
      createdAt: this.now().toISOString(),
    });
  }

  async get(collectionId: string): Promise<Collection> {
    const found = await this.store.collections.getById(collectionId);
    if (!found) throw domainNotFound(`No collection ${collectionId}.`);
    return found;
  }

  /** The collection and what the account may do with it; memberships are read fresh. */
  async accessFor(collectionId: string, accountId: string): Promise<{ collection: Collection | null; access: CollectionAccess }> {
    const collection = await this.store.collections.getById(collectionId);
    if (!collection) return { collection: null, access: 'none' };
    let role = null;
    if (collection.projectId !== null) {
      const memberships = await this.store.projects.membershipsOf(accountId);
      role = memberships.find((m) => m.project.id === collection.projectId)?.role ?? null;
    }
    return { collection, access: collectionAccess(collection, accountId, role) };
  }
}
