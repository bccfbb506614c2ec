// The operator commands for projects, collections and shortlists beside a running server on the
// same data dir, run through the program's entry in this process (and once as the real
// `rcat-server` child process, which needs `npx tsc -p .` first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListProjectsOutput, SaveToShortlistOutput } from '../src/shared/tools.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { callTool, catalogueFile, connectMcp, microscopes } from './support/mcp-client.js';
import { runRcatServer, runRcatServerInProcess } from './support/run-rcat-server.js';

let dataDir: string;
let server: TestServer;

/** A command in this process, through the program's entry (`child`: as the real child process). */
function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runRcatServerInProcess(args, { env: { RCAT_DATA_DIR: dataDir } }).then((r) => ({ ...r, code: r.code ?? 1 }));
}

function runChild(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runRcatServer(args, { env: { RCAT_DATA_DIR: dataDir } }).then((r) => ({ ...r, code: r.code ?? 1 }));
}

async function json<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const result = await run(...args, '--json');
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

beforeAll(async () => {
  dataDir = tempDir();
  server = await startTestServer({ dataDir, cataloguePath: catalogueFile(tempDir(), microscopes(3)) });
  // The first as the real child process, the others in this process.
  expect((await runChild('account', 'add', '--email', 'owner@lab.test', '--name', 'owner', '--no-password')).code).toBe(0);
  for (const name of ['member', 'editor']) {
    expect((await run('account', 'add', '--email', `${name}@lab.test`, '--name', name, '--no-password')).code).toBe(0);
  }
}, 120_000);
afterAll(() => server.stop());

describe('rcat-server project, collection and shortlist commands', () => {
  it('create a project, members and a collection that the running server serves at once', async () => {
    const project = await json<{ id: string; name: string; owner: string }>('project', 'add', '--name', 'Glacier cores', '--owner', 'owner@lab.test');
    expect(project).toMatchObject({ name: 'Glacier cores', owner: 'owner@lab.test' });
    expect(project.id).toMatch(/^prj_/);
    expect(await json('project', 'member', 'add', '--project', project.id, '--email', 'member@lab.test', '--role', 'editor')).toMatchObject({ role: 'editor' });
    const collection = await json<{ id: string; editors: string[] }>('collection', 'add', '--name', 'Ice core labs', '--project', project.id, '--editor', 'editor@lab.test');
    expect(collection.id).toMatch(/^col_/);
    expect(collection.editors).toEqual(['editor@lab.test']);
    const listed = await json<{ id: string; role: string }[]>('project', 'list', '--email', 'member@lab.test');
    expect(listed).toEqual([expect.objectContaining({ id: project.id, role: 'editor' })]);

    const member = (await server.deps.store.accounts.getByEmail('member@lab.test'))!;
    const client = await connectMcp(server.url, await server.token(member));
    const before = ListProjectsOutput.parse((await callTool(client, 'list_projects')).structuredContent);
    expect(before.projects[0]!.collections[0]).toMatchObject({ id: collection.id, canSave: true });
    const entityId = server.deps.services.catalogue.search('microscope').results[0]!.id;
    const saved = SaveToShortlistOutput.parse((await callTool(client, 'save_to_shortlist', { collectionId: collection.id, entityId })).structuredContent);

    const items = await json<{ id: string; state: string; savedBy: string }[]>('shortlist', 'list', '--collection', collection.id);
    expect(items).toEqual([expect.objectContaining({ id: saved.item.id, state: 'active', savedBy: 'member@lab.test' })]);
    expect(await json('shortlist', 'remove', '--item', saved.item.id)).toMatchObject({ state: 'removed' });

    // Removing the membership takes effect on the member's next call, without a restart.
    expect(await json('project', 'member', 'remove', '--project', project.id, '--email', 'member@lab.test')).toMatchObject({ removed: true });
    const after = ListProjectsOutput.parse((await callTool(client, 'list_projects')).structuredContent);
    expect(after.projects).toEqual([]);
    await client.close();
  }, 180_000);

  it.each([
    [['collection', 'add', '--name', 'X', '--owner', 'owner@lab.test', '--project', 'prj_00000000-0000-4000-8000-000000000000'], 2, /exactly one/],
    [['project', 'member', 'add', '--project', 'nope', '--email', 'owner@lab.test', '--role', 'viewer'], 2, /project ID/],
    [['project', 'member', 'add', '--project', 'prj_00000000-0000-4000-8000-000000000000', '--email', 'owner@lab.test', '--role', 'boss'], 2, /role/],
    [['project', 'add', '--name', 'X', '--owner', 'nobody@lab.test'], 3, /no account/],
    [['shortlist', 'list', '--collection', 'col_00000000-0000-4000-8000-000000000000'], 3, /No collection/],
  ])('refuses bad input %j with a clear message and exit code', async (args, code, message) => {
    const result = await run(...args);
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  }, 60_000);

  it('will not remove the last owner of a project', async () => {
    const project = await json<{ id: string }>('project', 'add', '--name', 'Solo', '--owner', 'owner@lab.test');
    const result = await run('project', 'member', 'remove', '--project', project.id, '--email', 'owner@lab.test');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/last owner/);
  }, 60_000);
});
