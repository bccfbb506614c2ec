// Load through a loopback failover proxy in front of two real rcat-server processes over one
// PostgreSQL database (issue 9): one server is killed (SIGKILL) a third of the way through, and
// every request still succeeds — the other host serves on with the same state and limits.
// `npm run test:stress` runs the same test with 20x the requests (RCAT_STRESS=1).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import { PostgresStore } from '../src/server/store/postgres/index.js';
import { SearchResponse } from '../src/shared/schemas.js';
import { type FailoverProxy, startFailoverProxy } from './support/failover-proxy.js';
import { catalogueFile, GENEROUS_LIMITS, limitsFile, microscopes } from './support/mcp-client.js';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { tempDir } from './support/server.js';

const STRESS = process.env.RCAT_STRESS === '1';
const TOTAL = STRESS ? 24_000 : 1_200;
const WORKERS = 16;

let cluster: PostgresCluster;
let servers: ServerProcess[] = [];
let proxy: FailoverProxy;
let token: string;
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await sharedPostgres();
  const url = await cluster.createDatabase('failover');
  const store = await PostgresStore.open(url);
  const account = await store.accounts.create({ email: 'load@example.test', name: 'Load', company: 'Load Co', plan: 'standard', paidUntil: null, passwordHash: null });
  token = (await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read'], label: 'load' })).token;
  await store.close();
  const limits = limitsFile(tempDir(), GENEROUS_LIMITS);
  // The short run uses a small catalogue (quick start); the stress run the shipped one.
  const catalogue = STRESS ? [] : ['--catalogue', catalogueFile(tempDir(), microscopes(200))];
  servers = await Promise.all(
    [0, 1].map(() => {
      const dir = tempDir('rcat-host-');
      dirs.push(dir);
      // The URL comes from the environment, as an operator would keep the password out of argv.
      return startServerProcess(['--data-dir', dir], ['--limits', limits, ...catalogue], { RCAT_DATABASE_URL: url });
    }),
  );
  proxy = await startFailoverProxy(servers.map((s) => s.url));
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  for (const s of servers) await s.stop();
  await cluster?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('two hosts behind a failover proxy', () => {
  it(`serves all ${TOTAL} requests while one host is killed mid-run`, { timeout: STRESS ? 600_000 : 180_000 }, async () => {
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${proxy.url}/api/agent/catalog/search?query=electron%20microscope`, { headers });
    expect(first.status).toBe(200);
    const ids = SearchResponse.parse(await first.json()).results.map((r) => r.id);
    const paths = [
      '/api/agent/catalog/search?query=electron%20microscope',
      ...ids.slice(0, 5).map((id) => `/api/agent/catalog/record?id=${encodeURIComponent(id)}`),
      '/api/agent/catalog/search?query=microscope%20model',
    ];

    const statuses = new Map<number, number>();
    let done = 0;
    let killedAt = -1;
    let servedByBAtKill = 0;
    const started = performance.now();
    let phase1Ms = 0;
    let issued = 0;
    const worker = async () => {
      while (issued < TOTAL) {
        const i = issued++;
        const res = await fetch(`${proxy.url}${paths[i % paths.length]}`, { headers });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        done++;
        if (killedAt < 0 && done >= TOTAL / 3) {
          killedAt = done;
          servedByBAtKill = proxy.served[1]!;
          phase1Ms = performance.now() - started;
          void servers[0]!.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, () => worker()));
    const totalMs = performance.now() - started;

    expect(Object.fromEntries(statuses), proxy.failures.join('\n')).toEqual({ 200: TOTAL });
    expect(servers[0]!.child.signalCode).toBe('SIGKILL');
    // After the kill the surviving host answered everything that was left.
    expect(proxy.served[1]! - servedByBAtKill).toBeGreaterThanOrEqual(TOTAL - killedAt - WORKERS);
    const before = killedAt / (phase1Ms / 1000);
    const after = (TOTAL - killedAt) / ((totalMs - phase1Ms) / 1000);
    // Chatter for the operator (not asserted: no timing assertions in tests).
    process.stderr.write(
      `failover load: ${TOTAL} requests, ${WORKERS} workers; ${before.toFixed(0)} req/s on two hosts, ${after.toFixed(0)} req/s after one was killed (ratio ${(after / before).toFixed(2)}); ${proxy.retries} request(s) retried on the other host\n`,
    );
  });
});
