// Whether the usage journal can back a charge right now, for the journal counter store
// (./journal-counter-store.ts), which fails closed (503) while it cannot — never a free pass, and
// never a 429 either: a refusal writes nothing, but a limiter that cannot record is not counting.
//  - After a failed write, every charge fails until the journal takes a line again (each charge
//    probes with a blank line, which readers skip), so service resumes with the first success.
//  - A refusal checks that the journal's file can still be opened (a stat, no write): the
//    journal removed or replaced by something unwritable is noticed without waiting for a write.
//  - After a failed background sync (lines already answered), every charge fails until a retry
//    of the sync succeeds, every `syncRetryMs`.
import type { UsageJournal } from './usage-journal.js';

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export class JournalHealth {
  private writeFailure: Error | null = null;
  private syncFailure: Error | null = null;

  constructor(
    private readonly journal: UsageJournal,
    private readonly log: (line: string) => void,
    private readonly syncRetryMs: number,
    private readonly closed: () => boolean,
  ) {}

  /** Why a charge must fail now (503), or null when the journal can back it. */
  failure(): Error | null {
    if (this.syncFailure) return this.syncFailure;
    if (!this.writeFailure) return null;
    try {
      this.journal.probe();
    } catch {
      return this.writeFailure;
    }
    this.writeSucceeded();
    this.log('limits: the usage journal is writable again; requests are served');
    return null;
  }

  /** Why a refusal must fail now (503) instead of answering 429, or null. */
  refusalFailure(): Error | null {
    try {
      this.journal.checkOpen();
    } catch (error) {
      return this.writeFailed(error);
    }
    return null;
  }

  writeFailed(error: unknown): Error {
    if (!this.writeFailure) this.log(`limits: the usage journal could not be written (${asError(error).message}); refusing requests (503) until it can`);
    return (this.writeFailure = asError(error));
  }

  writeSucceeded(): void {
    this.writeFailure = null;
  }

  /** A background sync failed: fail closed, and retry the sync until it succeeds. */
  syncFailed(error: unknown): void {
    if (this.syncFailure) return;
    this.syncFailure = asError(error);
    this.log(`limits: the usage journal could not be synced (${this.syncFailure.message}); refusing requests (503) until it can`);
    const retry = () => {
      if (this.closed()) return;
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
}
