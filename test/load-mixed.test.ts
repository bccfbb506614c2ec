// Issue 8, load: autocannon (loopback only, bounded by request count) against a real
// `rcat-server` child process, a mix of REST search, REST record reads and /mcp tool calls
// (search, fetch) from many accounts across several companies, with daily unit ceilings low
// enough that most accounts and companies run out during the run. Then:
//   - nothing but admitted answers and limit refusals (HTTP 429, or an MCP rate_limited result);
//   - the ledger is exact: GET /api/agent/usage shows, per account, exactly the units its
//     admitted answers disclosed, and per company the sum of its accounts';
//   - every refusal is justified: the refused account's (or its company's) day window has less
//     left than the dearest request of the mix;
//   - the server's memory stays bounded (RSS sampled from /proc; a generous bound, no timing).
// The per-minute pacing is raised out of the way so a minute boundary cannot fall inside the
// run; docs/limits.md and test/limits-*.test.ts cover the minute windows. Needs `npx tsc -p .`.
// `npm run test:stress` (RCAT_STRESS=1) runs more accounts and ten times the requests.
import { afterAll, describe, expect, it } from 'vitest';
import { UsageReport } from '../src/shared/usage.js';
import { limitsFile } from './support/mcp-client.js';
import { mixRequests, newOutcomes, type Outcomes, runAutocannon, sampleRss } from './support/load-mix.js';
import { type AccountSpec, seedDataDir } from './support/seed-data-dir.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';
import { tempDir } from './support/server.js';

const STRESS = process.env.RCAT_STRESS === '1';
const REQUESTS_PER_ACCOUNT = STRESS ? 2500 : 200;
// Ten times the ceilings in the stress run, so it is not mostly refusals.
const SCALE = STRESS ? 10 : 1;
const LIMITS = {
  preset: 'variant-b',
  standard: { perMinute: 1_000_000, perDay: 300 * SCALE, perMonth: 1_000_000 },
  paid: { perMinute: 1_000_000, perDay: 600 * SCALE, perMonth: 1_000_000 },
  company: { perMinute: 1_000_000, perDay: 1000 * SCALE, perMonth: 1_000_000 },
};
/** The dearest request of the mix: a search with 20 results (20 units; answers stay under 16 KiB). */
const MAX_COST = 20;

const ACCOUNTS: AccountSpec[] = [
  ...Array.from({ length: STRESS ? 6 : 4 }, () => ({ company: 'Acme Labs', plan: 'standard' as const })),
  { company: 'Borealis Institute', plan: 'paid' },
  { company: ' borealis institute ', plan: 'paid' }, // the same company (docs/limits.md)
  { company: 'Borealis Institute', plan: 'standard' },
  ...Array.from({ length: STRESS ? 4 : 2 }, () => ({ company: 'Cetus University', plan: 'standard' as const })),
  ...Array.from({ length: STRESS ? 4 : 3 }, () => ({ company: null, plan: 'standard' as const })),
];

let server: ServerProcess | undefined;
afterAll(async () => server?.stop());

describe('mixed load from many accounts of several companies', () => {
  it('answers only successes and justified refusals; the ledger is exact; memory stays bounded', async () => {
    const dataDir = tempDir('rcat-load-');
    const seeded = await seedDataDir(dataDir, { accounts: ACCOUNTS, records: 200 });
    server = await startServerProcess(['--data-dir', dataDir], ['--catalogue', seeded.cataloguePath, '--limits', limitsFile(tempDir(), LIMITS)]);
    const usage = async (token: string) => UsageReport.parse(await (await fetch(`${server!.url}/api/agent/usage`, { headers: { authorization: `Bearer ${token}` } })).json());
    const dayBefore = (await usage(seeded.accounts[0]!.token)).account.windows.day.resetsAt;

    const rss = sampleRss(server.child.pid!);
    // One autocannon instance per account (2 connections each), all at once: outcomes are
    // counted per account, and the accounts of one company compete for its ceiling.
    const outcomes = new Map<string, Outcomes>();
    const results = await Promise.all(
      seeded.accounts.map((account) => {
        const out = newOutcomes();
        outcomes.set(account.id, out);
        return runAutocannon({ url: server!.url, connections: 2, amount: REQUESTS_PER_ACCOUNT, timeout: 30, requests: mixRequests(() => account.token, seeded.entityIds, out) });
      }),
    );
    const rssSamples = rss.stop();

    // Every request was answered, and only with a success or a limit refusal.
    for (const r of results) expect(r.errors + r.timeouts).toBe(0);
    const all = [...outcomes.values()];
    expect(all.flatMap((o) => o.samples)).toEqual([]);
    expect(all.reduce((n, o) => n + o.admitted + o.limited, 0)).toBe(seeded.accounts.length * REQUESTS_PER_ACCOUNT);
    expect(all.every((o) => o.oversized === 0)).toBe(true);
    // The ceilings were really reached (otherwise the justification below would be vacuous).
    expect(all.filter((o) => o.limited > 0).length).toBeGreaterThan(seeded.accounts.length / 2);

    expect((await usage(seeded.accounts[0]!.token)).account.windows.day.resetsAt, 'the run crossed midnight UTC; run it again').toBe(dayBefore);
    const companyUnits = new Map<string, { used: number; predicted: number; remaining: number | null }>();
    for (const account of seeded.accounts) {
      const out = outcomes.get(account.id)!;
      const report = await usage(account.token);
      const day = report.account.windows.day;
      // Exact ledger: the units charged are the units the admitted answers disclosed.
      expect(day.used, account.email).toBe(out.units);
      expect(day.limit).toBe(account.plan === 'paid' ? LIMITS.paid.perDay : LIMITS.standard.perDay);
      if (report.company) {
        const c = companyUnits.get(report.company.name.trim().toLowerCase()) ?? { used: report.company.windows.day.used, predicted: 0, remaining: report.company.windows.day.remaining };
        c.predicted += out.units;
        companyUnits.set(report.company.name.trim().toLowerCase(), c);
      }
      // Every refusal is justified: a window of this account or of its company is (nearly) spent.
      if (out.limited > 0) {
        const companyLeft = report.company?.windows.day.remaining ?? Infinity;
        expect(Math.min(day.remaining ?? Infinity, companyLeft), `${account.email}: ${out.limited} refusals with room left`).toBeLessThan(MAX_COST);
      }
      expect(day.used).toBeLessThanOrEqual(day.limit!);
    }
    expect(companyUnits.size).toBe(3);
    for (const [name, c] of companyUnits) {
      expect(c.used, name).toBe(c.predicted);
      expect(c.used).toBeLessThanOrEqual(LIMITS.company.perDay);
    }

    // Memory: the server's RSS stays within a generous bound over the whole run.
    expect(rssSamples.length).toBeGreaterThan(0);
    const [first, peak] = [rssSamples[0]!, Math.max(...rssSamples)];
    expect(peak - first, `RSS went from ${first.toFixed(0)} to ${peak.toFixed(0)} MiB`).toBeLessThan(STRESS ? 400 : 250);
    // Flat, not growing with the number of requests: the last third of the run peaks at most a
    // little above the first third (warm-up included there), generously bounded.
    const third = Math.max(1, Math.floor(rssSamples.length / 3));
    const early = Math.max(...rssSamples.slice(0, third));
    const late = Math.max(...rssSamples.slice(-third));
    expect(late - early, `RSS peaked at ${early.toFixed(0)} MiB early and ${late.toFixed(0)} MiB late`).toBeLessThan(150);
    const total = results.reduce((n, r) => n + r.requests.total, 0);
    process.stderr.write(`load: ${total} requests, ${all.reduce((n, o) => n + o.limited, 0)} refused by the limits; server RSS ${first.toFixed(0)} → peak ${peak.toFixed(0)} MiB\n`);
  }, 180_000);
});
