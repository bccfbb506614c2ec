// The default limits backend on real files: the journal's recovery rules (torn last line, a
// crash between writing a snapshot and removing the old journal, a corrupt snapshot), group
// commit under concurrency, and the pure policy helpers (paid tier, company key, config file).
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CounterWindow } from '../src/server/store/ports/limit-counters.js';
import { JournalCounterStore } from '../src/server/limits/journal-counter-store.js';
import { usageDir } from '../src/server/limits/usage-folder.js';
import { companyKey, LimitsConfigError, loadLimitsPolicy, tierOf } from '../src/server/limits/policy.js';
import { loadUsage, UsageStateError } from '../src/server/limits/usage-journal.js';
import { tempDir } from './support/server.js';

const dirs: string[] = [];
const fresh = () => {
  const d = tempDir('rcat-limits-journal-');
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const END = Date.parse('2026-11-23T00:00:00.000Z');
const clock = () => new Date(NOW);
const win = (key: string, amount: number, limit: number | null): CounterWindow => ({ key, amount, limit, expiresAt: END });

describe('journal counter store', () => {
  it('admits exactly the budget among simultaneous charges and persists only the admitted ones', async () => {
    const dataDir = fresh();
    const store = await JournalCounterStore.open(dataDir, { now: clock });
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => store.chargeAll([win('a:minute', 1, 30), win('a:day', 2, null)])));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(30);
    await store.close();
    const loaded = await loadUsage(usageDir(dataDir), NOW);
    expect(loaded.counters.get('a:minute')?.count).toBe(30);
    expect(loaded.counters.get('a:day')?.count).toBe(60);
  });

  for (const sync of ['background', 'answer'] as const) {
    it(`${sync}: compactions in the middle of waves of concurrent charges lose and double-count nothing`, async () => {
      const dataDir = fresh();
      // A tiny threshold: the journal is folded into a new snapshot every few batches.
      const store = await JournalCounterStore.open(dataDir, { now: clock, sync, compactAfterBytes: 300 });
      let admitted = 0;
      for (let wave = 0; wave < 20; wave++) {
        const outcomes = await Promise.all(Array.from({ length: 25 }, (_, i) => store.chargeAll([win('w:minute', 1, null), win(`w:day:${i % 3}`, 2, null)])));
        admitted += outcomes.filter((o) => o.allowed).length;
        // Charges that arrive while a compaction runs wait for it; nothing is lost in between.
        if (wave % 5 === 0) await new Promise((r) => setImmediate(r));
      }
      expect(admitted).toBe(500);
      expect(await store.peek(['w:minute'])).toEqual([500]);
      // What is on disk now (another process's view), before and after a clean close.
      expect((await loadUsage(usageDir(dataDir), NOW)).counters.get('w:minute')?.count).toBe(500);
      await store.close();
      const loaded = await loadUsage(usageDir(dataDir), NOW);
      expect(loaded.counters.get('w:minute')?.count).toBe(500);
      expect([0, 1, 2].map((i) => loaded.counters.get(`w:day:${i}`)?.count)).toEqual([2 * 9 * 20, 2 * 8 * 20, 2 * 8 * 20]);
      // Closing folded every journal into the snapshot.
      expect(readdirSync(usageDir(dataDir)).filter((f) => f.startsWith('journal-'))).toEqual([]);
    });
  }

  it('all or nothing: a refusing window leaves every other window unchanged', async () => {
    const dataDir = fresh();
    const store = await JournalCounterStore.open(dataDir, { now: clock });
    expect((await store.chargeAll([win('acct', 5, 10), win('co', 5, 5)])).allowed).toBe(true);
    const refused = await store.chargeAll([win('acct', 1, 10), win('co', 1, 5)]);
    expect(refused).toEqual({ allowed: false, counts: [5, 5] });
    expect(await store.peek(['acct', 'co', 'unknown'])).toEqual([5, 5, 0]);
    await store.close();
  });

  it('skips a torn last line, and never counts a journal the snapshot already holds', async () => {
    const dataDir = fresh();
    const store = await JournalCounterStore.open(dataDir, { now: clock });
    for (let i = 0; i < 3; i++) await store.chargeAll([win('k', 1, null)]);
    // Simulate kill -9: no close(), so the journal is not compacted.
    const dir = usageDir(dataDir);
    const journal = readdirSync(dir).find((f) => f.startsWith('journal-'))!;
    appendFileSync(path.join(dir, journal), '[["k",1,'); // a crash mid-append
    const loaded = await loadUsage(dir, NOW);
    expect(loaded.counters.get('k')?.count).toBe(3);
    expect(loaded.skippedLines).toBe(1);

    // Reopen (compacts into a new snapshot), then put the old journal back as if the crash came
    // between writing the snapshot and deleting the journal: it must not be counted again.
    const old = readFileSync(path.join(dir, journal), 'utf8');
    const reopened = await JournalCounterStore.open(dataDir, { now: clock });
    writeFileSync(path.join(dir, journal), old);
    expect((await loadUsage(dir, NOW)).counters.get('k')?.count).toBe(3);
    await reopened.chargeAll([win('k', 1, null)]);
    expect((await loadUsage(dir, NOW)).counters.get('k')?.count).toBe(4);
    await reopened.close();
  });

  it('drops counters of ended windows when loading', async () => {
    const dataDir = fresh();
    const store = await JournalCounterStore.open(dataDir, { now: clock });
    await store.chargeAll([{ key: 'old', amount: 1, limit: 5, expiresAt: NOW - 1 }, win('new', 1, 5)]);
    await store.close();
    const loaded = await loadUsage(usageDir(dataDir), NOW);
    expect([...loaded.counters.keys()]).toEqual(['new']);
  });

  it('a corrupt snapshot stops start-up and is left untouched', async () => {
    const dataDir = fresh();
    mkdirSync(usageDir(dataDir), { recursive: true });
    const snapshot = path.join(usageDir(dataDir), 'snapshot.json');
    writeFileSync(snapshot, '{"format":"rcat-usage", broken');
    await expect(JournalCounterStore.open(dataDir, { now: clock })).rejects.toThrow(UsageStateError);
    expect(readFileSync(snapshot, 'utf8')).toBe('{"format":"rcat-usage", broken');
  });
});

describe('policy helpers', () => {
  it('paid only while paidUntil has not passed (inclusive to the end of that UTC day)', () => {
    const at = (iso: string) => new Date(iso);
    expect(tierOf({ plan: 'paid', paidUntil: '2026-11-22' }, at('2026-11-22T23:59:59.999Z'))).toBe('paid');
    expect(tierOf({ plan: 'paid', paidUntil: '2026-11-22' }, at('2026-11-23T00:00:00.000Z'))).toBe('standard');
    expect(tierOf({ plan: 'paid', paidUntil: null }, at('2026-11-22T00:00:00Z'))).toBe('standard');
    expect(tierOf({ plan: 'paid', paidUntil: 'soon' }, at('2026-11-22T00:00:00Z'))).toBe('standard');
    expect(tierOf({ plan: 'standard', paidUntil: '2099-01-01' }, at('2026-11-22T00:00:00Z'))).toBe('standard');
  });

  it('company names match trimmed and case-insensitively; blank means no company', () => {
    expect(companyKey('  ACME  Labs ')).toBe(companyKey('acme labs'));
    expect(companyKey('Straße AG')).toBe(companyKey('STRASSE AG'));
    expect(companyKey('Acme')).not.toBe(companyKey('Acme Labs'));
    expect(companyKey('   ')).toBeNull();
    expect(companyKey(null)).toBeNull();
  });

  it('a config file overrides a preset per tier; null means no cap; mistakes are named', () => {
    const dir = fresh();
    const file = path.join(dir, 'limits.json');
    writeFileSync(file, JSON.stringify({ preset: 'variant-a', paid: { perDay: 700 }, company: { perMinute: 200, perMonth: null } }));
    const policy = loadLimitsPolicy(file);
    expect(policy.standard).toEqual({ perMinute: 30, perDay: null, perMonth: null });
    expect(policy.paid).toEqual({ perMinute: 60, perDay: 700, perMonth: null });
    expect(policy.company).toEqual({ perMinute: 200, perDay: null, perMonth: null });
    expect(loadLimitsPolicy('variant-b').company).toEqual({ perMinute: 120, perDay: 3000, perMonth: 20000 });
    writeFileSync(file, JSON.stringify({ standard: { perDay: 1.5 } }));
    expect(() => loadLimitsPolicy(file)).toThrow(/standard\.perDay/);
    writeFileSync(file, JSON.stringify({ standrad: {} }));
    expect(() => loadLimitsPolicy(file)).toThrow(LimitsConfigError);
  });
});
