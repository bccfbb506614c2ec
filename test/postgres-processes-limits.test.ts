// Limits across two real rcat-server processes over one database (issue 9): the same exact
// refusals as one process. The ceiling used is a daily unit ceiling of 50 (a limits file), so the
// burst cannot straddle a minute boundary; if it straddles midnight UTC it is simply repeated.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import { PostgresStore } from '../src/server/store/postgres/index.js';
import { Problem } from '../src/shared/problem.js';
import { SearchResponse } from '../src/shared/schemas.js';
import { UsageReport } from '../src/shared/usage.js';
import { catalogueFile, limitsFile, microscopes } from './support/mcp-client.js';
import type { PostgresCluster } from './support/postgres.js';
import { sharedPostgres } from './support/postgres-shared.js';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { tempDir } from './support/server.js';

const DAILY_UNITS = 50;
let cluster: PostgresCluster;
let url: string;
let servers: ServerProcess[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await sharedPostgres();
  url = await cluster.createDatabase('processes');
  const big = 1_000_000;
  const limits = limitsFile(tempDir(), {
    preset: 'variant-b',
    standard: { perMinute: big, perDay: DAILY_UNITS, perMonth: big },
    paid: { perMinute: big, perDay: big, perMonth: big },
    company: { perMinute: big, perDay: big, perMonth: big },
  });
  const catalogue = catalogueFile(tempDir(), microscopes(10));
  servers = await Promise.all(
    [0, 1].map(() => {
      const dir = tempDir('rcat-host-');
      dirs.push(dir);
      return startServerProcess(['--data-dir', dir], ['--limits', limits, '--catalogue', catalogue], { RCAT_DATABASE_URL: url });
    }),
  );
}, 180_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  await cluster?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function freshToken(): Promise<string> {
  const store = await PostgresStore.open(url);
  try {
    const account = await store.accounts.create({ email: `p-${Math.random()}@example.test`, name: 'P', company: null, plan: 'standard', paidUntil: null, passwordHash: null });
    return (await mintAgentToken(store, { accountId: account.id, scopes: ['catalog:read'], label: 'p' })).token;
  } finally {
    await store.close();
  }
}

describe('two rcat-server processes over one database', () => {
  it(`admit exactly ${DAILY_UNITS} of 100 simultaneous one-unit record reads of one account, split across both`, { timeout: 120_000 }, async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const day = new Date().toISOString().slice(0, 10);
      const token = await freshToken();
      const headers = { authorization: `Bearer ${token}` };
      // A search costs units too (one per result), so the record id is looked up with another account.
      const probe = await fetch(`${servers[0]!.url}/api/agent/catalog/search?query=microscope%20model%201`, { headers: { authorization: `Bearer ${await freshToken()}` } });
      const id = SearchResponse.parse(await probe.json()).results[0]!.id;
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => fetch(`${servers[i % 2]!.url}/api/agent/catalog/record?id=${encodeURIComponent(id)}`, { headers })),
      );
      if (new Date().toISOString().slice(0, 10) !== day) continue; // the burst straddled midnight UTC
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(DAILY_UNITS);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - DAILY_UNITS);
      const refused = responses.find((r) => r.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Problem.parse(await refused.json()).code).toBe('rate_limited');
      // Both processes report the same usage for the account.
      const usage = await Promise.all(servers.map(async (s) => UsageReport.parse(await (await fetch(`${s.url}/api/agent/usage`, { headers })).json())));
      expect(usage.map((u) => u.account.windows.day.used)).toEqual([DAILY_UNITS, DAILY_UNITS]);
      return;
    }
    throw new Error('two bursts in a row straddled midnight UTC');
  });
});
