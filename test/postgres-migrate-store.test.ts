// `rcat-server migrate-store --from json --to postgres://…` (issue 9): a JSON deployment with
// every kind of record moves to PostgreSQL with nothing lost — compared row by row — and the
// copy refuses, changing nothing, when it cannot be complete. Runs the real CLI (dist/).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_LIMITS } from '../src/server/services/oauth/clients.js';
import { JournalCounterStore } from '../src/server/limits/journal-counter-store.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import { JsonStore } from '../src/server/store/json/index.js';
import { IMPORTED_COLLECTIONS } from '../src/server/store/postgres/bulk-import.js';
import { PostgresStore } from '../src/server/store/postgres/index.js';
import { recordFromRow } from '../src/server/store/postgres/rows.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { startTestServer, tempDir } from './support/server.js';

const run = promisify(execFile);
const CLI = path.resolve('bin/rcat-server.js');
const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const FAR = Date.parse('2099-01-01T00:00:00Z');

let cluster: PostgresCluster;
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await sharedPostgres();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, RCAT_DATABASE_URL: '', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A JSON deployment with at least one record of every collection, and live usage counters. */
async function jsonDeployment(): Promise<{ dir: string; token: string }> {
  const dir = tempDir('rcat-migrate-');
  dirs.push(dir);
  const store = await JsonStore.open(dir);
  const a = await store.accounts.create({ email: 'Ada@Example.test', name: `Ada "O'Brien"`, company: 'Acme', plan: 'paid', paidUntil: '2030-01-31', passwordHash: 'scrypt$x$y' });
  const b = await store.accounts.create({ email: 'bob@example.test', name: 'Bob', company: null, plan: 'standard', paidUntil: null, passwordHash: null });
  await store.accounts.update(b.id, { disabled: true });
  const minted = await mintAgentToken(store, { accountId: a.id, scopes: ['catalog:read', 'shortlist:write'], label: 'laptop' });
  const old = await mintAgentToken(store, { accountId: a.id, scopes: ['projects:read'], label: 'old', now: new Date(T0) });
  await store.agentTokens.revoke(old.record.id, iso(T0 + 1000));
  await store.agentTokens.touch([{ id: minted.record.id, lastUsedAt: new Date().toISOString() }]);
  await store.webSessions.insert({ id: randomUUID(), accountId: a.id, tokenHash: 'ab'.repeat(32), csrfToken: 'csrf', createdAt: iso(FAR - 9e6), lastSeenAt: iso(FAR - 9e6), expiresAt: iso(FAR), idleExpiresAt: iso(FAR) }, new Date(FAR - 9e6));
  // A failed sign-in's throttle counter: short-lived, deliberately not copied, and no reason to refuse.
  await store.attemptCounters.admit([{ space: 'sign-in', keyHash: 'cd'.repeat(32), freeFailures: 5 }], { baseDelayMs: 1000, maxDelayMs: 900_000, forgetAfterMs: 1_800_000, maxEntries: 10_000 }, Date.now());
  const project = await store.projects.create({ id: `prj_${randomUUID()}`, name: 'Cryo-EM', createdAt: iso(T0) }, a.id);
  await store.projects.setMember({ projectId: project.id, accountId: b.id, role: 'viewer', addedAt: iso(T0 + 1) });
  const col = await store.collections.insert({ id: `col_${randomUUID()}`, name: 'Instruments', projectId: project.id, ownerAccountId: null, editorAccountIds: [b.id], createdAt: iso(T0) });
  const own = await store.collections.insert({ id: `col_${randomUUID()}`, name: 'Mine', projectId: null, ownerAccountId: a.id, editorAccountIds: [], createdAt: iso(T0) });
  const item = (collectionId: string, n: number) => ({ id: `sli_${randomUUID()}`, collectionId, entityId: `equipment:0a1b2c3d-0000-4000-8000-00000000000${n}`, title: `Mass spectrometer ${n}`, url: `https://rcat.example/en/catalogue/equipment/${n}`, note: n === 1 ? 'a note' : null, state: 'active' as const, savedByAccountId: a.id, savedAt: iso(T0 + n), removedAt: null });
  const removed = await store.shortlist.saveActive(item(col.id, 1));
  await store.shortlist.remove(removed.item.id, iso(T0 + 50));
  await store.shortlist.saveActive(item(col.id, 1));
  await store.shortlist.saveActive(item(own.id, 2));
  await store.inquiryDrafts.insert({ id: `inq_${randomUUID()}`, accountId: a.id, entityId: 'equipment:0a1b2c3d-0000-4000-8000-000000000001', projectId: project.id, question: 'Q?', subject: 'S', body: 'B\nody', citationTitle: 'T', citationUrl: 'https://x.example/r', status: 'unsent', createdAt: iso(T0) });
  await store.oauth.insertClient({ clientId: randomUUID(), clientSecretHash: 'cd'.repeat(32), clientSecretExpiresAt: 0, clientName: 'Claude', redirectUris: ['https://claude.ai/cb'], tokenEndpointAuthMethod: 'client_secret_post', grantTypes: ['authorization_code', 'refresh_token'], metadata: { client_uri: 'https://claude.ai' }, createdAt: iso(T0), registeredFrom: null }, REGISTRATION_LIMITS, new Date(T0));
  await store.oauth.insertPending({ id: randomUUID(), sessionId: 's', accountId: a.id, clientId: 'c', redirectUri: 'https://claude.ai/cb', redirectUriExplicit: true, scopes: ['catalog:read'], resources: [], codeChallenge: 'cc', state: 'st', createdAt: iso(FAR - 1000), expiresAt: iso(FAR) }, new Date(FAR - 1000));
  const grantId = randomUUID();
  await store.oauth.insertCode({ codeHash: 'ef'.repeat(32), grantId, clientId: 'c', accountId: a.id, redirectUri: 'https://claude.ai/cb', redirectUriExplicit: true, codeChallenge: 'cc', scopes: ['catalog:read'], resources: ['http://h/mcp'], createdAt: iso(FAR - 1000), expiresAt: iso(FAR), usedAt: null }, new Date(FAR - 1000));
  await store.oauth.redeemCode('ef'.repeat(32), new Date(FAR - 900), (code) => ({
    ok: true,
    value: {
      grant: { id: grantId, accountId: a.id, clientId: 'c', clientName: 'Claude', scopes: code.scopes, resources: code.resources, createdAt: iso(FAR - 900), expiresAt: iso(FAR), lastUsedAt: null, revokedAt: null, revokedReason: null },
      tokens: [{ id: randomUUID(), grantId, kind: 'refresh', tokenHash: '12'.repeat(32), scopes: code.scopes, resources: code.resources, createdAt: iso(FAR - 900), expiresAt: iso(FAR), rotatedAt: null, revokedAt: null }],
    },
  }), () => true);
  await store.close();
  // Live usage counters (the limits journal in <data-dir>/usage/).
  const counters = await JournalCounterStore.open(dir);
  await counters.chargeAll([{ key: `account:${a.id}:day:x`, amount: 42, limit: 300, expiresAt: FAR }, { key: 'company:acme:day:x', amount: 42, limit: null, expiresAt: FAR }]);
  await counters.close();
  return { dir, token: minted.token };
}

async function tableRows(url: string, table: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    client.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
    client.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
    return (await client.query(`SELECT * FROM ${table} ORDER BY seq`)).rows.map((r) => recordFromRow<Record<string, unknown>>(r));
  } finally {
    await client.end();
  }
}

describe('rcat-server migrate-store', () => {
  it('copies every record of every collection and the live usage counters; the migrated deployment serves', async () => {
    const { dir, token } = await jsonDeployment();
    const state = JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as Record<string, unknown[]>;
    const url = (await cluster.createDatabase('migrate')).replace('postgres@', 'postgres:s3cret-pw@');
    const result = await cli(['migrate-store', '--from', 'json', '--to', url, '--data-dir', dir, '--json']);
    expect(result.stderr).not.toContain('s3cret-pw');
    expect(result.stdout).not.toContain('s3cret-pw');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);

    for (const { collection, table } of IMPORTED_COLLECTIONS) {
      const expected = state[collection] ?? [];
      expect(expected.length, `${collection} should have records in this fixture`).toBeGreaterThan(0);
      expect(report.tables[table]).toBe(expected.length);
      expect(await tableRows(url, table), `table ${table}`).toEqual(expected);
    }
    expect(report.limitCounters).toBe(2);
    const pgStore = await PostgresStore.open(url);
    try {
      const account = await pgStore.accounts.getByEmail('ada@example.test');
      expect(await pgStore.limitCounters.peek([`account:${account!.id}:day:x`, 'company:acme:day:x'])).toEqual([42, 42]);
    } finally {
      await pgStore.close();
    }

    // The JSON files are untouched, and a server on the database accepts the migrated token.
    expect(JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8'))).toEqual(state);
    const server = await startTestServer({ store: url, cataloguePath: catalogueFile(tempDir(), microscopes(5)) });
    try {
      const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const { dir } = await jsonDeployment();
    const url = await cluster.createDatabase('migrate');
    expect((await cli(['migrate-store', '--from', 'json', '--data-dir', dir], { RCAT_DATABASE_URL: url })).code).toBe(0);
    const before = await tableRows(url, 'accounts');
    const again = await cli(['migrate-store', '--from', 'json', '--to', url, '--data-dir', dir]);
    expect(again.code, again.stderr).toBe(1); // refused by the target: an error, not a usage mistake
    expect(again.stderr).toMatch(/not empty/);
    expect(again.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(await tableRows(url, 'accounts')).toEqual(before);
  });

  it('refuses while a server runs on the data dir (a conflict: exit 2), writing nothing', async () => {
    const { dir } = await jsonDeployment();
    const url = await cluster.createDatabase('migrate');
    const server = await startTestServer({ dataDir: dir });
    try {
      const r = await cli(['migrate-store', '--from', 'json', '--to', url, '--data-dir', dir]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: an rcat server \(pid \d+\) is running on .*; stop it before migrating\n$/);
    } finally {
      await server.stop();
    }
    // Refused before the database was even opened: not a table was created.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('refuses, writing nothing, when the state has a collection or a field it cannot copy', async () => {
    const { dir } = await jsonDeployment();
    const file = path.join(dir, 'state.json');
    const state = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...state, futureThings: [{ id: 1 }] }));
    const url = await cluster.createDatabase('migrate');
    const unknown = await cli(['migrate-store', '--from', 'json', '--to', url, '--data-dir', dir]);
    expect(unknown.code, unknown.stderr).toBe(1);
    expect(unknown.stderr).toMatch(/futureThings/);
    expect(await tableRows(url, 'accounts')).toEqual([]);

    state.accounts[0].favouriteColour = 'blue';
    writeFileSync(file, JSON.stringify(state));
    const extraField = await cli(['migrate-store', '--from', 'json', '--to', url, '--data-dir', dir]);
    expect(extraField.code, extraField.stderr).toBe(1);
    expect(extraField.stderr).toMatch(/favouriteColour/);
    expect(await tableRows(url, 'accounts')).toEqual([]);
  });

  it('gives usage errors (exit 2) for a bad --from or --to, and a clear error for an unreachable database', async () => {
    const dir = tempDir('rcat-migrate-');
    dirs.push(dir);
    expect((await cli(['migrate-store', '--from', 'csv', '--to', 'postgres://x@127.0.0.1/db', '--data-dir', dir])).code).toBe(2);
    expect((await cli(['migrate-store', '--from', 'json', '--to', 'mysql://x@127.0.0.1/db', '--data-dir', dir])).code).toBe(2);
    expect((await cli(['migrate-store', '--from', 'json', '--data-dir', dir])).code).toBe(2);
    const down = await cli(['migrate-store', '--from', 'json', '--to', 'postgres://u:pw-secret@127.0.0.1:1/db', '--data-dir', dir]);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/Cannot reach PostgreSQL/);
    expect(down.stderr).not.toContain('pw-secret');
  });
});
