// save_to_shortlist and the operator's shortlist commands. A save is planned first (collection
// access and entity checked, nothing written), so the caller can charge the limits ledger before
// anything is written, then committed: idempotent by (collection, entity) in the store.
import type { SaveToShortlistOutput, ShortlistItem } from '../../shared/tools.js';
import type { CatalogueService } from '../services/catalogue-service.js';
import type { DomainStores, ShortlistItemRecord } from '../store/ports/index.js';
import type { CollectionService } from './collections.js';
import { domainForbidden, domainNotFound } from './domain-errors.js';
import { newId } from './ids.js';

export interface SavePlan {
  accountId: string;
  collectionId: string;
  entityId: string;
  title: string;
  url: string;
  note: string | null;
}

const noCollection = (collectionId: string) =>
  domainNotFound(`Collection ${collectionId} was not found, or you have no access to it. Call list_projects to see the collections you can save to.`);
const viewerOnly = (name: string) =>
  domainForbidden(`You may view collection "${name}" but not save to it: your project role is viewer. Ask a project owner for the editor role, or choose a collection with canSave true.`);

export function shortlistItemView(r: ShortlistItemRecord): ShortlistItem {
  return {
    id: r.id,
    collectionId: r.collectionId,
    entityId: r.entityId,
    title: r.title,
    url: r.url,
    note: r.note,
    state: r.state,
    savedAt: r.savedAt,
    removedAt: r.removedAt,
  };
}

export class ShortlistService {
  constructor(
    private readonly store: DomainStores,
    private readonly collections: CollectionService,
    private readonly catalogue: CatalogueService,
    private readonly now: () => Date,
  ) {}

  /** Checks that the account may save to the collection and that the entity exists; writes nothing. */
  async planSave(accountId: string, input: { collectionId: string; entityId: string; note?: string }): Promise<SavePlan> {
    const { collection, access } = await this.collections.accessFor(input.collectionId, accountId);
    if (!collection || access === 'none') throw noCollection(input.collectionId);
    if (access !== 'edit') throw viewerOnly(collection.name);
    const record = this.catalogue.record(input.entityId);
    if (!record) throw domainNotFound(`No record ${input.entityId} in this catalogue. Use an ID returned by search.`);
    const note = input.note?.trim() ? input.note.trim() : null;
    return { accountId, collectionId: collection.id, entityId: record.id, title: record.title, url: record.url, note };
  }

  /**
   * Saves the planned item, or returns the existing active item for (collection, entity) unchanged.
   * The store checks access again in the same transaction as the insert, so a membership removed
   * or demoted since planSave refuses the save with the same answers as planSave.
   */
  async commitSave(plan: SavePlan): Promise<SaveToShortlistOutput> {
    const saved = await this.store.shortlist.saveActiveIfEditor({
      id: newId('sli'),
      collectionId: plan.collectionId,
      entityId: plan.entityId,
      title: plan.title,
      url: plan.url,
      note: plan.note,
      state: 'active',
      savedByAccountId: plan.accountId,
      savedAt: this.now().toISOString(),
      removedAt: null,
    });
    if (saved.refused !== undefined) {
      if (saved.refused === 'view' && saved.collection) throw viewerOnly(saved.collection.name);
      throw noCollection(plan.collectionId);
    }
    const { item, created } = saved;
    const noteIgnored = !created && plan.note !== null && plan.note !== item.note;
    return {
      item: shortlistItemView(item),
      alreadyExisted: !created,
      message: created
        ? `Saved "${item.title}" to the collection. Nothing was sent to anyone.`
        : `"${item.title}" was already on this collection's shortlist; the existing item is returned unchanged${noteIgnored ? ' (the new note was not applied)' : ''}.`,
    };
  }

  async listForCollection(collectionId: string): Promise<ShortlistItemRecord[]> {
    await this.collections.get(collectionId);
    return this.store.shortlist.listForCollection(collectionId);
  }

  /** active → removed; saving the same entity again afterwards creates a new active item. */
  async remove(itemId: string): Promise<ShortlistItemRecord> {
    const removed = await this.store.shortlist.remove(itemId, this.now().toISOString());
    if (!removed) throw domainNotFound(`No shortlist item ${itemId}.`);
    return removed;
  }
}
