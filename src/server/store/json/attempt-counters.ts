// Failed-attempt counters (../ports/attempt-counters.ts) in the JSON state file, collection
// "attemptCounters". Admission is one `mutate` — under the data dir's write lock — so checking
// and counting are atomic even with an operator command writing the same file; a restart keeps
// the counts. A key that is blocked is answered from a read, so refused attempts cost no write.
import {
  type AttemptAdmission,
  type AttemptCounter,
  type AttemptCounterStore,
  type AttemptKey,
  type AttemptSettlement,
  type BackoffPolicy,
  blockedFor,
  decide,
  liveCounter,
  refunded,
} from '../ports/attempt-counters.js';
import type { JsonFileStore } from './json-file.js';
import { collection, type State } from './state.js';

export interface StoredAttemptCounter extends AttemptCounter {
  space: string;
  keyHash: string;
}

export const ATTEMPT_COUNTERS_COLLECTION = 'attemptCounters';

const counters = (s: State) => collection<StoredAttemptCounter>(s, ATTEMPT_COUNTERS_COLLECTION);
const same = (a: { space: string; keyHash: string }) => (b: { space: string; keyHash: string }) => a.space === b.space && a.keyHash === b.keyHash;
const strip = (c: StoredAttemptCounter | undefined): AttemptCounter | null => (c ? { failures: c.failures, lastFailureAt: c.lastFailureAt, blockedUntil: c.blockedUntil } : null);

/** Keeps the space's live keys, at most `maxEntries` of them (the most recently failed). */
function pruneSpace(state: State, space: string, policy: BackoffPolicy, now: number): void {
  const all = counters(state);
  const others = all.filter((c) => c.space !== space);
  const kept = all
    .filter((c) => c.space === space && liveCounter(c, policy, now))
    .sort((a, b) => b.lastFailureAt - a.lastFailureAt)
    .slice(0, policy.maxEntries);
  if (others.length + kept.length !== all.length) state[ATTEMPT_COUNTERS_COLLECTION] = [...others, ...kept];
}

export class JsonAttemptCounterStore implements AttemptCounterStore {
  constructor(private readonly file: JsonFileStore) {}

  async admit(keys: AttemptKey[], policy: BackoffPolicy, now: number): Promise<AttemptAdmission> {
    const current = await this.file.read((state) => {
      const list = state[ATTEMPT_COUNTERS_COLLECTION];
      return keys.map((k) => (Array.isArray(list) ? strip((list as StoredAttemptCounter[]).find(same(k))) : null));
    });
    const wait = Math.max(0, ...current.map((c) => blockedFor(liveCounter(c, policy, now), now)));
    if (wait > 0) return { admitted: false, retryAfterMs: wait };

    return this.file.mutate((state): AttemptAdmission => {
      const list = counters(state);
      const found = keys.map((k) => list.find(same(k)));
      const decision = decide(keys, found.map(strip), policy, now);
      if ('retryAfterMs' in decision) return { admitted: false, retryAfterMs: decision.retryAfterMs };
      keys.forEach((k, i) => {
        const next = { space: k.space, keyHash: k.keyHash, ...decision.next[i]! };
        const existing = found[i];
        if (existing) Object.assign(existing, next);
        else list.push(next);
      });
      const spaces = new Set(keys.map((k) => k.space));
      for (const space of spaces) {
        if (counters(state).filter((c) => c.space === space).length > policy.maxEntries) pruneSpace(state, space, policy, now);
      }
      return { admitted: true, receipts: decision.receipts };
    });
  }

  async settle(settlements: AttemptSettlement[], now: number): Promise<void> {
    if (settlements.length === 0) return;
    await this.file.mutate((state) => {
      const list = counters(state);
      const drop = new Set<StoredAttemptCounter>();
      for (const { receipt, action } of settlements) {
        const existing = list.find(same(receipt));
        if (!existing) continue;
        const next = action === 'clear' ? null : refunded(existing, receipt, now);
        if (next) Object.assign(existing, next);
        else drop.add(existing);
      }
      if (drop.size) state[ATTEMPT_COUNTERS_COLLECTION] = list.filter((c) => !drop.has(c));
    });
  }

  async prune(space: string, policy: BackoffPolicy, now: number): Promise<void> {
    const stale = await this.file.read((state) => {
      const list = state[ATTEMPT_COUNTERS_COLLECTION];
      if (!Array.isArray(list)) return false;
      const mine = (list as StoredAttemptCounter[]).filter((c) => c.space === space);
      return mine.length > policy.maxEntries || mine.some((c) => !liveCounter(c, policy, now));
    });
    if (stale) await this.file.mutate((state) => pruneSpace(state, space, policy, now));
  }
}
