// A record that merges terms from two vocabularies, through the real interfaces: the REST record
// read, MCP fetch, save_to_shortlist and prepare_inquiry with a retired ID act on the merged
// record; the record page at a retired address shows it; search returns it once. Last, the
// shipped catalogue: concepts that two vocabularies define are one search result each.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue-location.js';
import { termId } from '../src/server/catalogue/source-record.js';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { PrepareInquiryOutput, SaveToShortlistOutput } from '../src/shared/tools.js';
import { callTool, catalogueFile, connectMcp, GENEROUS_LIMITS, limitsFile } from './support/mcp-client.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';
import { WebClient } from './support/web-client.js';

const scratch = scratchDirs();
afterAll(scratch.cleanup);

const CONFOCAL = {
  sourceId: 'CHMO:0001125', source: 'CHMO', kind: 'equipment', label: 'confocal microscope',
  definition: 'An optical microscope that scans focussed beams of light across the specimen.',
  parents: ['optical microscope'], sourceUrls: ['http://purl.obolibrary.org/obo/CHMO_0001125'], updated: '2025-01-22',
  mergedTerms: [{
    sourceId: 'OBI:0001079', source: 'OBI', label: 'confocal microscope',
    definition: 'A microscope that uses a spatial pinhole to eliminate out-of-focus light.', synonyms: ['CLSM'], parents: ['microscope'],
    sourceUrls: ['http://purl.obolibrary.org/obo/OBI_0001079', 'https://en.wikipedia.org/wiki/Confocal_microscopy'], updated: '2026-05-08',
  }],
};
const OTHERS = [
  { sourceId: 'CHMO:0002000', source: 'CHMO', kind: 'equipment', label: 'confocal Raman microscope', definition: 'A confocal microscope with a Raman spectrometer.' },
  { sourceId: 'CHMO:0000500', source: 'CHMO', kind: 'technique', label: 'confocal microscopy', definition: 'Microscopy with a confocal microscope.' },
];
const SURVIVOR = termId('equipment', CONFOCAL);
const RETIRED = termId('equipment', CONFOCAL.mergedTerms[0]!);
const PASSWORD = 'correct horse battery staple';

let server: TestServer;
let token: string;
let mcp: Client;
let collectionId: string;
let web: WebClient;

const rest = async (p: string) => fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
const readRecord = async (id: string) => rest(`/api/agent/catalog/record?id=${encodeURIComponent(id)}`);
const search = async (q: string) => SearchResponse.parse(await (await rest(`/api/agent/catalog/search?query=${encodeURIComponent(q)}`)).json());

beforeAll(async () => {
  const dir = scratch.dir();
  server = await startTestServer({ cataloguePath: catalogueFile(dir, [CONFOCAL, ...OTHERS]), limits: limitsFile(dir, GENEROUS_LIMITS) });
  const account = await server.addAccount({ password: PASSWORD, plan: 'paid', paidUntil: '2999-12-31' });
  token = await server.token(account);
  mcp = await connectMcp(server.url, token);
  collectionId = (await server.deps.services.collections.create({ name: 'Microscopes', ownerAccountId: account.id })).id;
  web = new WebClient(server.url);
  expect((await web.signIn(account.email, PASSWORD)).status).toBe(303);
});
afterAll(async () => {
  await mcp.close();
  await server.stop();
});

describe('a retired ID answers with the record it was merged into', { timeout: 60_000 }, () => {
  it('REST record read: 200 with the merged record, whose id and url are the surviving ones', async () => {
    const res = await readRecord(RETIRED);
    expect(res.status).toBe(200);
    const record = CatalogRecord.parse(await res.json());
    expect(record.id).toBe(SURVIVOR);
    expect(record.url).toBe(`${server.url}/en/catalogue/equipment/${SURVIVOR.split(':')[1]}`);
    expect(record).toEqual(CatalogRecord.parse(await (await readRecord(SURVIVOR)).json()));
    // Both definitions, each with its source named; both sources' links; names of both.
    expect(record.text).toContain(`Definition from the Chemical Methods Ontology (CHMO) (CHMO:0001125): ${CONFOCAL.definition}`);
    expect(record.text).toContain(`Definition from the Ontology for Biomedical Investigations (OBI) (OBI:0001079): ${CONFOCAL.mergedTerms[0]!.definition}`);
    expect(record.text).toContain('Also known as: CLSM.');
    expect(record.text).toContain('Broader terms: optical microscope; microscope.');
    expect(record.metadata.sourceUrls).toEqual([...CONFOCAL.sourceUrls, ...CONFOCAL.mergedTerms[0]!.sourceUrls]);
    expect(record.metadata.updatedAt).toBe('2026-05-08');
    expect(record.metadata.limitations.join('\n')).toMatch(/combines terms that separate vocabularies define for the same concept \(CHMO:0001125, OBI:0001079\)/);
  });

  it('MCP fetch: the same record as the REST read', async () => {
    const result = await callTool(mcp, 'fetch', { id: RETIRED });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(await (await readRecord(SURVIVOR)).json());
  });

  it('save_to_shortlist saves the surviving record, once, whichever ID is given', async () => {
    const first = SaveToShortlistOutput.parse((await callTool(mcp, 'save_to_shortlist', { collectionId, entityId: RETIRED })).structuredContent);
    expect(first.item.entityId).toBe(SURVIVOR);
    expect(first.alreadyExisted).toBe(false);
    const again = SaveToShortlistOutput.parse((await callTool(mcp, 'save_to_shortlist', { collectionId, entityId: SURVIVOR })).structuredContent);
    expect(again).toMatchObject({ alreadyExisted: true, item: { id: first.item.id, entityId: SURVIVOR } });
  });

  it('prepare_inquiry drafts about the surviving record and cites its address', async () => {
    const result = await callTool(mcp, 'prepare_inquiry', { entityId: RETIRED, question: 'Is the confocal microscope available to visiting researchers?' });
    const { draft } = PrepareInquiryOutput.parse(result.structuredContent);
    expect(draft.entityId).toBe(SURVIVOR);
    expect(draft.body).toContain(`/en/catalogue/equipment/${SURVIVOR.split(':')[1]}`);
    expect(draft.body).not.toContain(RETIRED.split(':')[1]);
  });

  it('the record page at the retired address shows the merged record and says why its ID differs', async () => {
    const page = await web.get(`/en/catalogue/equipment/${RETIRED.split(':')[1]}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<dt>Entity ID</dt><dd><code>${SURVIVOR}</code></dd>`);
    expect(page.text).toMatch(new RegExp(`<p class="notice"><code>${RETIRED}</code> names a term that is now part of this record`));
    expect(page.text).toContain('Definition from the Ontology for Biomedical Investigations (OBI) (OBI:0001079)');
    expect(page.text).toContain('https://en.wikipedia.org/wiki/Confocal_microscopy');
    const own = await web.get(`/en/catalogue/equipment/${SURVIVOR.split(':')[1]}`);
    expect(own.status).toBe(200);
    expect(own.text).not.toContain('class="notice"');
  });

  it('search returns the merged record once, also for a name only the merged term has', async () => {
    const found = await search('confocal microscope');
    expect(found.results.map((r) => r.id)).toEqual([SURVIVOR, expect.any(String), expect.any(String)]);
    expect(found.results.filter((r) => r.title === 'confocal microscope')).toHaveLength(1);
    expect((await search('CLSM')).results.map((r) => r.id)).toEqual([SURVIVOR]);
    for (const q of ['confocal', 'microscope', 'pinhole']) expect((await search(q)).results.map((r) => r.id)).not.toContain(RETIRED);
  });

  it('search reads every merged term\'s definition: words only the merged term\'s definition has find the record', async () => {
    for (const q of ['pinhole', 'eliminate']) expect((await search(q)).results.map((r) => r.id)).toEqual([SURVIVOR]);
  });
});

describe('the shipped catalogue: one record per concept', { timeout: 120_000 }, () => {
  let shipped: TestServer;
  let shippedToken: string;
  beforeAll(async () => {
    shipped = await startTestServer({ cataloguePath: SHIPPED_CATALOGUE });
    shippedToken = await shipped.token(await shipped.addAccount({ plan: 'paid', paidUntil: '2999-12-31' }), ['catalog:read']);
  });
  afterAll(() => shipped.stop());
  const get = async (p: string) => fetch(`${shipped.url}${p}`, { headers: { authorization: `Bearer ${shippedToken}` } });

  it.each(['confocal microscope', 'mass spectrometer', 'flow cytometer', 'microscope', 'electron microscope'])('"%s" is one result', async (q) => {
    const found = SearchResponse.parse(await (await get(`/api/agent/catalog/search?query=${encodeURIComponent(q)}`)).json());
    const exact = found.results.filter((r) => r.title.toLowerCase() === q && r.id.startsWith('equipment:'));
    expect(exact).toHaveLength(1);
    expect(found.results[0]!.id).toBe(exact[0]!.id);
  });

  it('every retired ID of the shipped catalogue reads as its merged record', async () => {
    const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; mergedTerms?: { id: string }[] });
    const merged = lines.filter((l) => l.mergedTerms);
    expect(merged.length).toBeGreaterThanOrEqual(5);
    for (const line of merged) {
      for (const t of line.mergedTerms!) {
        const res = await get(`/api/agent/catalog/record?id=${encodeURIComponent(t.id)}`);
        expect(res.status).toBe(200);
        expect(CatalogRecord.parse(await res.json()).id).toBe(line.id);
      }
    }
  });
});
