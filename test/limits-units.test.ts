// Daily and monthly unit ceilings (spec 8.5, 8.7), the cost model, configuration, persistence
// across restarts and the fail-closed 503 — through the real REST API with a controlled clock.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { SearchResponse } from '../src/shared/schemas.js';
import { startServer } from '../src/server/app/server.js';
import { expect429, type LimitsServer, startLimitsServer, statuses, TestClock } from './limits-helpers.js';
import { tempDir } from './support/server.js';

// Servers are shared by the tests that use the same limits config (each test uses fresh
// accounts and sets the clock itself), because a start loads and indexes the whole catalogue.
const shared = new Map<string, Promise<LimitsServer>>();
const running: LimitsServer[] = [];
async function start(options: Parameters<typeof startLimitsServer>[0] = {}): Promise<LimitsServer> {
  if (options.dataDir) {
    const server = await startLimitsServer(options);
    running.push(server);
    return server;
  }
  const key = JSON.stringify(options.limits ?? null);
  if (!shared.has(key)) shared.set(key, startLimitsServer({ limits: options.limits }));
  const server = await shared.get(key)!;
  server.clock.set(options.at ?? '2026-11-22T10:00:00.000Z');
  return server;
}
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop().catch(() => {});
});
afterAll(async () => {
  for (const s of shared.values()) await (await s).stop().catch(() => {});
});

const allOk = (list: number[]) => list.every((s) => s === 200);
const small = { standard: { perDay: 5, perMonth: 8 }, paid: { perDay: 10, perMonth: 20 }, company: { perDay: 4, perMonth: 100 } };

describe('what a unit is', { timeout: 120_000 }, () => {
  it('a record read costs 1 unit every time (repeats too), a search costs one per result, a miss costs none', async () => {
    const server = await start();
    const token = await server.token(await server.addAccount());
    await server.read(token);
    await server.read(token);
    expect((await server.usage(token)).account.windows.day.used).toBe(2);
    const search = await server.search(token, 'mass spectrometry');
    const body = SearchResponse.parse(await search.json());
    const expected = server.deps.services.catalogue.searchCost(body).units;
    expect(expected).toBeGreaterThanOrEqual(body.results.length);
    expect((await server.usage(token)).account.windows.day.used).toBe(2 + expected);
    const miss = await server.read(token, 'technique:00000000-0000-4000-8000-000000000000');
    expect(miss.status).toBe(404);
    const usage = await server.usage(token);
    expect(usage.account.windows.day.used).toBe(2 + expected);
    expect(usage.account.windows.minute.used).toBe(4); // the miss is still a request
  });

  it('unit weights come from the config file', async () => {
    const server = await start({ limits: { units: { perRecord: 3, perSearchResult: 2 } } });
    const token = await server.token(await server.addAccount());
    await server.read(token);
    expect((await server.usage(token)).account.windows.day.used).toBe(3);
  });
});

describe('daily and monthly ceilings', { timeout: 120_000 }, () => {
  it('variant-b by default: a standard account gets 300 units a day, then 429 until midnight UTC', async () => {
    const server = await start({ at: '2026-11-22T10:00:00.000Z' });
    const token = await server.token(await server.addAccount());
    const usage = await server.usage(token);
    expect(usage.policy).toBe('variant-b');
    expect([usage.account.windows.day.limit, usage.account.windows.month.limit]).toEqual([300, 1500]);
    let used = 0;
    for (;;) {
      const res = await server.search(token, 'microscope');
      if (res.status === 429) {
        const blocked = await expect429(res);
        expect(blocked.detail).toMatch(/account day/);
        expect(blocked.retryAfter).toBe(14 * 3600);
        break;
      }
      expect(res.status).toBe(200);
      used += server.deps.services.catalogue.searchCost(SearchResponse.parse(await res.json())).units;
      expect(used).toBeLessThanOrEqual(300);
    }
    const after = await server.usage(token);
    expect(after.account.windows.day.used).toBe(used);
    // A request that still fits is admitted; the ceiling is exact.
    const remaining = 300 - used;
    expect(allOk(await statuses(remaining, () => server.read(token)))).toBe(true);
    const blocked = await expect429(await server.read(token));
    expect(blocked.detail).toMatch(/account day/);
  });

  it('day then month: Retry-After counts to midnight UTC and to the 1st of next month', async () => {
    const server = await start({ at: '2026-11-29T22:00:00.000Z', limits: small });
    const token = await server.token(await server.addAccount());
    expect(allOk(await statuses(5, () => server.read(token)))).toBe(true);
    expect((await expect429(await server.read(token))).retryAfter).toBe(2 * 3600);
    server.clock.set('2026-11-29T23:59:59.999Z');
    expect((await expect429(await server.read(token))).retryAfter).toBe(1);
    server.clock.set('2026-11-30T00:00:00.000Z');
    expect(allOk(await statuses(3, () => server.read(token)))).toBe(true);
    const monthly = await expect429(await server.read(token));
    expect(monthly.detail).toMatch(/account month/);
    expect(monthly.retryAfter).toBe(86_400);
    server.clock.set('2026-11-30T23:59:59.001Z');
    expect((await expect429(await server.read(token))).retryAfter).toBe(1);
    server.clock.set('2026-12-01T00:00:00.000Z');
    expect((await server.read(token)).status).toBe(200);
  });

  it('a company day ceiling refuses every account of the company, without debiting the account', async () => {
    const server = await start({ limits: small });
    const a = await server.token(await server.addAccount({ company: 'Zeta Instruments' }));
    const b = await server.token(await server.addAccount({ company: 'zeta instruments' }));
    expect(allOk(await statuses(2, () => server.read(a)))).toBe(true);
    expect(allOk(await statuses(2, () => server.read(b)))).toBe(true);
    const blocked = await expect429(await server.read(b));
    expect(blocked.detail).toMatch(/company day/);
    const usage = await server.usage(b);
    expect(usage.account.windows.day.used).toBe(2);
    expect(usage.account.windows.minute.used).toBe(2);
    expect(usage.company).toMatchObject({ name: 'zeta instruments', windows: { day: { used: 4, limit: 4, remaining: 0 } } });
  });

  it('when several windows refuse, Retry-After is the latest reset among them', async () => {
    const server = await start({ at: '2026-11-22T10:00:00.000Z', limits: { standard: { perMinute: 5, perDay: 5 } } });
    const token = await server.token(await server.addAccount());
    expect(allOk(await statuses(5, () => server.read(token)))).toBe(true);
    const blocked = await expect429(await server.read(token));
    expect(blocked.retryAfter).toBe(14 * 3600);
    expect(blocked.detail).toMatch(/account day/);
  });

  it('variant-a has no daily or monthly cap, only pacing', async () => {
    const server = await start({ limits: 'variant-a' });
    const token = await server.token(await server.addAccount());
    for (const minute of ['10:00', '10:01', '10:02']) {
      server.clock.set(`2026-11-22T${minute}:00.000Z`);
      expect(allOk(await statuses(30, () => server.search(token, 'spectrometry')))).toBe(true);
      await expect429(await server.read(token));
    }
    const usage = await server.usage(token);
    expect(usage.account.windows.day).toMatchObject({ limit: null, remaining: null });
    expect(usage.account.windows.day.used).toBeGreaterThanOrEqual(90);
  });
});

describe('persistence and a lowered ceiling', { timeout: 120_000 }, () => {
  it('day, month and minute usage survive a restart; a ceiling lowered below usage refuses at once', async () => {
    const dataDir = tempDir();
    const clock = new TestClock('2026-11-22T10:00:00.000Z');
    const first = await start({ dataDir, clock });
    const account = await first.addAccount();
    const token = await first.token(account);
    expect(allOk(await statuses(6, () => first.read(token)))).toBe(true);
    await first.stop();
    running.splice(running.indexOf(first), 1);

    const second = await start({ dataDir, clock, limits: { standard: { perDay: 4 } } });
    const usage = await second.usage(token);
    expect(usage.account.windows.day).toMatchObject({ used: 6, limit: 4, remaining: 0 });
    expect(usage.account.windows.month.used).toBe(6);
    expect(usage.account.windows.minute.used).toBe(6);
    expect((await expect429(await second.read(token))).detail).toMatch(/account day/);
    clock.set('2026-11-23T00:00:00.000Z');
    expect(allOk(await statuses(4, () => second.read(token)))).toBe(true);
    expect((await second.usage(token)).account.windows.month.used).toBe(10);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('fail closed', { timeout: 120_000 }, () => {
  it('when the usage journal cannot be written: 503 with Retry-After, never a free pass, never a 429', async () => {
    const server = await start();
    const token = await server.token(await server.addAccount());
    expect((await server.read(token)).status).toBe(200);
    const usageDir = path.join(server.dataDir, 'usage');
    const journal = readdirSync(usageDir).find((f) => /^journal-\d+\.log$/.test(f))!;
    renameSync(path.join(usageDir, journal), path.join(usageDir, `${journal}.moved`));
    mkdirSync(path.join(usageDir, journal)); // the journal path is now a directory: appends fail
    for (let i = 0; i < 40; i++) {
      const res = await server.read(token);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(Problem.parse(await res.json()).code).toBe('unavailable');
    }
    // Nothing refused for lack of state was counted.
    expect((await server.usage(token)).account.windows.day.used).toBe(1);
    rmSync(path.join(usageDir, journal), { recursive: true });
    renameSync(path.join(usageDir, `${journal}.moved`), path.join(usageDir, journal));
    expect((await server.read(token)).status).toBe(200);
    expect((await server.usage(token)).account.windows.day.used).toBe(2);
  });

  it('an invalid --limits stops start-up with a clear message', async () => {
    const dataDir = tempDir();
    await expect(startServer({ port: 0, dataDir, limits: 'variant-c' }, { log: () => {} })).rejects.toThrow(/neither a preset/);
    const file = path.join(dataDir, 'bad.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify({ standard: { perDay: -1 } }));
    await expect(startServer({ port: 0, dataDir, limits: file }, { log: () => {} })).rejects.toThrow(/standard\.perDay/);
    writeFileSync(file, '{ not json');
    await expect(startServer({ port: 0, dataDir, limits: file }, { log: () => {} })).rejects.toThrow(/not valid JSON/);
    // The data dir is not left locked.
    const ok = await startServer({ port: 0, dataDir }, { log: () => {} });
    await ok.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('GET /api/agent/usage', { timeout: 120_000 }, () => {
  it('works with any valid token, costs nothing, and refuses a missing or bad token with 401', async () => {
    const server = await start();
    const account = await server.addAccount({ company: 'Eta' });
    const token = await server.token(account, ['projects:read']);
    for (let i = 0; i < 50; i++) await server.usage(token);
    const report = await server.usage(token);
    expect(report.account).toMatchObject({ id: account.id, email: account.email, tier: 'standard' });
    expect(report.account.windows.minute).toMatchObject({ measure: 'requests', used: 0, limit: 30, remaining: 30 });
    expect(report.company?.windows.minute).toMatchObject({ used: 0, limit: 120 });
    expect(report.account.windows.day.resetsAt).toBe('2026-11-23T00:00:00.000Z');
    expect(report.account.windows.month.resetsAt).toBe('2026-12-01T00:00:00.000Z');
    expect((await fetch(`${server.url}/api/agent/usage`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/agent/usage`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${server.url}/api/agent/usage?x=1`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(400);
  });
});
