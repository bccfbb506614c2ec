// Health, metrics and the access log on the real server (port 0, real JSON store and limiter):
// health endpoints are never charged and need no token; readiness follows the store; /metrics is
// off by default, and after a mixed workload over every interface neither the metrics nor the
// access log holds a query, a token, a cookie, a password, a code, an e-mail or an account id.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UsageReport } from '../src/shared/usage.js';
import { callTool, connectMcp } from './support/mcp-client.js';
import { until } from './support/run-rcat-server.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';
import { WebClient } from './support/web-client.js';

const dirs = scratchDirs();
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});
afterAll(() => dirs.cleanup());

async function start(config: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(config);
  servers.push(server);
  return server;
}

describe('health endpoints on the real server', () => {
  it('are never charged, with or without a token, even for an account at its ceiling', async () => {
    const limits = path.join(dirs.dir(), 'limits.json');
    // Two requests a minute (day and month count units, left wide).
    const tight = { perMinute: 2, perDay: 1_000_000, perMonth: 1_000_000 };
    writeFileSync(limits, JSON.stringify({ standard: tight, paid: tight, company: tight }));
    const server = await start({ limits });
    const token = await server.token(await server.addAccount());
    const auth = { authorization: `Bearer ${token}` };
    const search = () => fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: auth });
    expect((await search()).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      for (const p of ['/healthz', '/readyz']) {
        expect((await fetch(`${server.url}${p}`, { headers: auth })).status).toBe(200);
        expect((await fetch(`${server.url}${p}`)).status).toBe(200);
      }
    }
    const usage = UsageReport.parse(await (await fetch(`${server.url}/api/agent/usage`, { headers: auth })).json());
    expect(usage.account.windows.minute).toMatchObject({ measure: 'requests', used: 1 });
    // One search so far: the second still fits, the third is refused; health checks cost nothing.
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(429);
    expect((await fetch(`${server.url}/readyz`, { headers: auth })).status).toBe(200);
  });

  it('/readyz follows the store: 503 while state.json cannot be read, 200 again once it can', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const stateFile = path.join(server.dataDir, 'state.json');
    const good = readFileSync(stateFile, 'utf8');
    writeFileSync(stateFile, '{ not json');
    const down = await until(async () => {
      const res = await fetch(`${server.url}/readyz`);
      return res.status === 503 ? ((await res.json()) as object) : undefined;
    }, '/readyz to turn 503');
    expect(down).toEqual({ status: 'not ready', reason: 'store unavailable' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    writeFileSync(stateFile, good);
    await until(async () => ((await fetch(`${server.url}/readyz`)).status === 200 ? true : undefined), '/readyz to recover');
  });
});

/** Requests over every interface, each carrying something that must never be recorded. */
async function mixedWorkload(server: TestServer) {
  const password = 'Tr0ub4dor&3-never-logged';
  const account = await server.addAccount({ password });
  const token = await server.token(account, ['catalog:read', 'projects:read', 'shortlist:write']);
  const auth = { authorization: `Bearer ${token}` };
  const secrets = { password, token, accountId: account.id, email: account.email, queries: ['zebrafish phenotyping', 'heliumquench', 'cryostatic unicorn'], code: 'CODE-9f8e7d6c5b4a', wrongToken: 'rcat_at_wrongwrongwrongwrongwrong' };
  const search = await fetch(`${server.url}/api/agent/catalog/search?query=${encodeURIComponent(secrets.queries[0]!)}`, { headers: auth });
  expect(search.status).toBe(200);
  const id = server.deps.services.catalogue.search('microscope').results[0]!.id;
  expect((await fetch(`${server.url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers: auth })).status).toBe(200);
  expect((await fetch(`${server.url}/api/agent/catalog/search?query=abc`, { headers: { authorization: `Bearer ${secrets.wrongToken}` } })).status).toBe(401);
  const mcp = await connectMcp(server.url, token);
  await callTool(mcp, 'search', { query: secrets.queries[1] });
  await mcp.close();
  const web = new WebClient(server.url);
  expect((await web.signIn(account.email, password)).status).toBe(303);
  const cookie = [...web.cookies.values()][0]!;
  expect((await web.get(`/en/catalogue?query=${encodeURIComponent(secrets.queries[2]!)}`)).status).toBe(200);
  const tokenEndpoint = await fetch(`${server.url}/api/agent/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: secrets.code, client_id: 'nobody', redirect_uri: 'http://127.0.0.1/cb', code_verifier: 'x'.repeat(43) }),
  });
  expect(tokenEndpoint.status).toBeGreaterThanOrEqual(400);
  expect((await fetch(`${server.url}/en/no-such-page-${secrets.code}`)).status).toBe(404);
  return { ...secrets, cookie };
}

function expectNoSecret(text: string, secrets: Awaited<ReturnType<typeof mixedWorkload>>): void {
  const words = [secrets.password, secrets.token, secrets.accountId, secrets.email, secrets.code, secrets.wrongToken, secrets.cookie, ...secrets.queries.flatMap((q) => q.split(' '))];
  for (const word of words) expect(text, word).not.toContain(word);
  expect(text).not.toContain(encodeURIComponent(secrets.email));
}

describe('metrics on the real server', () => {
  it('are off unless asked for: /metrics is an ordinary 404', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  it('count every interface with bounded labels and hold no secret after a mixed workload', async () => {
    const server = await start({ metrics: true });
    const secrets = await mixedWorkload(server);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expectNoSecret(text, secrets);
    for (const family of ['rest', 'mcp', 'oauth', 'web']) expect(text).toMatch(new RegExp(`rcat_http_requests_total\\{family="${family}",method="(GET|POST)",status_class="\\dxx"\\} \\d`));
    expect(text).toMatch(/rcat_limiter_decisions_total\{decision="allowed"\} [1-9]/);
    expect(text).toMatch(/rcat_search_results_count [1-9]/);
    expect(text).toMatch(/rcat_store_operation_duration_seconds_count\{adapter="json",operation="agentTokens\.findByHashWithAccount"\} [1-9]/);
    expect(text).toMatch(/^rcat_ready 1$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // Every label value of rcat's own metrics comes from a fixed vocabulary.
    const allowed = /^(rest|mcp|oauth|web|ops|GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|other|[1-5]xx|allowed|limited|unavailable|(account|company)-(minute|day|month)|json|postgres|[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+|\d+(\.\d+)*|\+Inf)$/;
    const rcatLabelValues = [...text.matchAll(/^rcat_\w+\{([^}]*)\}/gm)].flatMap((m) => [...m[1]!.matchAll(/\w+="([^"]*)"/g)].map((v) => v[1]!));
    expect(rcatLabelValues.length).toBeGreaterThan(20);
    for (const value of rcatLabelValues) expect(value).toMatch(allowed);
    expect(new Set(rcatLabelValues).size).toBeLessThan(80);
  });

  it('counts 429s by the window that refused', async () => {
    const limits = path.join(dirs.dir(), 'limits.json');
    const tight = { perMinute: 1, perDay: 100, perMonth: 1000 };
    writeFileSync(limits, JSON.stringify({ standard: tight, paid: tight, company: { perMinute: 100, perDay: 1000, perMonth: null } }));
    const server = await start({ metrics: true, limits });
    const auth = { authorization: `Bearer ${await server.token(await server.addAccount())}` };
    for (const status of [200, 429]) expect((await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: auth })).status).toBe(status);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/rcat_limiter_decisions_total\{decision="limited",window="account-minute"\} 1/);
    expect(text).toMatch(/rcat_http_requests_total\{family="rest",method="GET",status_class="4xx"\} 1/);
  });

  it('counts store operations that fail, not conflicts the store refuses by design', async () => {
    const server = await start({ metrics: true });
    const account = await server.addAccount();
    const auth = { authorization: `Bearer ${await server.token(account)}` };
    await expect(server.deps.store.accounts.create({ email: account.email, name: 'Twin', company: null, plan: 'standard', paidUntil: null, passwordHash: null })).rejects.toMatchObject({ status: 409 });
    const stateFile = path.join(server.dataDir, 'state.json');
    const good = readFileSync(stateFile, 'utf8');
    writeFileSync(stateFile, '{ not json');
    expect((await fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: auth })).status).toBe(503);
    writeFileSync(stateFile, good);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/rcat_store_operation_errors_total\{adapter="json",operation="agentTokens\.findByHashWithAccount"\} 1/);
    expect(text).toMatch(/rcat_store_operation_duration_seconds_count\{adapter="json",operation="accounts\.create"\} 2/);
    expect(text).not.toMatch(/rcat_store_operation_errors_total\{[^}]*accounts\.create/);
    expect(text).toMatch(/rcat_http_requests_total\{family="rest",method="GET",status_class="5xx"\} 1/);
  });

  it('--metrics-port serves /metrics on a loopback listener only, and nothing else there', async () => {
    const server = await start({ metricsPort: 0 });
    expect(server.metricsPort).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('rcat_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${server.metricsPort}/healthz`)).status).toBe(404);
    // Not on the main listener: --metrics was not given.
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});

describe('access log on the real server', () => {
  it('names route templates and the account hash, and holds no secret after a mixed workload', async () => {
    const file = path.join(dirs.dir(), 'access.log');
    const server = await start({ accessLog: file, logFormat: 'json' });
    const secrets = await mixedWorkload(server);
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    const text = readFileSync(file, 'utf8');
    expectNoSecret(text, secrets);
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const routes = new Set(lines.map((l) => `${String(l.method)} ${String(l.route)} ${String(l.status)}`));
    for (const expected of ['GET /api/agent/catalog/search 200', 'GET /api/agent/catalog/record 200', 'GET /api/agent/catalog/search 401', 'POST /mcp 200', 'POST /en/sign-in 303', 'GET /en/catalogue 200', 'GET null 404']) {
      expect(routes, expected).toContain(expected);
    }
    const searched = lines.find((l) => l.route === '/api/agent/catalog/search' && l.status === 200)!;
    expect(searched.account).toMatch(/^[0-9a-f]{16}$/);
    expect(lines.find((l) => l.route === '/en/catalogue')!.account).toBe(searched.account);
    expect(lines.find((l) => l.status === 401)!.account).toBeUndefined();
  });
});
