// The five tools through the SDK's real client against the real server: success and failure
// paths, per-call membership checks, idempotent saves under concurrency, unsent drafts.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { ListProjectsOutput, PrepareInquiryOutput, SaveToShortlistOutput } from '../src/shared/tools.js';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { callTool, connectMcp, GENEROUS_LIMITS, limitsFile, textOf } from './support/mcp-client.js';

let server: TestServer;
let owner: Account, editor: Account, viewer: Account, outsider: Account;
const clients: Record<string, Client> = {};
let projectId: string;
let projectCollection: string;
let outsiderCollection: string;
let entityId: string;
let otherEntityId: string;

const rest = async (path: string, token: string) => (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

beforeAll(async () => {
  server = await startTestServer({ limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  [owner, editor, viewer, outsider] = [await server.addAccount({ name: 'Olive Owner' }), await server.addAccount(), await server.addAccount(), await server.addAccount()];
  for (const [name, account] of Object.entries({ owner, editor, viewer, outsider })) clients[name] = await connectMcp(server.url, await server.token(account));
  const { projects, collections } = server.deps.services;
  const project = await projects.create({ name: 'Isotope pilot', ownerAccountId: owner.id });
  projectId = project.id;
  await projects.setMember(projectId, editor.id, 'editor');
  await projects.setMember(projectId, viewer.id, 'viewer');
  projectCollection = (await collections.create({ name: 'Candidates', projectId })).id;
  // The viewer is a named editor of the outsider's own collection.
  outsiderCollection = (await collections.create({ name: 'Shared picks', ownerAccountId: outsider.id, editorAccountIds: [viewer.id] })).id;
  const found = SearchResponse.parse(server.deps.services.catalogue.search('mass spectrometry'));
  entityId = found.results[0]!.id;
  otherEntityId = found.results[1]!.id;
});
afterAll(async () => {
  for (const c of Object.values(clients)) await c.close();
  await server.stop();
});

describe('search and fetch', () => {
  it('search returns exactly the REST search response, as structured content and JSON text', async () => {
    const token = await server.token(owner, ['catalog:read']);
    const viaRest = await rest('/api/agent/catalog/search?query=scanning%20electron%20microscope', token);
    const result = await callTool(clients.owner!, 'search', { query: 'scanning electron microscope' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(viaRest);
    expect(SearchResponse.parse(JSON.parse((result.content[0] as { text: string }).text))).toEqual(viaRest);
  });

  it.each([['a'], ['   '], ['x'.repeat(121)]])('search rejects the query %j like REST does', async (query) => {
    const result = await callTool(clients.owner!, 'search', { query });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
  });

  it('fetch returns exactly the REST record, with citation url and limitations', async () => {
    const token = await server.token(owner, ['catalog:read']);
    const viaRest = await rest(`/api/agent/catalog/record?id=${encodeURIComponent(entityId)}`, token);
    const result = await callTool(clients.owner!, 'fetch', { id: entityId });
    expect(result.structuredContent).toEqual(viaRest);
    const record = CatalogRecord.parse(result.structuredContent);
    expect(record.metadata.limitations.length).toBeGreaterThan(0);
    expect(textOf(result)).toMatch(/evidence/);
  });

  it('fetch of a well-formed but unknown id is an isError result with code not_found', async () => {
    const result = await callTool(clients.owner!, 'fetch', { id: 'technique:00000000-0000-0000-0000-000000000000' });
    expect(result.isError).toBe(true);
    expect(result._meta?.['rcat/error']).toMatchObject({ code: 'not_found' });
    expect(textOf(result)).toMatch(/No record/);
  });

  it('fetch of a malformed id is an isError result', async () => {
    const result = await callTool(clients.owner!, 'fetch', { id: 'technique:../../etc/passwd' });
    expect(result.isError).toBe(true);
  });
});

describe('list_projects', () => {
  it('lists projects with the caller role and which collections they may save to', async () => {
    const forEditor = ListProjectsOutput.parse((await callTool(clients.editor!, 'list_projects')).structuredContent);
    expect(forEditor.projects).toHaveLength(1);
    expect(forEditor.projects[0]).toMatchObject({ id: projectId, name: 'Isotope pilot', role: 'editor' });
    expect(forEditor.projects[0]!.collections).toEqual([expect.objectContaining({ id: projectCollection, canSave: true })]);

    const forViewer = ListProjectsOutput.parse((await callTool(clients.viewer!, 'list_projects')).structuredContent);
    expect(forViewer.projects[0]).toMatchObject({ role: 'viewer' });
    expect(forViewer.projects[0]!.collections[0]!.canSave).toBe(false);
    expect(forViewer.personalCollections).toEqual([expect.objectContaining({ id: outsiderCollection, canSave: true })]);

    const forOutsider = ListProjectsOutput.parse((await callTool(clients.outsider!, 'list_projects')).structuredContent);
    expect(forOutsider.projects).toEqual([]);
  });

  it('returns at most 20 projects and says when more exist', async () => {
    const many = await server.addAccount();
    for (let i = 0; i < 23; i++) await server.deps.services.projects.create({ name: `Project ${String(i).padStart(2, '0')}`, ownerAccountId: many.id });
    const client = await connectMcp(server.url, await server.token(many));
    const result = await callTool(client, 'list_projects');
    await client.close();
    const out = ListProjectsOutput.parse(result.structuredContent);
    expect(out.projects).toHaveLength(20);
    expect(out.truncated).toBe(true);
    expect(out.totalProjects).toBe(23);
    expect(textOf(result)).toMatch(/20 of 23/);
  });

  it('re-reads membership on every call: a removed member no longer sees the project or saves to it', async () => {
    const member = await server.addAccount();
    await server.deps.services.projects.setMember(projectId, member.id, 'editor');
    const client = await connectMcp(server.url, await server.token(member));
    const before = ListProjectsOutput.parse((await callTool(client, 'list_projects')).structuredContent);
    expect(before.projects.map((p) => p.id)).toEqual([projectId]);

    await server.deps.services.projects.removeMember(projectId, member.id);

    const after = ListProjectsOutput.parse((await callTool(client, 'list_projects')).structuredContent);
    expect(after.projects).toEqual([]);
    const save = await callTool(client, 'save_to_shortlist', { collectionId: projectCollection, entityId });
    expect(save.isError).toBe(true);
    await client.close();
  });
});

describe('save_to_shortlist', () => {
  it('saves once and returns the existing active item on a repeat, saying so', async () => {
    const first = SaveToShortlistOutput.parse((await callTool(clients.editor!, 'save_to_shortlist', { collectionId: projectCollection, entityId, note: 'ask about cost' })).structuredContent);
    expect(first.alreadyExisted).toBe(false);
    expect(first.item).toMatchObject({ collectionId: projectCollection, entityId, state: 'active', note: 'ask about cost' });
    const again = await callTool(clients.owner!, 'save_to_shortlist', { collectionId: projectCollection, entityId, note: 'different' });
    const repeat = SaveToShortlistOutput.parse(again.structuredContent);
    expect(repeat.alreadyExisted).toBe(true);
    expect(repeat.item.id).toBe(first.item.id);
    expect(repeat.item.note).toBe('ask about cost');
    expect(textOf(again)).toMatch(/already/);
  });

  it('twenty concurrent identical saves create exactly one item', async () => {
    const collection = await server.deps.services.collections.create({ name: 'Race', ownerAccountId: editor.id });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callTool(clients.editor!, 'save_to_shortlist', { collectionId: collection.id, entityId: otherEntityId })),
    );
    const outputs = results.map((r) => SaveToShortlistOutput.parse(r.structuredContent));
    expect(new Set(outputs.map((o) => o.item.id)).size).toBe(1);
    expect(outputs.filter((o) => !o.alreadyExisted)).toHaveLength(1);
    const stored = await server.deps.store.shortlist!.listForCollection(collection.id);
    expect(stored).toHaveLength(1);
  });

  it('refuses a save whose membership is removed after the access check, while the limits are charged', async () => {
    const late = await server.addAccount();
    const client = await connectMcp(server.url, await server.token(late));
    const collection = await server.deps.services.collections.create({ name: 'Late', projectId });
    await server.deps.services.projects.setMember(projectId, late.id, 'editor');
    // The membership goes between planSave (the check) and commitSave (the write): inside the charge.
    const limiter = server.deps.limiter;
    const charge = limiter.charge.bind(limiter);
    let removed = false;
    limiter.charge = async (account, ...rest) => {
      if (account.id === late.id && !removed) {
        removed = true;
        await server.deps.services.projects.removeMember(projectId, late.id);
      }
      return charge(account, ...rest);
    };
    try {
      const result = await callTool(client, 'save_to_shortlist', { collectionId: collection.id, entityId });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/was not found, or you have no access to it/);
    } finally {
      limiter.charge = charge;
      await client.close();
    }
    expect(removed).toBe(true);
    expect(await server.deps.store.shortlist!.listForCollection(collection.id)).toEqual([]);
  });

  it('saving after removal creates a new active item', async () => {
    const collection = await server.deps.services.collections.create({ name: 'Churn', ownerAccountId: editor.id });
    const first = SaveToShortlistOutput.parse((await callTool(clients.editor!, 'save_to_shortlist', { collectionId: collection.id, entityId })).structuredContent);
    await server.deps.services.shortlist.remove(first.item.id);
    const second = SaveToShortlistOutput.parse((await callTool(clients.editor!, 'save_to_shortlist', { collectionId: collection.id, entityId })).structuredContent);
    expect(second.alreadyExisted).toBe(false);
    expect(second.item.id).not.toBe(first.item.id);
    const states = (await server.deps.store.shortlist!.listForCollection(collection.id)).map((i) => i.state).sort();
    expect(states).toEqual(['active', 'removed']);
  });

  it('a named editor may save to a personal collection of someone else; a blank note is no note', async () => {
    const out = SaveToShortlistOutput.parse((await callTool(clients.viewer!, 'save_to_shortlist', { collectionId: outsiderCollection, entityId, note: '  ' })).structuredContent);
    expect(out.item.collectionId).toBe(outsiderCollection);
    expect(out.item.note).toBeNull();
  });

  it.each([
    ['a project viewer', 'viewer', () => projectCollection, () => entityId, 'forbidden', /viewer/],
    ['someone without access', 'outsider', () => projectCollection, () => entityId, 'not_found', /not found/],
    ['an unknown collection', 'owner', () => 'col_00000000-0000-4000-8000-000000000000', () => entityId, 'not_found', /not found/],
    ['an unknown entity', 'owner', () => projectCollection, () => 'equipment:00000000-0000-0000-0000-000000000000', 'not_found', /No record/],
  ])('refuses %s with an isError result and writes nothing', async (_label, who, collection, entity, code, message) => {
    const before = (await server.deps.store.shortlist!.listForCollection(collection())).length;
    const result = await callTool(clients[who]!, 'save_to_shortlist', { collectionId: collection(), entityId: entity() });
    expect(result.isError).toBe(true);
    expect(result._meta?.['rcat/error']).toMatchObject({ code });
    expect(textOf(result)).toMatch(message);
    expect((await server.deps.store.shortlist!.listForCollection(collection())).length).toBe(before);
  });

  it('rejects unknown arguments and malformed ids', async () => {
    for (const args of [{ collectionId: projectCollection, entityId, extra: 1 }, { collectionId: 'Candidates', entityId }, { collectionId: projectCollection }]) {
      const result = await callTool(clients.owner!, 'save_to_shortlist', args);
      expect(result.isError).toBe(true);
    }
  });
});

describe('prepare_inquiry', () => {
  it('returns an unsent draft citing the record, its limitations and the question, and keeps it', async () => {
    const question = 'Can we run 40 soil samples for stable isotope ratios in March?';
    const result = await callTool(clients.editor!, 'prepare_inquiry', { entityId, question, projectId });
    expect(result.isError).toBeFalsy();
    const { draft, message } = PrepareInquiryOutput.parse(result.structuredContent);
    const record = CatalogRecord.parse(server.deps.services.catalogue.record(entityId));
    expect(draft.status).toBe('unsent');
    expect(draft.subject).toContain(record.title);
    expect(draft.body).toContain(record.url);
    expect(draft.body).toContain(`> ${question}`);
    expect(draft.body).toContain('Isotope pilot');
    expect(draft.body).toMatch(/eligib/i);
    expect(draft.body).toMatch(/price/i);
    expect(draft.body).toMatch(/availab/i);
    expect(draft.body).toContain(record.metadata.limitations[0]!.slice(0, 40));
    expect(draft.citation).toEqual({ title: record.title, url: record.url });
    expect(message).toMatch(/UNSENT/);
    const kept = await server.deps.services.inquiries.listForAccount(editor.id);
    expect(kept.map((d) => d.id)).toContain(draft.id);
  });

  it('is deterministic: the same input gives the same subject and body', async () => {
    const args = { entityId, question: 'What sample volume do you need?' };
    const a = PrepareInquiryOutput.parse((await callTool(clients.owner!, 'prepare_inquiry', args)).structuredContent);
    const b = PrepareInquiryOutput.parse((await callTool(clients.owner!, 'prepare_inquiry', args)).structuredContent);
    expect(b.draft.body).toBe(a.draft.body);
    expect(b.draft.subject).toBe(a.draft.subject);
    expect(b.draft.id).not.toBe(a.draft.id);
  });

  it('refuses a project the caller is not a member of, and an unknown record', async () => {
    const notMember = await callTool(clients.outsider!, 'prepare_inquiry', { entityId, question: 'Is this available?', projectId });
    expect(notMember.isError).toBe(true);
    expect(textOf(notMember)).toMatch(/not found among your projects/);
    const unknown = await callTool(clients.owner!, 'prepare_inquiry', { entityId: 'laboratory:00000000-0000-0000-0000-000000000000', question: 'Is this available?' });
    expect(unknown.isError).toBe(true);
    expect(await server.deps.services.inquiries.listForAccount(outsider.id)).toEqual([]);
  });

  // A technique or equipment record names a kind of method or instrument, not a facility: the
  // draft asks which facilities offer it; a laboratory (a facility) is asked about itself.
  it.each([
    ['technique', 'mass spectrometry', /which facilities offer/, /which facilities \(your own or others you know of\) offer this technique/],
    ['equipment', 'confocal microscope', /which facilities have/, /which facilities \(your own or others you know of\) have this equipment/],
    ['laboratory', 'imaging facility', /^Inquiry about /, /whether I am eligible to use this facility/],
  ])('asks what makes sense for a %s record', async (type, query, subject, ask) => {
    const found = SearchResponse.parse(server.deps.services.catalogue.search(query)).results.find((r) => r.id.startsWith(`${type}:`));
    expect(found, `a ${type} record for "${query}"`).toBeDefined();
    const result = await callTool(clients.owner!, 'prepare_inquiry', { entityId: found!.id, question: 'Could we use this for 40 soil samples in March?' });
    const { draft } = PrepareInquiryOutput.parse(result.structuredContent);
    expect(draft.subject).toMatch(subject);
    expect(draft.subject).toContain(found!.title.slice(0, 40));
    expect(draft.body).toMatch(ask);
    expect(draft.body).toMatch(/eligib/);
    expect(draft.body).toMatch(/price/);
    if (type !== 'laboratory') expect(draft.body).not.toMatch(/use this facility/);
  });

  it('rejects a question that is too short or too long', async () => {
    for (const question of ['hi', 'x'.repeat(2001)]) {
      const result = await callTool(clients.owner!, 'prepare_inquiry', { entityId, question });
      expect(result.isError).toBe(true);
    }
  });
});
