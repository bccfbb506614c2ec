// The limits backend port (src/server/store/ports/limit-counters.ts): all-or-nothing charges across
// windows, the shared admission rule, exactness under concurrency.
import { describe, expect, it } from 'vitest';
import type { CounterWindow, LimitCounterStore } from '../../src/server/store/ports/limit-counters.js';

export interface CounterFactory {
  openCounters(): Promise<LimitCounterStore>;
}

const FAR = Date.parse('2099-01-01T00:00:00Z');
let n = 0;
const key = (name: string) => `${name}:${++n}:${Math.random().toString(36).slice(2)}`;
const w = (k: string, amount: number, limit: number | null): CounterWindow => ({ key: k, amount, limit, expiresAt: FAR });

export function limitCountersContract(factory: CounterFactory): void {
  describe('LimitCounterStore', () => {
    it('debits every window when all admit, and none when one refuses', async () => {
      const counters = await factory.openCounters();
      const minute = key('account-minute');
      const day = key('account-day');
      const company = key('company-day');
      expect(await counters.chargeAll([w(minute, 1, 3), w(day, 5, 10), w(company, 5, null)])).toEqual({ allowed: true, counts: [1, 5, 5] });
      // The day window would go to 11 > 10: nothing is debited anywhere.
      expect(await counters.chargeAll([w(minute, 1, 3), w(day, 6, 10), w(company, 6, null)])).toEqual({ allowed: false, counts: [1, 5, 5] });
      expect(await counters.peek([minute, day, company, key('unknown')])).toEqual([1, 5, 5, 0]);
      expect(await counters.chargeAll([w(minute, 1, 3), w(day, 5, 10), w(company, 5, null)])).toEqual({ allowed: true, counts: [2, 10, 10] });
    });

    it('admits nothing, not even 0 units, once a ceiling is reached; no cap always admits', async () => {
      const counters = await factory.openCounters();
      const day = key('day');
      expect((await counters.chargeAll([w(day, 10, 10)])).allowed).toBe(true);
      expect(await counters.chargeAll([w(day, 0, 10)])).toEqual({ allowed: false, counts: [10] });
      const lowered = key('lowered');
      await counters.chargeAll([w(lowered, 8, null)]);
      expect((await counters.chargeAll([w(lowered, 0, 5)])).allowed).toBe(false);
      expect((await counters.chargeAll([w(lowered, 1_000_000, null)])).counts).toEqual([1_000_008]);
    });

    it('admits exactly 30 of 100 simultaneous charges against a ceiling of 30, with the company window shared', async () => {
      const counters = await factory.openCounters();
      const minute = key('account-minute');
      const company = key('company-minute');
      const outcomes = await Promise.all(Array.from({ length: 100 }, () => counters.chargeAll([w(minute, 1, 30), w(company, 1, 120)])));
      expect(outcomes.filter((o) => o.allowed)).toHaveLength(30);
      expect(await counters.peek([minute, company])).toEqual([30, 30]);
      const admittedCounts = outcomes.filter((o) => o.allowed).map((o) => o.counts[0]).sort((a, b) => a! - b!);
      expect(admittedCounts).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });

    it('never deadlocks when requests charge overlapping windows in different orders', async () => {
      const counters = await factory.openCounters();
      const keys = [key('a'), key('b'), key('c')];
      const orders = [keys, [...keys].reverse(), [keys[1]!, keys[2]!, keys[0]!]];
      const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => counters.chargeAll(orders[i % 3]!.map((k) => w(k, 1, 1000)))));
      expect(outcomes.every((o) => o.allowed)).toBe(true);
      expect(await counters.peek(keys)).toEqual([60, 60, 60]);
    });
  });
}
