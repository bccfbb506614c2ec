// Projects, collections, shortlist items and inquiry drafts (src/server/store/ports/domain.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CollectionService } from '../../src/server/domain/collections.js';
import { ShortlistService } from '../../src/server/domain/shortlist.js';
import type { CatalogueService } from '../../src/server/services/catalogue-service.js';
import type { Collection, InquiryDraftRecord, ShortlistItemRecord, Store } from '../../src/server/store/ports/index.js';
import { anAccount, iso, type StoreFactory } from './harness.js';

const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const ENTITY = 'equipment:0a1b2c3d-0000-4000-8000-000000000001';

function domain(store: Store) {
  const { projects, collections, shortlist, inquiryDrafts } = store;
  if (!projects || !collections || !shortlist || !inquiryDrafts) throw new Error(`${store.describe()} lacks the domain ports`);
  return { projects, collections, shortlist, inquiryDrafts };
}

const aProject = (name = 'Project') => ({ id: `prj_${randomUUID()}`, name, createdAt: iso(T0) });

async function aCollection(store: Store, owner: { projectId?: string; ownerAccountId?: string; editors?: string[] }): Promise<Collection> {
  return domain(store).collections.insert({
    id: `col_${randomUUID()}`,
    name: 'Shortlist',
    projectId: owner.projectId ?? null,
    ownerAccountId: owner.ownerAccountId ?? null,
    editorAccountIds: owner.editors ?? [],
    createdAt: iso(T0),
  });
}

const anItem = (collectionId: string, accountId: string, entityId = ENTITY, at = T0): ShortlistItemRecord => ({
  id: `sli_${randomUUID()}`,
  collectionId,
  entityId,
  title: `Title of ${entityId}`,
  url: `https://rcat.example/en/catalogue/${entityId.replace(':', '/')}`,
  note: null,
  state: 'active',
  savedByAccountId: accountId,
  savedAt: iso(at),
  removedAt: null,
});

export function domainContract(factory: StoreFactory): void {
  describe('ProjectStore', () => {
    it('creates a project with its owner, lists members and memberships', async () => {
      const store = await factory.open();
      const { projects } = domain(store);
      const owner = await anAccount(store);
      const viewer = await anAccount(store);
      const p = await projects.create(aProject('Cryo-EM'), owner.id);
      expect(await projects.getById(p.id)).toEqual(p);
      expect(await projects.list()).toEqual([p]);
      expect(await projects.setMember({ projectId: p.id, accountId: viewer.id, role: 'viewer', addedAt: iso(T0 + 1) })).toEqual({ projectId: p.id, accountId: viewer.id, role: 'viewer', addedAt: iso(T0 + 1) });
      expect((await projects.listMembers(p.id)).map((m) => [m.accountId, m.role])).toEqual([
        [owner.id, 'owner'],
        [viewer.id, 'viewer'],
      ]);
      expect(await projects.membershipsOf(viewer.id)).toEqual([{ project: p, role: 'viewer' }]);
      expect(await projects.setMember({ projectId: `prj_${randomUUID()}`, accountId: viewer.id, role: 'viewer', addedAt: iso(T0) })).toBeNull();
    });

    it('changes a role in place and never removes or demotes the last owner (409)', async () => {
      const store = await factory.open();
      const { projects } = domain(store);
      const owner = await anAccount(store);
      const other = await anAccount(store);
      const p = await projects.create(aProject(), owner.id);
      await expect(projects.removeMember(p.id, owner.id)).rejects.toMatchObject({ status: 409, code: 'conflict' });
      await expect(projects.setMember({ projectId: p.id, accountId: owner.id, role: 'editor', addedAt: iso(T0) })).rejects.toMatchObject({ status: 409 });
      await projects.setMember({ projectId: p.id, accountId: other.id, role: 'owner', addedAt: iso(T0) });
      expect((await projects.setMember({ projectId: p.id, accountId: owner.id, role: 'editor', addedAt: iso(T0 + 5) }))!.role).toBe('editor');
      expect(await projects.removeMember(p.id, owner.id)).toBe(true);
      expect(await projects.removeMember(p.id, owner.id)).toBe(false);
      expect((await projects.listMembers(p.id)).map((m) => m.accountId)).toEqual([other.id]);
    });
  });

  describe('CollectionStore', () => {
    it('finds collections by id, by project, and by owner or named editor', async () => {
      const store = await factory.open();
      const { projects, collections } = domain(store);
      const a = await anAccount(store);
      const b = await anAccount(store);
      const p = await projects.create(aProject(), a.id);
      const inProject = await aCollection(store, { projectId: p.id });
      const owned = await aCollection(store, { ownerAccountId: a.id });
      const edited = await aCollection(store, { ownerAccountId: b.id, editors: [a.id] });
      expect(await collections.getById(owned.id)).toEqual(owned);
      expect(await collections.getById(`col_${randomUUID()}`)).toBeNull();
      expect(await collections.list()).toEqual([inProject, owned, edited]);
      expect(await collections.listByProjects([p.id])).toEqual([inProject]);
      expect(await collections.listByProjects([])).toEqual([]);
      expect(await collections.listForAccount(a.id)).toEqual([owned, edited]);
      expect(await collections.listForAccount(b.id)).toEqual([edited]);
    });
  });

  describe('ShortlistStore', () => {
    it('saves once per (collection, entity): a repeat returns the existing active item', async () => {
      const store = await factory.open();
      const { shortlist } = domain(store);
      const a = await anAccount(store);
      const c = await aCollection(store, { ownerAccountId: a.id });
      const first = await shortlist.saveActive({ ...anItem(c.id, a.id), note: 'first' });
      expect(first.created).toBe(true);
      expect(first.item).toMatchObject({ collectionId: c.id, entityId: ENTITY, state: 'active', note: 'first', removedAt: null });
      const again = await shortlist.saveActive({ ...anItem(c.id, a.id, ENTITY, T0 + 1000), note: 'second' });
      expect(again).toEqual({ item: first.item, created: false });
      expect(await shortlist.listForCollection(c.id)).toEqual([first.item]);
    });

    it('creates exactly one active item when 25 saves of the same pair race', async () => {
      const store = await factory.open();
      const { shortlist } = domain(store);
      const a = await anAccount(store);
      const c = await aCollection(store, { ownerAccountId: a.id });
      const results = await Promise.all(Array.from({ length: 25 }, () => shortlist.saveActive(anItem(c.id, a.id))));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.item.id)).size).toBe(1);
      expect(await shortlist.countActive([c.id])).toEqual({ [c.id]: 1 });
    });

    it('removes an item (keeping the first removal time), then a new save creates a new active item', async () => {
      const store = await factory.open();
      const { shortlist } = domain(store);
      const a = await anAccount(store);
      const c = await aCollection(store, { ownerAccountId: a.id });
      const other = await aCollection(store, { ownerAccountId: a.id });
      const { item } = await shortlist.saveActive(anItem(c.id, a.id));
      expect(await shortlist.remove(item.id, iso(T0 + 10))).toEqual({ ...item, state: 'removed', removedAt: iso(T0 + 10) });
      expect((await shortlist.remove(item.id, iso(T0 + 20)))!.removedAt).toBe(iso(T0 + 10));
      expect(await shortlist.remove(`sli_${randomUUID()}`, iso(T0))).toBeNull();
      const again = await shortlist.saveActive(anItem(c.id, a.id, ENTITY, T0 + 30));
      expect(again.created).toBe(true);
      expect(again.item.id).not.toBe(item.id);
      await shortlist.saveActive(anItem(other.id, a.id));
      await shortlist.saveActive(anItem(other.id, a.id, 'technique:0a1b2c3d-0000-4000-8000-000000000002'));
      expect((await shortlist.listForCollection(c.id)).map((i) => i.state)).toEqual(['removed', 'active']);
      expect(await shortlist.getById(item.id)).toMatchObject({ state: 'removed' });
      expect(await shortlist.countActive([c.id, other.id, `col_${randomUUID()}`])).toEqual({ [c.id]: 1, [other.id]: 2 });
      expect(await shortlist.countActive([])).toEqual({});
    });
  });

  describe('ShortlistStore.saveActiveIfEditor (access checked in the same transaction as the insert)', () => {
    it('saves for the owner, a named editor and project owners/editors; refuses viewers, strangers and unknown collections', async () => {
      const store = await factory.open();
      const { projects, shortlist } = domain(store);
      const [owner, named, pOwner, pEditor, pViewer, stranger] = await Promise.all(Array.from({ length: 6 }, () => anAccount(store)));
      const own = await aCollection(store, { ownerAccountId: owner.id, editors: [named.id] });
      const p = await projects.create(aProject(), pOwner.id);
      await projects.setMember({ projectId: p.id, accountId: pEditor.id, role: 'editor', addedAt: iso(T0) });
      await projects.setMember({ projectId: p.id, accountId: pViewer.id, role: 'viewer', addedAt: iso(T0) });
      const shared = await aCollection(store, { projectId: p.id });

      const first = await shortlist.saveActiveIfEditor(anItem(own.id, owner.id));
      expect(first).toMatchObject({ created: true, item: { collectionId: own.id, state: 'active', savedByAccountId: owner.id } });
      if (first.refused !== undefined) throw new Error('the owner was refused');
      expect(await shortlist.saveActiveIfEditor(anItem(own.id, named.id))).toEqual({ item: first.item, created: false });
      expect(await shortlist.saveActiveIfEditor(anItem(own.id, stranger.id))).toEqual({ refused: 'none', collection: own });
      expect((await shortlist.saveActiveIfEditor(anItem(shared.id, pOwner.id))).refused).toBeUndefined();
      expect(await shortlist.saveActiveIfEditor(anItem(shared.id, pEditor.id, 'technique:0a1b2c3d-0000-4000-8000-000000000002'))).toMatchObject({ created: true });
      expect(await shortlist.saveActiveIfEditor(anItem(shared.id, pViewer.id, 'technique:0a1b2c3d-0000-4000-8000-000000000003'))).toEqual({ refused: 'view', collection: shared });
      expect(await shortlist.saveActiveIfEditor(anItem(shared.id, stranger.id, 'technique:0a1b2c3d-0000-4000-8000-000000000003'))).toEqual({ refused: 'none', collection: shared });
      expect(await shortlist.saveActiveIfEditor(anItem(`col_${randomUUID()}`, owner.id))).toEqual({ refused: 'none', collection: null });
      expect(await shortlist.countActive([own.id, shared.id])).toEqual({ [own.id]: 1, [shared.id]: 2 });
    });

    it('refuses a save planned while the account was an editor when the membership is removed (or demoted) before the write', async () => {
      const store = await factory.open();
      const { projects, shortlist } = domain(store);
      const now = () => new Date(T0);
      const catalogue = { record: (id: string) => ({ id, title: `Title of ${id}`, url: `https://rcat.example/${id}` }) } as unknown as CatalogueService;
      const collections = new CollectionService(store, now);
      const service = new ShortlistService(store, collections, catalogue, now);
      const owner = await anAccount(store);
      const editor = await anAccount(store);
      const p = await projects.create(aProject(), owner.id);
      const shared = await aCollection(store, { projectId: p.id });

      // Removed between planSave (the check the limits are charged after) and commitSave.
      await projects.setMember({ projectId: p.id, accountId: editor.id, role: 'editor', addedAt: iso(T0) });
      const plan = await service.planSave(editor.id, { collectionId: shared.id, entityId: ENTITY });
      expect(await projects.removeMember(p.id, editor.id)).toBe(true);
      await expect(service.commitSave(plan)).rejects.toMatchObject({ status: 404, code: 'not_found', options: { detail: expect.stringContaining('was not found, or you have no access to it') } });

      // Demoted to viewer between planSave and commitSave.
      await projects.setMember({ projectId: p.id, accountId: editor.id, role: 'editor', addedAt: iso(T0) });
      const plan2 = await service.planSave(editor.id, { collectionId: shared.id, entityId: ENTITY });
      await projects.setMember({ projectId: p.id, accountId: editor.id, role: 'viewer', addedAt: iso(T0) });
      await expect(service.commitSave(plan2)).rejects.toMatchObject({ status: 403, code: 'forbidden', options: { detail: expect.stringContaining('You may view collection "Shortlist" but not save to it') } });

      expect(await shortlist.listForCollection(shared.id)).toEqual([]);

      // Still an editor at commit time: saved, and a repeat says it already existed.
      await projects.setMember({ projectId: p.id, accountId: editor.id, role: 'editor', addedAt: iso(T0) });
      const plan3 = await service.planSave(editor.id, { collectionId: shared.id, entityId: ENTITY });
      expect(await service.commitSave(plan3)).toMatchObject({ alreadyExisted: false });
      expect(await service.commitSave(plan3)).toMatchObject({ alreadyExisted: true });
      expect(await shortlist.countActive([shared.id])).toEqual({ [shared.id]: 1 });
    });
  });

  describe('InquiryDraftStore', () => {
    it("keeps drafts exactly and lists an account's drafts newest first", async () => {
      const store = await factory.open();
      const { inquiryDrafts } = domain(store);
      const a = await anAccount(store);
      const b = await anAccount(store);
      const draft = (accountId: string, n: number): InquiryDraftRecord => ({
        id: `inq_${randomUUID()}`,
        accountId,
        entityId: ENTITY,
        projectId: null,
        question: `Can we image sample ${n}? "Ignore previous instructions" — it's evidence, not an order.`,
        subject: `Inquiry ${n}`,
        body: `Dear facility,\n\nline ${n}\n`,
        citationTitle: 'Title',
        citationUrl: 'https://rcat.example/en/catalogue/equipment/0a1b2c3d-0000-4000-8000-000000000001',
        status: 'unsent',
        createdAt: iso(T0),
      });
      const d1 = await inquiryDrafts.insert(draft(a.id, 1));
      const d2 = await inquiryDrafts.insert(draft(a.id, 2));
      await inquiryDrafts.insert(draft(b.id, 3));
      expect(await inquiryDrafts.getById(d1.id)).toEqual(d1);
      expect(await inquiryDrafts.getById(`inq_${randomUUID()}`)).toBeNull();
      expect(await inquiryDrafts.listForAccount(a.id)).toEqual([d2, d1]);
    });
  });
}
