// Shortlist items in the JSON state file ("shortlistItems"). Idempotency by (collection, entity)
// is a check inside one `mutate` transaction: mutations are serialised by the store's queue in
// this process and by the state file's write lock across processes, so twenty concurrent saves
// of the same pair create exactly one active item.
import { collectionAccess } from '../ports/collection-access.js';
import type { JsonFileStore } from './json-file.js';
import type { Collection, GuardedSave, Project, ProjectMember, ShortlistItemRecord, ShortlistStore } from '../ports/index.js';
import { type State, collection } from './state.js';
import { copy, readCollection } from './read-collection.js';

const ITEMS = 'shortlistItems';

export class JsonShortlistStore implements ShortlistStore {
  constructor(private readonly file: JsonFileStore) {}

  saveActive(item: ShortlistItemRecord): Promise<{ item: ShortlistItemRecord; created: boolean }> {
    return this.file.mutate((state) => insertOnce(state, item));
  }

  saveActiveIfEditor(item: ShortlistItemRecord): Promise<GuardedSave> {
    // The access check reads the same state the insert writes, inside one `mutate`: a membership
    // change (also a `mutate`) is either wholly before this check or wholly after the insert.
    return this.file.mutate((state): GuardedSave => {
      const found = readCollection<Collection>(state, 'collections').find((c) => c.id === item.collectionId);
      if (!found) return { refused: 'none', collection: null };
      let role = null;
      if (found.projectId !== null && readCollection<Project>(state, 'projects').some((p) => p.id === found.projectId)) {
        role = readCollection<ProjectMember>(state, 'projectMembers').find((m) => m.projectId === found.projectId && m.accountId === item.savedByAccountId)?.role ?? null;
      }
      const access = collectionAccess(found, item.savedByAccountId, role);
      if (access !== 'edit') return { refused: access, collection: copy(found) };
      return insertOnce(state, item);
    });
  }

  remove(id: string, at: string): Promise<ShortlistItemRecord | null> {
    return this.file.mutate((state) => {
      const item = collection<ShortlistItemRecord>(state, ITEMS).find((i) => i.id === id);
      if (!item) return null;
      if (item.state === 'active') {
        item.state = 'removed';
        item.removedAt = at;
      }
      return copy(item);
    });
  }

  getById(id: string): Promise<ShortlistItemRecord | null> {
    return this.file.read((s) => {
      const found = readCollection<ShortlistItemRecord>(s, ITEMS).find((i) => i.id === id);
      return found ? copy(found) : null;
    });
  }

  listForCollection(collectionId: string): Promise<ShortlistItemRecord[]> {
    return this.file.read((s) => copy(readCollection<ShortlistItemRecord>(s, ITEMS).filter((i) => i.collectionId === collectionId)));
  }

  countActive(collectionIds: readonly string[]): Promise<Record<string, number>> {
    const wanted = new Set(collectionIds);
    return this.file.read((s) => {
      const counts: Record<string, number> = {};
      for (const i of readCollection<ShortlistItemRecord>(s, ITEMS)) {
        if (i.state === 'active' && wanted.has(i.collectionId)) counts[i.collectionId] = (counts[i.collectionId] ?? 0) + 1;
      }
      return counts;
    });
  }
}

/** Inserts `item` unless (collection, entity) already has an active item; runs inside a `mutate`. */
function insertOnce(state: State, item: ShortlistItemRecord): { item: ShortlistItemRecord; created: boolean } {
  const items = collection<ShortlistItemRecord>(state, ITEMS);
  const active = items.find((i) => i.collectionId === item.collectionId && i.entityId === item.entityId && i.state === 'active');
  if (active) return { item: copy(active), created: false };
  const created: ShortlistItemRecord = { ...copy(item), state: 'active', removedAt: null };
  items.push(created);
  return { item: copy(created), created: true };
}
