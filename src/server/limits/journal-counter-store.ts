// The default LimitCounterStore for one server process. Exactness comes from doing the check
// and the debit of every window synchronously, with no await in between: Node runs one
// callback at a time, so 100 simultaneous requests against a budget of 30 admit exactly 30.
// Durability comes from the usage journal (./usage-journal.ts): an admitted debit is answered
// only after its journal line is fsynced. Group commit: the debits admitted in one event-loop
// turn are written together at once (a small write into the page cache), and one fdatasync
// covers every line written before it started; lines written while a sync runs wait for the
// next one. So the cost under load is one write per turn and one fsync per batch, never a file
// rewrite per request, and a sync never waits for the next batch to be formed. If a write or a
// sync fails, the debits it carried are taken back and their requests fail (503): nothing was
// disclosed, and memory never counts less than what is on disk.
import path from 'node:path';
import { type ChargeOutcome, type CounterWindow, type LimitCounterStore, windowAdmits } from './counter-store.js';
import { type Counters, type JournalEntry, loadUsage, UsageJournal } from './usage-journal.js';

export interface JournalCounterStoreOptions {
  now?: () => Date;
  /** Compact the journal into the snapshot after this many appended bytes. */
  compactAfterBytes?: number;
  log?: (line: string) => void;
}

interface Pending {
  entries: JournalEntry[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function usageDir(dataDir: string): string {
  return path.join(dataDir, 'usage');
}

export class JournalCounterStore implements LimitCounterStore {
  private readonly now: () => Date;
  private readonly compactAfterBytes: number;
  private readonly log: (line: string) => void;
  /** Debited in memory, not yet written. */
  private pending: Pending[] = [];
  /** Written, waiting for the next fdatasync. */
  private unsynced: Pending[] = [];
  private flushScheduled = false;
  private syncing: Promise<void> | null = null;
  private compacting: Promise<void> | null = null;
  private chargesSincePrune = 0;
  private closed = false;

  private constructor(
    private readonly journal: UsageJournal,
    /** Counts including admitted debits whose journal line is still being written. */
    private readonly live: Counters,
    /** Counts exactly as on disk: what compaction writes. */
    private readonly committed: Counters,
    options: JournalCounterStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.compactAfterBytes = options.compactAfterBytes ?? 8 * 1024 * 1024;
    this.log = options.log ?? (() => {});
  }

  /** Loads `<data-dir>/usage/` and compacts it once (folding journals, dropping ended windows). */
  static async open(dataDir: string, options: JournalCounterStoreOptions = {}): Promise<JournalCounterStore> {
    const dir = usageDir(dataDir);
    await UsageJournal.prepare(dir);
    const now = (options.now ?? (() => new Date()))().getTime();
    const loaded = await loadUsage(dir, now);
    if (loaded.skippedLines) options.log?.(`limits: skipped ${loaded.skippedLines} unreadable usage journal line(s) in ${dir} (a torn append from a crash)`);
    const journal = new UsageJournal(dir, loaded.generation);
    await journal.compact(loaded.counters);
    const copy: Counters = new Map([...loaded.counters].map(([k, c]) => [k, { ...c }]));
    return new JournalCounterStore(journal, loaded.counters, copy, options);
  }

  describe(): string {
    return `usage journal in ${this.journal.dir}`;
  }

  chargeAll(windows: readonly CounterWindow[]): Promise<ChargeOutcome> {
    if (this.closed) return Promise.reject(new Error('the limits counter store is closed'));
    this.maybePrune();
    // Check and debit synchronously: nothing else can run between these lines.
    const counts = windows.map((w) => this.live.get(w.key)?.count ?? 0);
    if (!windows.every((w, i) => windowAdmits(counts[i]!, w.amount, w.limit))) {
      return Promise.resolve({ allowed: false, counts });
    }
    const entries: JournalEntry[] = [];
    for (const w of windows) {
      if (w.amount <= 0) continue;
      const counter = this.live.get(w.key);
      if (counter) counter.count += w.amount;
      else this.live.set(w.key, { count: w.amount, expiresAt: w.expiresAt });
      entries.push([w.key, w.amount, w.expiresAt]);
    }
    const after = windows.map((w, i) => counts[i]! + Math.max(0, w.amount));
    if (!entries.length) return Promise.resolve({ allowed: true, counts: after });
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ entries, resolve, reject });
      // The batch forms after this turn of the event loop, so debits admitted in the same turn
      // share one write and one fdatasync instead of the first one syncing alone.
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    }).then(() => ({ allowed: true, counts: after }));
  }

  async peek(keys: readonly string[]): Promise<number[]> {
    return keys.map((k) => this.live.get(k)?.count ?? 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
    try {
      this.prune(this.committed);
      await this.journal.compact(this.committed);
    } catch (error) {
      this.log(`limits: could not compact the usage journal at shutdown: ${(error as Error).message}`);
    }
    this.journal.close();
  }

  /** Waits until every admitted debit is written and synced (or refused). */
  private async drain(): Promise<void> {
    for (;;) {
      if (this.compacting) await this.compacting;
      else if (this.syncing) await this.syncing;
      else if (this.pending.length) this.flush();
      else if (this.flushScheduled) await new Promise<void>((r) => setImmediate(r));
      else return;
    }
  }

  /** Writes the pending debits (one append), then makes sure a sync will cover them. */
  private flush(): void {
    this.flushScheduled = false;
    // During compaction the journal is being replaced: the pending batch waits for the new file.
    if (this.compacting || !this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    try {
      this.journal.write(batch.map((p) => p.entries));
    } catch (error) {
      for (const p of batch) this.takeBack(p.entries);
      for (const p of batch) p.reject(error);
      return;
    }
    for (const p of batch) this.unsynced.push(p);
    if (!this.syncing) this.startSync();
  }

  /** One fdatasync for every line written so far; lines written meanwhile wait for the next. */
  private startSync(): void {
    const covered = this.unsynced;
    this.unsynced = [];
    this.syncing = this.journal.sync().then(
      () => {
        for (const p of covered) for (const [key, amount, expiresAt] of p.entries) bump(this.committed, key, amount, expiresAt);
        for (const p of covered) p.resolve();
      },
      (error: unknown) => {
        // Those requests fail (503) and disclose nothing, so their debits are taken back. The
        // lines may still reach the disk: a restart would then count them (too much, never too little).
        for (const p of covered) this.takeBack(p.entries);
        for (const p of covered) p.reject(error);
      },
    ).then(() => {
      this.syncing = null;
      if (this.unsynced.length) this.startSync();
      else if (this.journal.bytesSinceCompaction >= this.compactAfterBytes) this.startCompaction();
    });
  }

  private startCompaction(): void {
    this.compacting = this.compactQuietly().then(() => {
      this.compacting = null;
      if (this.pending.length && !this.flushScheduled) this.flush();
    });
  }

  private takeBack(entries: readonly JournalEntry[]): void {
    for (const [key, amount] of entries) {
      const counter = this.live.get(key);
      if (!counter) continue;
      counter.count -= amount;
      if (counter.count <= 0) this.live.delete(key);
    }
  }

  private async compactQuietly(): Promise<void> {
    try {
      this.prune(this.committed);
      await this.journal.compact(this.committed);
    } catch (error) {
      // The journal stays valid and keeps growing; the next batch tries again.
      this.log(`limits: usage journal compaction failed: ${(error as Error).message}`);
    }
  }

  /** Drops counters of ended windows now and then, so memory follows the active accounts. */
  private maybePrune(): void {
    if (++this.chargesSincePrune < 10_000) return;
    this.chargesSincePrune = 0;
    this.prune(this.live);
  }

  private prune(counters: Counters): void {
    const now = this.now().getTime();
    for (const [key, c] of counters) if (c.expiresAt <= now) counters.delete(key);
  }
}

function bump(counters: Counters, key: string, amount: number, expiresAt: number): void {
  const counter = counters.get(key);
  if (counter) counter.count += amount;
  else counters.set(key, { count: amount, expiresAt });
}

/**
 * A read-only view of the usage folder for operator commands run beside the server
 * (`rcat-server usage`): what is durable on disk now. It never writes, so it cannot charge.
 */
export async function readOnlyUsageCounters(dataDir: string, now: Date): Promise<LimitCounterStore> {
  const dir = usageDir(dataDir);
  const loaded = await loadUsage(dir, now.getTime());
  return {
    describe: () => `usage journal in ${dir} (read-only)`,
    chargeAll: () => Promise.reject(new Error('read-only usage view')),
    peek: async (keys) => keys.map((k) => loaded.counters.get(k)?.count ?? 0),
    close: async () => {},
  };
}
