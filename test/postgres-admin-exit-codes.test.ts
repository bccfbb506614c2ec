// The `rcat-server` not-found paths on the PostgreSQL store (`--store postgres://…`), run in this
// process through the program's entry (the child process is checked once): exit 3 with one `error:` line, exactly as on the JSON file
// (test/admin-exit-codes.test.ts), and no row changed; a malformed token id is exit 2 here too.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { runRcatServer, runRcatServerInProcess } from './support/run-rcat-server.js';
import { scratchDirs } from './support/server.js';

const TABLES = ['accounts', 'agent_tokens', 'projects', 'project_members', 'collections', 'shortlist_items'];
const scratch = scratchDirs();
let cluster: PostgresCluster;
let url: string;
let projectId: string;
const owner = 'owner@example.test';
const outsider = 'outsider@example.test';
const ghost = 'ghost@example.test';
const missingProject = `prj_${randomUUID()}`;

const cli = (args: string[]) => runRcatServerInProcess(['--data-dir', scratch.dir(), '--store', url, ...args]);

/** Every row of the tables the operator commands write, in a stable order. */
async function rows(): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of TABLES) out[table] = (await client.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
    return JSON.stringify(out, (key, value) => (key === 'last_used_at' ? undefined : value));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await sharedPostgres();
  url = await cluster.createDatabase('admin_exit', { migrated: true });
  for (const email of [owner, outsider]) expect((await cli(['account', 'add', '--email', email, '--name', 'N', '--no-password'])).code).toBe(0);
  const project = await cli(['project', 'add', '--name', 'P', '--owner', owner, '--json']);
  expect(project.code, project.stderr).toBe(0);
  projectId = JSON.parse(project.stdout).id;
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  scratch.cleanup();
});

describe('rcat-server on PostgreSQL: not found is exit 3 and changes nothing', { timeout: 60_000 }, () => {
  it.each([
    ['account disable', () => ['account', 'disable', '--email', ghost]],
    ['token create', () => ['token', 'create', '--email', ghost, '--scope', 'catalog:read']],
    ['token revoke', () => ['token', 'revoke', randomUUID()]],
    ['project member add (project)', () => ['project', 'member', 'add', '--project', missingProject, '--email', owner, '--role', 'viewer']],
    ['project member add (account)', () => ['project', 'member', 'add', '--project', projectId, '--email', ghost, '--role', 'viewer']],
    ['project member remove (not a member)', () => ['project', 'member', 'remove', '--project', projectId, '--email', outsider]],
    ['collection add (project)', () => ['collection', 'add', '--name', 'C', '--project', missingProject]],
    ['shortlist list', () => ['shortlist', 'list', '--collection', `col_${randomUUID()}`]],
    ['shortlist remove', () => ['shortlist', 'remove', '--item', `sli_${randomUUID()}`]],
    ['usage', () => ['usage', '--email', ghost]],
  ])('%s', async (_label, args) => {
    const before = await rows();
    const r = await cli(args());
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(await rows()).toBe(before);
  });

  it('a malformed token id is a usage error (2), as on the JSON file', async () => {
    const r = await cli(['token', 'revoke', 'not-a-uuid']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is not a token id/);
  });

  it('the real child process exits 3 the same way, changing no row', async () => {
    const before = await rows();
    const r = await runRcatServer(['--data-dir', scratch.dir(), '--store', url, 'account', 'disable', '--email', ghost]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^error: [^\n]+\n$/);
    expect(await rows()).toBe(before);
  });
});
