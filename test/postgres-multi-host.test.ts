// Two rcat servers over one PostgreSQL database behave like one (issue 9): the limits are exact
// across hosts, and a database outage gives 503 + Retry-After, then service resumes by itself.
// Servers run on port 0 with a controlled clock, so no minute boundary falls inside a test.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { SearchResponse } from '../src/shared/schemas.js';
import { SaveToShortlistOutput } from '../src/shared/tools.js';
import { callTool, catalogueFile, connectMcp, GENEROUS_LIMITS, limitsFile, microscopes, rawMcp, toolCallMessage } from './support/mcp-client.js';
import { type PostgresCluster, startPostgres } from './support/postgres.js';
import { csrfFrom, WebClient } from './support/web-client.js';
import { connect, PASSWORD as OAUTH_PASSWORD, registerPublicClient, restSearch, signedInBrowser, tokenRequest } from './oauth-support.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

const clock = new Date('2026-05-12T10:15:05Z');
let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await startPostgres();
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

/** A port free right now (the server binds it a moment later; the OS rarely hands it out again that fast). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function twoHosts(limits = 'variant-a'): Promise<[TestServer, TestServer]> {
  const url = await cluster.createDatabase('hosts');
  // Both start at once: the migrations' advisory lock makes one wait for the other.
  // A small catalogue keeps start-up quick; both hosts load the same file, as in production.
  const cataloguePath = catalogueFile(tempDir(), microscopes(40));
  const [a, b] = await Promise.all([
    startTestServer({ store: url, limits, cataloguePath }, { now: () => clock }),
    startTestServer({ store: url, limits, cataloguePath }, { now: () => clock }),
  ]);
  return [a, b];
}

async function recordId(server: TestServer, token: string): Promise<string> {
  const res = await fetch(`${server.url}/api/agent/catalog/search?query=electron%20microscope`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return SearchResponse.parse(await res.json()).results[0]!.id;
}

const read = (server: TestServer, token: string, id: string) =>
  fetch(`${server.url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });

describe('two hosts over one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await twoHosts();
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('share the sign-in form key: a form shown by one host signs in on the other', async () => {
    const account = await a.addAccount({ password: 'a long enough password' });
    const form = await new WebClient(a.url).get('/en/sign-in');
    const cookie = form.setCookies.find((c) => c.startsWith('rcat_signin='))!.split(';')[0]!;
    const res = await new WebClient(b.url).post('/en/sign-in', { csrf: csrfFrom(form.text), email: account.email, password: 'a long enough password' }, { cookie });
    expect(res.status).toBe(303);
    expect(res.setCookies.some((c) => c.startsWith('rcat_session='))).toBe(true);
  });

  it('share accounts and tokens: a token minted on one host works on the other, a revocation on one is seen by the other', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['catalog:read']);
    const id = await recordId(b, token);
    expect((await read(a, token, id)).status).toBe(200);
    const [record] = await b.deps.store.agentTokens.listForAccount(account.id);
    await b.deps.store.agentTokens.revoke(record!.id, clock.toISOString());
    const refused = await read(a, token, id);
    expect(refused.status).toBe(401);
    expect(Problem.parse(await refused.json()).code).toBe('token_revoked');
  });

  it('share web sessions: signed in on one host, the session works on the other, and signing out there ends it everywhere', async () => {
    const account = await a.addAccount({ password: 'correct horse battery staple' });
    const onA = new WebClient(a.url);
    expect((await onA.signIn(account.email, 'correct horse battery staple')).status).toBe(303);
    const onB = new WebClient(b.url);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const page = await onB.get('/en/account');
    expect(page.status).toBe(200);
    const out = await onB.post('/en/sign-out', { csrf: csrfFrom(page.text) });
    expect(out.status).toBe(303);
    const replay = await fetch(`${a.url}/en/account`, { headers: { cookie: onA.cookieHeader() }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toMatch(/^\/en\/sign-in/);
  });

  it('admit exactly 30 of 100 simultaneous requests of one standard account, split across both hosts', async () => {
    const account = await a.addAccount();
    const token = await a.token(account, ['catalog:read']);
    const id = await recordId(a, token); // request 1 of 30
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => read(i % 2 ? a : b, token, id)));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok.length).toBe(29);
    expect(limited.length).toBe(71);
    for (const r of limited) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    expect(Problem.parse(await limited[0]!.json()).code).toBe('rate_limited');
    // And the next request on either host is still refused.
    expect((await read(a, token, id)).status).toBe(429);
    expect((await read(b, token, id)).status).toBe(429);
  });

  it('enforce the company ceiling (120/minute) across both hosts and all of its accounts', async () => {
    const company = `Acme ${Math.random()}`;
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => a.addAccount({ company: i % 2 ? company.toUpperCase() : ` ${company} ` })));
    const tokens = await Promise.all(members.map((m) => b.token(m, ['catalog:read'])));
    const id = await recordId(a, tokens[0]!); // 1 of 120
    const requests = tokens.flatMap((t, i) => Array.from({ length: 30 }, (_, j) => read((i + j) % 2 ? a : b, t, id)));
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(119);
    expect(statuses.filter((s) => s === 429).length).toBe(180 - 119);
  });
});

describe('idempotent save across hosts', () => {
  it('twenty simultaneous save_to_shortlist calls through /mcp on two hosts create exactly one active item', { timeout: 120_000 }, async () => {
    const [a, b] = await twoHosts(limitsFile(tempDir(), GENEROUS_LIMITS));
    try {
      const editor = await a.addAccount();
      const clients = [await connectMcp(a.url, await a.token(editor)), await connectMcp(b.url, await b.token(editor))];
      const collection = await a.deps.services.collections.create({ name: 'Race', ownerAccountId: editor.id });
      const entityId = SearchResponse.parse(b.deps.services.catalogue.search('electron microscope')).results[0]!.id;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => callTool(clients[i % 2]!, 'save_to_shortlist', { collectionId: collection.id, entityId })));
      for (const r of results) expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      const outputs = results.map((r) => SaveToShortlistOutput.parse(r.structuredContent));
      expect(new Set(outputs.map((o) => o.item.id)).size).toBe(1);
      expect(outputs.filter((o) => !o.alreadyExisted)).toHaveLength(1);
      expect(await b.deps.store.shortlist!.listForCollection(collection.id)).toHaveLength(1);
      for (const c of clients) await c.close();
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('OAuth across hosts', () => {
  it('register on one host, consent on the other, redeem and refresh anywhere; a replayed refresh token revokes the grant on every host', { timeout: 120_000 }, async () => {
    const url = await cluster.createDatabase('oauth');
    // Production hosts share one public base URL (the load balancer), so token audiences agree.
    const shared = { store: url, baseUrl: 'https://rcat.example.org', cataloguePath: catalogueFile(tempDir(), microscopes(5)) };
    const ports = [await freePort(), await freePort()];
    const [hostA, hostB] = await Promise.all(ports.map((port) => startTestServer({ ...shared, port })));
    // Requests go to each host's own loopback address; the public base URL stays the shared one.
    const [a, b] = [hostA!, hostB!].map((h, i) => ({ ...h, url: `http://127.0.0.1:${ports[i]}` })) as [TestServer, TestServer];
    try {
      const account = await a.addAccount({ password: OAUTH_PASSWORD });
      const clientId = await registerPublicClient(a, 'http://127.0.0.1:9/callback');
      const web = await signedInBrowser(b, account.email);
      const tokens = await connect(a, web, { clientId, redirectUri: 'http://127.0.0.1:9/callback', scope: 'catalog:read' });
      expect((await restSearch(b, tokens.access_token)).status).toBe(200);
      const refreshed = await tokenRequest(b, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token });
      expect(refreshed.status).toBe(200);
      expect((await restSearch(a, refreshed.body.access_token)).status).toBe(200);
      const replay = await tokenRequest(a, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token });
      expect(replay.status).toBe(400);
      for (const host of [a, b]) expect((await restSearch(host, refreshed.body.access_token)).status).toBe(401);
    } finally {
      await hostA.stop();
      await hostB.stop();
    }
  });
});

describe('hostile text on the PostgreSQL store', () => {
  it('a note or question with NUL characters, lone surrogates or SQL is stored exactly or refused as the client\'s error — never a 500', { timeout: 120_000 }, async () => {
    const [a, b] = await twoHosts(limitsFile(tempDir(), GENEROUS_LIMITS));
    try {
      const editor = await a.addAccount();
      const client = await connectMcp(b.url, await a.token(editor));
      const collection = await a.deps.services.collections.create({ name: 'Hostile', ownerAccountId: editor.id });
      const entityIds = SearchResponse.parse(a.deps.services.catalogue.search('electron microscope')).results.map((r) => r.id);
      const texts = ['nul \u0000 inside', 'lone \ud800 surrogate', "'); DROP TABLE shortlist_items; --", 'emoji 😀 and \u202e bidi'];
      for (const [i, text] of texts.entries()) {
        for (const [tool, args] of [
          ['save_to_shortlist', { collectionId: collection.id, entityId: entityIds[i]!, note: text }],
          ['prepare_inquiry', { entityId: entityIds[i]!, question: `Can we use it? ${text} Please advise on access.` }],
        ] as const) {
          const result = await callTool(client, tool, args);
          if (result.isError) {
            // Refused as the client's mistake: by the tool's input schema, or as invalid_request.
            const code = (result._meta?.['rcat/error'] as { code?: string } | undefined)?.code;
            expect(code ?? 'invalid_request', `${tool} ${JSON.stringify(text)} ${JSON.stringify(result.content)}`).toBe('invalid_request');
            expect(JSON.stringify(result.content)).not.toMatch(/internal|unavailable|stack/i);
          }
        }
      }
      // The store is intact and still serves both hosts.
      const items = await a.deps.store.shortlist!.listForCollection(collection.id);
      for (const item of items) expect(texts).toContain(item.note);
      expect((await callTool(client, 'save_to_shortlist', { collectionId: collection.id, entityId: entityIds[5]! })).isError).toBeFalsy();
      await client.close();
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('database outage', () => {
  let a: TestServer;
  let b: TestServer;
  let token: string;
  let id: string;
  beforeAll(async () => {
    [a, b] = await twoHosts();
    const account = await a.addAccount();
    token = await a.token(account, ['catalog:read']);
    id = await recordId(a, token);
  }, 120_000);
  afterAll(async () => {
    await cluster.resume().catch(() => {});
    await a?.stop();
    await b?.stop();
  });

  it('answers 503 with Retry-After while the database is down, and serves again when it is back, without a restart', async () => {
    await cluster.pause();
    try {
      for (const server of [a, b, a]) {
        const res = await read(server, token, id);
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        const body = Problem.parse(await res.json());
        expect(body.code).toBe('unavailable');
        expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|stack/i);
      }
      // The same for a tool call on /mcp: fail closed, never a free pass past the limits.
      const viaMcp = await rawMcp(b.url, { token, body: toolCallMessage('fetch', { id }) });
      expect(viaMcp.status).toBe(503);
      expect(Number(viaMcp.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await cluster.resume();
    }
    for (const server of [a, b]) expect((await read(server, token, id)).status).toBe(200);
  });

  it('a host started while the database is down answers 503, then migrates and serves once it is up', { timeout: 120_000 }, async () => {
    const url = await cluster.createDatabase('late');
    const cataloguePath = catalogueFile(tempDir(), microscopes(5));
    await cluster.pause();
    let late: TestServer | undefined;
    try {
      late = await startTestServer({ store: url, cataloguePath }, { now: () => clock });
      const res = await fetch(`${late.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: 'Bearer rcat_at_whatever' } });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await cluster.resume();
    }
    try {
      // The store retries at most once a second; the first call after that migrates.
      let account;
      for (let attempt = 0; !account; attempt++) {
        account = await late!.addAccount().catch((error: unknown) => {
          if (attempt > 60 || (error as { status?: number }).status !== 503) throw error;
          return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 250));
        });
      }
      const fresh = await late!.token(account, ['catalog:read']);
      const res = await fetch(`${late!.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${fresh}` } });
      expect(res.status).toBe(200);
    } finally {
      await late?.stop();
    }
  });
});

describe('search on a PostgreSQL host', () => {
  it('ranks with the same in-memory engine as a JSON-store host: the same answers for the same catalogue', { timeout: 120_000 }, async () => {
    const url = await cluster.createDatabase('same_search');
    const [pg, json] = await Promise.all([startTestServer({ store: url }), startTestServer()]);
    try {
      const tokens = await Promise.all([pg, json].map(async (s) => s.token(await s.addAccount(), ['catalog:read'])));
      for (const query of ['confocal microscope', 'HPLC', 'crystallisation', 'Czech Acad Sci', 'spectrométrie de masse']) {
        const answers = await Promise.all([pg, json].map(async (s, i) => {
          const res = await fetch(`${s.url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${tokens[i]}` } });
          expect(res.status).toBe(200);
          return SearchResponse.parse(await res.json());
        }));
        expect(answers[0]!.results.length).toBeGreaterThan(0);
        // Same records in the same order; the urls differ only by each host's base URL.
        expect(answers[0]!.results.map((r) => r.id)).toEqual(answers[1]!.results.map((r) => r.id));
        expect(answers[0]!.truncated).toBe(answers[1]!.truncated);
      }
    } finally {
      await Promise.all([pg.stop(), json.stop()]);
    }
  });
});
