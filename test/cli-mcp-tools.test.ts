// rcat projects / shortlist add / inquiry reaching the real /mcp endpoint through the MCP SDK
// client, with text and --json output and mapped failures: in process (`rcat`), and one run of
// each command end to end as a child process (`runCli`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListProjectsOutput, PrepareInquiryOutput, SaveToShortlistOutput } from '../src/shared/tools.js';
import { SearchResponse } from '../src/shared/schemas.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { GENEROUS_LIMITS, limitsFile } from './support/mcp-client.js';
import { assertBuilt, type CliHome, cliHome, leaks, rcat, runCli } from './cli-support.js';

let server: TestServer;
let h: CliHome;
let token: string;
let readOnly: string;
let projectId: string;
let collectionId: string;
let entityId: string;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer({ limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  const owner = await server.addAccount({ name: 'Olive Owner' });
  token = await server.token(owner);
  readOnly = await server.token(owner, ['catalog:read', 'projects:read']);
  const { projects, collections } = server.deps.services;
  projectId = (await projects.create({ name: 'Isotope pilot', ownerAccountId: owner.id })).id;
  collectionId = (await collections.create({ name: 'Candidates', projectId })).id;
  entityId = SearchResponse.parse(server.deps.services.catalogue.search('mass spectrometry')).results[0]!.id;
  h = cliHome({ RCAT_SERVER: server.url, RCAT_TOKEN: token });
});
afterAll(async () => {
  h.cleanup();
  await server.stop();
});

describe('rcat projects', { timeout: 120_000 }, () => {
  it('lists projects and their collections; --json is the list_projects result', async () => {
    const text = await runCli(['projects'], h.env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Isotope pilot');
    expect(text.stdout).toContain(collectionId);
    expect(text.stdout).toMatch(/you can save here/);
    expect(leaks(text, token)).toEqual([]);
    const json = ListProjectsOutput.parse(JSON.parse((await rcat(['projects', '--json'], h.env)).stdout));
    expect(json.projects.map((p) => p.id)).toEqual([projectId]);
    expect(json.projects[0]!.role).toBe('owner');
  });

  it('exit 4 with no sign-in', async () => {
    const r = await rcat(['projects'], { ...h.env, RCAT_TOKEN: '' });
    expect(r.code).toBe(4);
  });
});

describe('rcat shortlist add', { timeout: 120_000 }, () => {
  it('saves once; a repeat returns the existing item', async () => {
    const first = await runCli(['shortlist', 'add', collectionId, entityId, '--note', 'ask about access'], h.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Saved: .* → col_/);
    const again = await rcat(['shortlist', 'add', collectionId, entityId, '--json'], h.env);
    expect(again.code).toBe(0);
    const body = SaveToShortlistOutput.parse(JSON.parse(again.stdout));
    expect(body.alreadyExisted).toBe(true);
    expect(body.item.note).toBe('ask about access');
    expect(body.item.entityId).toBe(entityId);
  });

  it('exit 2 for IDs that are not IDs, and nothing is saved', async () => {
    expect((await rcat(['shortlist', 'add', 'Candidates', entityId], h.env)).code).toBe(2);
    expect((await rcat(['shortlist', 'add', collectionId, 'mass spectrometry'], h.env)).code).toBe(2);
  });

  it('exit 3 for a collection that does not exist', async () => {
    const r = await rcat(['shortlist', 'add', 'col_00000000-0000-4000-8000-000000000000', entityId], h.env);
    expect(r.code, r.stderr).toBe(3);
  });

  it('exit 5 naming shortlist:write when the token lacks it', async () => {
    const r = await rcat(['shortlist', 'add', collectionId, entityId], { ...h.env, RCAT_TOKEN: readOnly });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/shortlist:write/);
  });
});

describe('rcat inquiry', { timeout: 120_000 }, () => {
  it('prints an unsent draft citing the record; --json is the prepare_inquiry result', async () => {
    const question = 'Could we measure isotope ratios in 40 soil samples next spring?';
    const text = await runCli(['inquiry', entityId, '--question', question], h.env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Subject:/);
    expect(text.stdout).toMatch(/\(unsent\)/);
    expect(text.stderr).toMatch(/has not been sent/);
    const json = PrepareInquiryOutput.parse(JSON.parse((await rcat(['inquiry', entityId, '--question', question, '--project', projectId, '--json'], h.env)).stdout));
    expect(json.draft.status).toBe('unsent');
    expect(json.draft.entityId).toBe(entityId);
    expect(json.draft.projectId).toBe(projectId);
  });

  it('exit 2 without --question or with one that is too short', async () => {
    expect((await rcat(['inquiry', entityId], h.env)).code).toBe(2);
    const short = await rcat(['inquiry', entityId, '--question', 'hi'], h.env);
    expect(short.code, short.stderr).toBe(2);
    expect(short.stderr).toMatch(/Invalid question: must be at least 5 characters/);
  });
});
