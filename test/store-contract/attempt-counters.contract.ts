// AttemptCounterStore (src/server/store/ports/attempt-counters.ts): the failed-attempt counters behind
// the sign-in and token-endpoint throttles. Times are explicit epoch milliseconds (no clock).
import { describe, expect, it } from 'vitest';
import type { AttemptKey, AttemptReceipt, BackoffPolicy } from '../../src/server/store/ports/attempt-counters.js';
import type { Store } from '../../src/server/store/ports/index.js';
import type { StoreFactory } from './harness.js';

const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const POLICY: BackoffPolicy = { baseDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000, maxEntries: 5 };
let seq = 0;
const key = (freeFailures = 2, space = 'contract'): AttemptKey => ({ space, keyHash: `${(++seq).toString(16).padStart(8, '0')}${'ab'.repeat(28)}`, freeFailures });

async function receipts(store: Store, keys: AttemptKey[], now: number): Promise<AttemptReceipt[]> {
  const a = await store.attemptCounters.admit(keys, POLICY, now);
  if (!a.admitted) throw new Error(`expected admission, got a wait of ${a.retryAfterMs} ms`);
  return a.receipts;
}

export function attemptCountersContract(factory: StoreFactory): void {
  describe('AttemptCounterStore', () => {
    it('admits the free allowance and one more, then blocks with a doubling delay capped at the maximum', async () => {
      const store = await factory.open();
      const k = key(2);
      let t = T0;
      for (let i = 0; i < 3; i++) await receipts(store, [k], t); // failures 1, 2 free; the 3rd blocks for 1 s
      expect(await store.attemptCounters.admit([k], POLICY, t)).toEqual({ admitted: false, retryAfterMs: 1000 });
      expect(await store.attemptCounters.admit([k], POLICY, t + 400)).toEqual({ admitted: false, retryAfterMs: 600 });
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        t += 20_000; // past any block, within the idle period
        await receipts(store, [k], t);
        const refused = await store.attemptCounters.admit([k], POLICY, t);
        waits.push(refused.admitted ? 0 : refused.retryAfterMs);
      }
      expect(waits).toEqual([2000, 4000, 8000, 8000, 8000]);
    });

    it('a blocked key refuses the whole attempt and changes no other key', async () => {
      const store = await factory.open();
      const blocked = key(0);
      const other = key(0);
      await receipts(store, [blocked], T0);
      expect(await store.attemptCounters.admit([other, blocked], POLICY, T0 + 1)).toEqual({ admitted: false, retryAfterMs: 999 });
      // `other` was not charged: it still has its full (zero) allowance, so one attempt is admitted.
      await receipts(store, [other], T0 + 1);
      expect((await store.attemptCounters.admit([other], POLICY, T0 + 2)).admitted).toBe(false);
    });

    it('keys of different spaces are independent', async () => {
      const store = await factory.open();
      const a = key(0, 'space-a');
      const b = { ...a, space: 'space-b' };
      await receipts(store, [a], T0);
      expect((await store.attemptCounters.admit([a], POLICY, T0)).admitted).toBe(false);
      expect((await store.attemptCounters.admit([b], POLICY, T0)).admitted).toBe(true);
    });

    it('clear forgets a key; refund gives its charge back without touching a concurrent failure', async () => {
      const store = await factory.open();
      const cleared = key(1);
      const refundedKey = key(1);
      await receipts(store, [cleared, refundedKey], T0); // a failure on both
      const r = await receipts(store, [cleared, refundedKey], T0 + 10); // both now blocked by this attempt
      expect((await store.attemptCounters.admit([refundedKey], POLICY, T0 + 20)).admitted).toBe(false);
      await store.attemptCounters.settle([{ receipt: r[0]!, action: 'clear' }, { receipt: r[1]!, action: 'refund' }], T0 + 20);
      // Cleared: a fresh allowance of one free failure, then blocked.
      await receipts(store, [cleared], T0 + 30);
      // Refunded: back to one failure and no block, so the next attempt is admitted and blocks again.
      const again = await receipts(store, [refundedKey], T0 + 30);
      expect(again[0]!.previous).toEqual({ failures: 1, lastFailureAt: T0, blockedUntil: 0 });
      expect((await store.attemptCounters.admit([refundedKey], POLICY, T0 + 31)).admitted).toBe(false);
    });

    it('refunding after another attempt blocked the key leaves that block in place', async () => {
      const store = await factory.open();
      const k = key(1);
      const first = await receipts(store, [k], T0); // 1 of 1 free: admitted, not blocked
      await receipts(store, [k], T0 + 5); // a concurrent guess: 2 failures, blocked for 1 s
      await store.attemptCounters.settle([{ receipt: first[0]!, action: 'refund' }], T0 + 6); // the first attempt succeeded
      expect(await store.attemptCounters.admit([k], POLICY, T0 + 6)).toEqual({ admitted: false, retryAfterMs: 999 });
    });

    it('forgets a key after the idle period', async () => {
      const store = await factory.open();
      const k = key(0);
      await receipts(store, [k], T0);
      const later = await receipts(store, [k], T0 + POLICY.forgetAfterMs + 1);
      expect(later[0]!.previous).toBeNull();
    });

    it('prune drops idle keys and keeps at most maxEntries per space (the most recently failed)', async () => {
      const store = await factory.open();
      const space = `prune-${++seq}`;
      const keys = Array.from({ length: 8 }, () => key(5, space));
      for (let i = 0; i < keys.length; i++) await receipts(store, [keys[i]!], T0 + i);
      const idle = key(5, space);
      await receipts(store, [idle], T0 - POLICY.forgetAfterMs - 10);
      await store.attemptCounters.prune(space, POLICY, T0 + 100);
      // Probed with a roomy policy, so probing itself prunes nothing: the five most recent keep
      // their count, the others (and the idle one) start afresh.
      const roomy = { ...POLICY, maxEntries: 100 };
      const counts: number[] = [];
      for (const k of [...keys, idle]) {
        const a = await store.attemptCounters.admit([k], roomy, T0 + 200);
        counts.push(a.admitted ? (a.receipts[0]!.previous?.failures ?? 0) : -1);
      }
      expect(counts).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 0]);
    });

    it('counts parallel admissions exactly: the allowance plus one are admitted', async () => {
      const store = await factory.open();
      const k = key(4);
      const results = await Promise.all(Array.from({ length: 12 }, () => store.attemptCounters.admit([k], POLICY, T0)));
      expect(results.filter((r) => r.admitted)).toHaveLength(5);
    });
  });
}
