// /en/account/collections over real HTTP: a member sees their projects' collections with the
// saved items and their own unsent drafts, all escaped; nobody else's; visitors are sent to sign in.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { WebClient } from './support/web-client.js';

const PASSWORD = 'collections password';
const RECORD_ID = 'equipment:5c0e5a8e-1111-4222-8333-444455556666';
let server: TestServer;
let member: Account;
let outsider: Account;

beforeAll(async () => {
  const dir = tempDir('rcat-web-col-');
  const cataloguePath = path.join(dir, 'catalogue.jsonl');
  writeFileSync(cataloguePath, `${JSON.stringify({ id: RECORD_ID, sourceId: 'X:9', source: 'X', kind: 'equipment', label: 'Orbitrap <b>mass</b> spectrometer', definition: 'An instrument.' })}\n`);
  server = await startTestServer({ cataloguePath });
  member = await server.addAccount({ password: PASSWORD });
  outsider = await server.addAccount({ password: PASSWORD });
  const s = server.deps.services;
  const project = await s.projects.create({ name: 'Proteomics <script>alert(1)</script>', ownerAccountId: member.id });
  const shared = await s.collections.create({ name: 'Instruments & "friends"', projectId: project.id });
  await s.shortlist.commitSave(await s.shortlist.planSave(member.id, { collectionId: shared.id, entityId: RECORD_ID, note: 'ask about <i>price</i>' }));
  await s.collections.create({ name: 'Outsider secret list', ownerAccountId: outsider.id });
  await s.inquiries.commit(await s.inquiries.plan(member, { entityId: RECORD_ID, question: 'Can we book time? </blockquote><script>x()</script>' }));
});
afterAll(() => server.stop());

describe('collections page', { timeout: 60_000 }, () => {
  it('shows the member their project collections, saved items with notes, and unsent drafts, escaped', async () => {
    const web = new WebClient(server.url);
    expect((await web.signIn(member.email, PASSWORD)).status).toBe(303);
    const page = await web.get('/en/account/collections');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Proteomics &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).toContain('Instruments &amp; &quot;friends&quot;');
    expect(page.text).toContain('Orbitrap &lt;b&gt;mass&lt;/b&gt; spectrometer');
    expect(page.text).toContain('ask about &lt;i&gt;price&lt;/i&gt;');
    expect(page.text).toContain('Unsent draft');
    expect(page.text).toContain('&lt;/blockquote&gt;&lt;script&gt;x()&lt;/script&gt;');
    expect(page.text).not.toMatch(/<script>(alert|x)/);
    expect(page.text).not.toContain('Outsider secret list');
  });

  it("does not show other people's collections or drafts", async () => {
    const web = new WebClient(server.url);
    await web.signIn(outsider.email, PASSWORD);
    const page = await web.get('/en/account/collections');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Outsider secret list');
    expect(page.text).not.toContain('Proteomics');
    expect(page.text).toContain('No inquiry drafts.');
  });

  it('sends visitors to sign in', async () => {
    const res = await new WebClient(server.url).get('/en/account/collections');
    expect(res.status).toBe(303);
    expect(res.location).toBe('/en/sign-in?next=%2Fen%2Faccount%2Fcollections');
  });
});
