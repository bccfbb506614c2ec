// Schema migrations and store selection (issue 9): versioned files applied once, in order, under
// an advisory lock; edited or unknown migrations stop start-up with a clear message; operator
// commands and the server select PostgreSQL with --store or RCAT_DATABASE_URL.
import { execFile } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/server/app/server.js';
import { JsonStore } from '../src/server/store/json/index.js';
import { PostgresStore } from '../src/server/store/postgres/index.js';
import { loadMigrations, migrate, MIGRATIONS_DIR, MigrationError } from '../src/server/store/postgres/migrations.js';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import { startServerProcess } from './support/server-process.js';
import { tempDir } from './support/server.js';

const run = promisify(execFile);
const CLI = path.resolve('bin/rcat-server.js');
let cluster: PostgresCluster;
const dirs: string[] = [];
const dir = () => {
  const d = tempDir('rcat-mig-');
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  cluster = await sharedPostgres();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  it('apply every shipped migration once, even when five hosts start at the same moment', async () => {
    const url = await cluster.createDatabase('mig');
    const stores = await Promise.all(Array.from({ length: 5 }, () => PostgresStore.open(url)));
    const applied = stores.map((s) => s.migrations.applied.length);
    expect(applied.filter((n) => n > 0)).toEqual([loadMigrations().length]);
    for (const s of stores) await s.close();
    const rows = await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
    const again = await PostgresStore.open(url);
    expect(again.migrations.applied).toEqual([]);
    await again.close();
  });

  it('refuse a database whose applied migration was edited, or that is newer than this server', async () => {
    const url = await cluster.createDatabase('mig');
    await (await PostgresStore.open(url)).close();
    const edited = dir();
    cpSync(MIGRATIONS_DIR, edited, { recursive: true });
    writeFileSync(path.join(edited, '0001_accounts_and_agent_tokens.sql'), '-- edited\nSELECT 1;');
    const pool = new pg.Pool({ connectionString: url });
    try {
      await expect(migrate(pool, loadMigrations(edited))).rejects.toThrow(/0001_accounts_and_agent_tokens\.sql differs/);
      await expect(migrate(pool, loadMigrations().slice(0, 2))).rejects.toThrow(MigrationError);
      await expect(migrate(pool, loadMigrations().slice(0, 2))).rejects.toThrow(/newer than this rcat-server/);
    } finally {
      await pool.end();
    }
  });

  it('roll back a failing migration completely and report it', async () => {
    const url = await cluster.createDatabase('mig');
    const broken = dir();
    writeFileSync(path.join(broken, '0001_first.sql'), 'CREATE TABLE t1 (id int); CREATE TABLE t1 (id int);');
    const pool = new pg.Pool({ connectionString: url });
    try {
      await expect(migrate(pool, loadMigrations(broken))).rejects.toThrow(/0001_first\.sql failed/);
      expect(await query(url, `SELECT to_regclass('t1') AS t`)).toEqual([{ t: null }]);
      expect(await query(url, 'SELECT * FROM schema_migrations')).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});

describe('store selection', () => {
  it('the PostgreSQL store has every port the JSON store has (and the shared limit counters)', async () => {
    const json = await JsonStore.open(dir());
    const onPg = await PostgresStore.open(await cluster.createDatabase('ports'));
    try {
      const ports = (s: object) => Object.entries(s).filter(([, v]) => typeof v === 'object' && v !== null && !('pool' in v) && typeof (v as { constructor?: unknown }).constructor === 'function').map(([k]) => k);
      const jsonPorts = ports(json).filter((k) => k !== 'file');
      expect(jsonPorts.length).toBeGreaterThan(5);
      for (const port of jsonPorts) expect(onPg, `PostgresStore.${port}`).toHaveProperty(port);
      expect(onPg.limitCounters).toBeDefined();
    } finally {
      await json.close();
      await onPg.close();
    }
  });

  it('keeps the JSON file as the default, and uses PostgreSQL with --store', async () => {
    const d = dir();
    const cataloguePath = catalogueFile(dir(), microscopes(5));
    const json = await startServer({ port: 0, dataDir: d, store: undefined, cataloguePath }, { log: () => {} });
    expect(json.deps.store).toBeInstanceOf(JsonStore);
    await json.close();
    const url = await cluster.createDatabase('sel');
    const onPg = await startServer({ port: 0, dataDir: dir(), store: url, cataloguePath }, { log: () => {} });
    expect(onPg.deps.store).toBeInstanceOf(PostgresStore);
    expect(onPg.deps.store.describe()).toMatch(/^PostgreSQL postgres:\/\//);
    await onPg.close();
  });

  it('operator commands and a server process use RCAT_DATABASE_URL; a token created by the CLI works on the server', async () => {
    const url = await cluster.createDatabase('sel');
    const env = { ...process.env, RCAT_DATABASE_URL: url };
    const d = dir();
    await run(process.execPath, [CLI, '--data-dir', d, 'account', 'add', '--email', 'ops@example.test', '--name', 'Ops', '--no-password'], { env });
    const { stdout: token } = await run(process.execPath, [CLI, '--data-dir', d, 'token', 'create', '--email', 'ops@example.test', '--scope', 'catalog:read'], { env });
    const server = await startServerProcess(['--data-dir', d], ['--catalogue', catalogueFile(dir(), microscopes(5))], { RCAT_DATABASE_URL: url });
    try {
      const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token.trim()}` } });
      expect(res.status).toBe(200);
      // Nothing went to the JSON file in the data dir.
      const local = await JsonStore.open(d);
      expect(await local.accounts.list()).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('operator commands stop with a clear message (exit 1, password hidden) when the database cannot be reached; a non-postgres URL stops start-up (exit 2, a usage error)', async () => {
    for (const [args, message, code] of [
      [['--store', 'postgres://rcat:hunter2-secret@127.0.0.1:1/rcat', 'account', 'list'], /Cannot reach PostgreSQL at postgres:\/\/rcat:\*\*\*@127\.0\.0\.1:1\/rcat/, 1],
      [['--store', 'mysql://rcat@127.0.0.1/rcat', 'start', '--port', '0'], /must be a postgres:\/\//, 2],
    ] as const) {
      const result = await run(process.execPath, [CLI, '--data-dir', dir(), ...args], { timeout: 60_000 }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(result.code).toBe(code);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toContain('hunter2');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

});
