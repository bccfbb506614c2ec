// The default LimitCounterStore for one server process. Exactness comes from doing the check
// and the debit of every window synchronously, with no await in between: Node runs one
// callback at a time, so 100 simultaneous requests against a budget of 30 admit exactly 30.
// Durability comes from the usage journal (./usage-journal.ts). Group commit: the debits
// admitted in one event-loop turn are written together (one small write into the page cache)
// before any of them is answered, so an answered debit survives the process being killed
// (kill -9, a crash). One fdatasync then covers every line written before it started; lines
// written while a sync runs wait for the next. Never a file rewrite per request.
// When the fdatasync happens relative to the answer is the operator's choice (`--usage-sync`):
//   background (default)  answer after the write; the sync follows in the thread pool, at most
//                         one starting every BACKGROUND_SYNC_INTERVAL_MS (under load one sync
//                         covers many batches, so syncing costs the event loop little). A power
//                         loss or kernel crash can forget the debits of that interval plus one
//                         sync: a client could then exceed a ceiling by that much once. The same
//                         trade as Redis's appendfsync everysec, with milliseconds for a second.
//   answer                answer only after the sync (power-loss proof), at the cost of one
//                         fsync latency per request: throughput then follows the disk.
// If a write fails, the debits it carried are taken back and their requests fail (503): nothing
// was disclosed, and memory never counts more than the file. If a sync fails: in `answer` mode
// its requests fail the same way; in `background` mode they were answered already, so the
// failure is logged and every request fails closed (503) until a sync succeeds again.
import { type ChargeOutcome, type CounterWindow, type LimitCounterStore, windowAdmits } from '../store/ports/limit-counters.js';
import { usageDir } from './usage-folder.js';
import { type Counters, type JournalEntry, loadUsage, UsageJournal } from './usage-journal.js';

/** When an admitted debit's journal line is fsynced relative to the answer (see above). */
export type UsageSyncMode = 'background' | 'answer';
export const USAGE_SYNC_MODES: readonly UsageSyncMode[] = ['background', 'answer'];

/** In background mode, the least time between the starts of two syncs. */
export const BACKGROUND_SYNC_INTERVAL_MS = 10;

export interface JournalCounterStoreOptions {
  now?: () => Date;
  /** Default 'background'. */
  sync?: UsageSyncMode;
  /** After a failed background sync, how long before trying again (ms). */
  syncRetryMs?: number;
  /** Compact the journal into the snapshot after this many appended bytes. */
  compactAfterBytes?: number;
  log?: (line: string) => void;
}

interface Pending {
  entries: JournalEntry[];
  resolve: () => void;
  reject: (error: unknown) => void;
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
  private lastSyncStart = -Infinity;
  /** The journal is big enough to fold into a snapshot: writes wait, unsynced lines are synced, then it is. */
  private compactionWanted = false;
  private syncTimer: NodeJS.Timeout | null = null;
  private compacting: Promise<void> | null = null;
  private chargesSincePrune = 0;
  private closed = false;
  private readonly syncBeforeAnswer: boolean;
  private readonly syncRetryMs: number;
  /** Set after a failed background sync until one succeeds: every charge fails closed meanwhile. */
  private syncFailure: Error | null = null;

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
    this.syncBeforeAnswer = options.sync === 'answer';
    this.syncRetryMs = options.syncRetryMs ?? 1000;
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
    return `usage journal in ${this.journal.dir} (fdatasync ${this.syncBeforeAnswer ? 'before each answer' : 'in the background'})`;
  }

  chargeAll(windows: readonly CounterWindow[]): Promise<ChargeOutcome> {
    if (this.closed) return Promise.reject(new Error('the limits counter store is closed'));
    if (this.syncFailure) return Promise.reject(this.syncFailure);
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
      else if (this.unsynced.length) this.startSync();
      else if (this.pending.length && !this.compactionWanted) this.flush();
      else if (this.pending.length) this.startCompaction();
      else if (this.flushScheduled) await new Promise<void>((r) => setImmediate(r));
      else return;
    }
  }

  /** Writes the pending debits (one append), then makes sure a sync will cover them. */
  private flush(): void {
    this.flushScheduled = false;
    // While a compaction is due or running the journal is being replaced: the pending batch
    // waits for the new file.
    if (this.compacting || this.compactionWanted || !this.pending.length) return;
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
    // Written: the debits survive a crash of this process from now on.
    if (!this.syncBeforeAnswer) for (const p of batch) p.resolve();
    this.scheduleSync();
  }

  /** Starts a sync now, or (background mode) once the interval since the last start has passed. */
  private scheduleSync(): void {
    if (this.syncing || this.syncTimer || !this.unsynced.length) return;
    const wait = this.syncBeforeAnswer ? 0 : this.lastSyncStart + BACKGROUND_SYNC_INTERVAL_MS - performance.now();
    if (wait <= 0 || this.closed || this.compactionWanted) {
      this.startSync();
      return;
    }
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.scheduleSync();
    }, Math.ceil(wait));
  }

  /** One fdatasync for every line written so far; lines written meanwhile wait for the next. */
  private startSync(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    const covered = this.unsynced;
    this.unsynced = [];
    this.lastSyncStart = performance.now();
    const commit = () => {
      for (const p of covered) for (const [key, amount, expiresAt] of p.entries) bump(this.committed, key, amount, expiresAt);
    };
    this.syncing = this.journal.sync().then(
      () => {
        commit();
        if (this.syncBeforeAnswer) for (const p of covered) p.resolve();
      },
      (error: unknown) => {
        if (this.syncBeforeAnswer) {
          // Those requests fail (503) and disclose nothing, so their debits are taken back. The
          // lines may still reach the disk: a restart would then count them (too much, never too little).
          for (const p of covered) this.takeBack(p.entries);
          for (const p of covered) p.reject(error);
          return;
        }
        // Already answered: they stay counted (the lines are in the file), and the limiter
        // fails closed until the journal can be synced again.
        commit();
        this.failClosedUntilSynced(error);
      },
    ).then(() => {
      this.syncing = null;
      // Compaction folds what is synced into a new snapshot: new writes wait until it is done,
      // and what was written meanwhile is synced first.
      if (this.journal.bytesSinceCompaction >= this.compactAfterBytes) this.compactionWanted = true;
      if (this.unsynced.length) this.scheduleSync();
      else if (this.compactionWanted) this.startCompaction();
    });
  }

  private failClosedUntilSynced(error: unknown): void {
    if (this.syncFailure) return;
    this.syncFailure = error instanceof Error ? error : new Error(String(error));
    this.log(`limits: the usage journal could not be synced (${this.syncFailure.message}); refusing requests (503) until it can`);
    const retry = () => {
      if (this.closed) return;
      Promise.resolve().then(() => this.journal.resync()).then(
        () => {
          this.syncFailure = null;
          this.log('limits: the usage journal is synced again; requests are served');
        },
        () => setTimeout(retry, this.syncRetryMs).unref(),
      );
    };
    setTimeout(retry, this.syncRetryMs).unref();
  }

  private startCompaction(): void {
    this.compacting = this.compactQuietly().then(() => {
      this.compacting = null;
      this.compactionWanted = false;
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
