// Collections in the JSON state file ("collections").
import type { JsonFileStore } from './json-file.js';
import type { Collection, CollectionStore } from '../ports/index.js';
import { collection } from './state.js';
import { copy, readCollection } from './read-collection.js';

const COLLECTIONS = 'collections';

export class JsonCollectionStore implements CollectionStore {
  constructor(private readonly file: JsonFileStore) {}

  insert(value: Collection): Promise<Collection> {
    return this.file.mutate((state) => {
      collection<Collection>(state, COLLECTIONS).push(copy(value));
      return copy(value);
    });
  }

  getById(id: string): Promise<Collection | null> {
    return this.file.read((s) => {
      const found = readCollection<Collection>(s, COLLECTIONS).find((c) => c.id === id);
      return found ? copy(found) : null;
    });
  }

  list(): Promise<Collection[]> {
    return this.file.read((s) => copy([...readCollection<Collection>(s, COLLECTIONS)]));
  }

  listByProjects(projectIds: readonly string[]): Promise<Collection[]> {
    const wanted = new Set(projectIds);
    return this.file.read((s) => copy(readCollection<Collection>(s, COLLECTIONS).filter((c) => c.projectId !== null && wanted.has(c.projectId))));
  }

  listForAccount(accountId: string): Promise<Collection[]> {
    return this.file.read((s) =>
      copy(readCollection<Collection>(s, COLLECTIONS).filter((c) => c.ownerAccountId === accountId || c.editorAccountIds.includes(accountId))),
    );
  }
}
