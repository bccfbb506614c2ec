// One database round trip per authenticated, charged REST request on PostgreSQL (issue 16): a
// host that has verified a token once checks it again inside the statement that charges
// (rcat_charge_checked), instead of looking it up first. What a host remembers must never decide
// anything: a revocation, a disabled account, a plan or company change made on another host takes
// effect on the very next request of a host that remembers the token. Statements are counted by
// the database itself (pg_stat_statements).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { SearchResponse } from '../src/shared/schemas.js';
import { catalogueFile, microscopes } from './support/mcp-client.js';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { connect, PASSWORD, registerPublicClient, restSearch, signedInBrowser } from './oauth-support.js';

let clock = new Date('2026-05-12T10:15:05Z');
const now = () => clock;
let cluster: PostgresCluster;
let dbUrl: string;
let admin: pg.Client;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  cluster = await sharedPostgres(); // loads pg_stat_statements
  dbUrl = await cluster.createDatabase('gate', { migrated: true });
  admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  await admin.query('CREATE EXTENSION pg_stat_statements');
  const cataloguePath = catalogueFile(tempDir(), microscopes(30));
  [a, b] = await Promise.all([0, 1].map(() => startTestServer({ store: dbUrl, cataloguePath }, { now })));
}, 120_000);
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await admin?.end();
  await cluster?.stop();
});

const search = (host: TestServer, token: string, query = 'microscope') =>
  fetch(`${host.url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${token}` } });
const record = (host: TestServer, token: string, id: string) =>
  fetch(`${host.url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });

/**
 * Statements the database ran for the servers since `reset()`, by statement text — leaving out
 * the two writes that are not made per request: last-use times (batched, every 5 s per host) and
 * the pruning of expired counters (every 500 charges per host).
 */
async function statements(): Promise<Map<string, number>> {
  const { rows } = await admin.query<{ query: string; calls: string }>(
    `SELECT s.query, s.calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = current_database() AND s.query NOT LIKE '%pg_stat_statements%'
        AND s.query NOT LIKE '%SET last_used_at%' AND s.query NOT LIKE 'DELETE FROM limit_counters%'`,
  );
  return new Map(rows.map((r) => [r.query, Number(r.calls)]));
}
const reset = () => admin.query('SELECT pg_stat_statements_reset()');
const total = (counts: Map<string, number>) => [...counts.values()].reduce((n, c) => n + c, 0);
const used = async (host: TestServer, accountId: string) => {
  const account = (await host.deps.store.accounts.getById(accountId))!;
  return (await host.deps.limiter.usage!(account, clock)).account.windows.minute.used;
};

describe('one round trip per charged REST request', () => {
  it('a token this host has verified costs one statement per search or record read; a new token two', async () => {
    const account = await a.addAccount({ company: 'Round Trip Labs' });
    const token = await a.token(account, ['catalog:read']);
    await reset();
    const first = await search(a, token);
    expect(first.status).toBe(200);
    // The token and its account in one statement, then the charge.
    expect(total(await statements())).toBe(2);

    const id = SearchResponse.parse(await first.json()).results[0]!.id;
    await reset();
    for (let i = 0; i < 10; i++) {
      expect((await search(a, token, i % 2 ? 'microscope' : 'electron')).status).toBe(200);
      expect((await record(a, token, id)).status).toBe(200);
    }
    const counts = await statements();
    expect(total(counts)).toBe(20);
    expect([...counts.keys()].every((q) => q.includes('rcat_charge_checked'))).toBe(true);
    expect(await used(b, account.id)).toBe(21);
  });

  it('a token revoked on another host is refused by the next request here, and nothing is charged', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['catalog:read']);
    expect((await search(a, token)).status).toBe(200);
    expect((await search(a, token)).status).toBe(200);
    const [minted] = await b.deps.store.agentTokens.listForAccount(account.id);
    await b.deps.store.agentTokens.revoke(minted!.id, clock.toISOString());
    const refused = await search(a, token);
    expect(refused.status).toBe(401);
    expect(Problem.parse(await refused.json()).code).toBe('token_revoked');
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // A malformed query with that token is still a 401, not a 400.
    expect((await search(a, token, '')).status).toBe(401);
    expect(await used(b, account.id)).toBe(2);
  });

  it('an account disabled on another host gets 403 at once; enabled again, it is served at once', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['catalog:read']);
    expect((await search(a, token)).status).toBe(200);
    await b.deps.store.accounts.update(account.id, { disabled: true });
    const refused = await search(a, token);
    expect(refused.status).toBe(403);
    expect(Problem.parse(await refused.json()).code).toBe('account_disabled');
    await b.deps.store.accounts.update(account.id, { disabled: false });
    expect((await search(a, token)).status).toBe(200);
    expect(await used(b, account.id)).toBe(2);
  });

  it('a plan upgraded on another host applies to the next request (60 a minute instead of 30)', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['catalog:read']);
    // Record reads (1 unit each), so only the minute window can refuse.
    const found = await search(a, token);
    const id = SearchResponse.parse(await found.json()).results[0]!.id;
    for (let i = 1; i < 30; i++) expect((await record(a, token, id)).status).toBe(200);
    expect((await record(a, token, id)).status).toBe(429);
    await b.deps.store.accounts.update(account.id, { plan: 'paid', paidUntil: '2026-12-31' });
    const upgraded = await record(a, token, id);
    expect(upgraded.status).toBe(200);
    expect(upgraded.headers.get('ratelimit-policy')).toContain('"account-minute";q=60;');
    expect(await used(b, account.id)).toBe(31);
  });

  it('an account moved to another company on another host charges the new company from the next request', async () => {
    const account = await a.addAccount({ company: 'Old Company' });
    const colleague = await a.addAccount({ company: 'New Company' });
    const token = await a.token(account, ['catalog:read']);
    expect((await search(a, token)).status).toBe(200);
    await b.deps.store.accounts.update(account.id, { company: 'New Company' });
    expect((await search(a, token)).status).toBe(200);
    const report = await b.deps.limiter.usage!(colleague, clock);
    expect(report.company?.windows.minute.used).toBe(1);
  });

  it('an expired token is refused even though this host remembers it', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['catalog:read'], 1);
    expect((await search(a, token)).status).toBe(200);
    const before = clock;
    clock = new Date(before.getTime() + 2 * 86_400_000);
    try {
      const refused = await search(a, token);
      expect(refused.status).toBe(401);
      expect(Problem.parse(await refused.json()).code).toBe('token_expired');
    } finally {
      clock = before;
    }
  });

  it('a token without the scope is refused with 403 whether or not the host remembers it', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['projects:read']);
    for (let i = 0; i < 2; i++) {
      const refused = await search(a, token);
      expect(refused.status).toBe(403);
      expect(Problem.parse(await refused.json()).code).toBe('insufficient_scope');
    }
    expect(await used(b, account.id)).toBe(0);
  });

  it('an OAuth connection revoked by its user is refused by the next request of a host that remembers its token', { timeout: 60_000 }, async () => {
    const account = await a.addAccount({ password: PASSWORD });
    const clientId = await registerPublicClient(a, 'http://127.0.0.1:9/callback');
    const web = await signedInBrowser(a, account.email);
    const tokens = await connect(a, web, { clientId, redirectUri: 'http://127.0.0.1:9/callback', scope: 'catalog:read' });
    expect((await restSearch(a, tokens.access_token)).status).toBe(200);
    await reset();
    expect((await restSearch(a, tokens.access_token)).status).toBe(200);
    expect(total(await statements())).toBe(1);
    const [grant] = await b.deps.services.oauthGrants.list(account.id);
    expect(await b.deps.services.oauthGrants.revoke(account.id, grant!.id)).toBe(true);
    const refused = await restSearch(a, tokens.access_token);
    expect(refused.status).toBe(401);
    expect(Problem.parse(await refused.json()).code).toBe('token_revoked');
  });
});
