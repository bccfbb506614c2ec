// The embedded default store: one JSON state file in the data dir, held in lowdb.
//
// Several processes may use the same data dir (a running server and operator commands), so:
//  - every write takes the data dir's write lock, re-reads the file if another process changed
//    it, applies the change to a copy, and replaces the file atomically and durably;
//  - every read first checks (one stat, shared by the reads of one I/O phase of the event loop)
//    whether another process changed the file, so a token created or revoked by
//    `rcat-server token …` is seen by the next request.
// A state file that cannot be parsed is never overwritten: start-up stops, and a running
// server answers 503 (fail closed) until it is readable again.
import { promises as fs, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Adapter, Low } from 'lowdb';
import { StoreUnavailableError } from '../../errors.js';
import { removeStaleTempFiles, writeFileDurably } from '../../util/durable-file.js';
import { acquire, release } from '../../util/file-lock.js';
import { emptyState, isStateLike, type State } from './state.js';

export class CorruptStateError extends Error {
  constructor(file: string, reason: string) {
    super(`The state file ${file} cannot be read (${reason}). It has not been changed; restore it from a backup or move it away to start empty.`);
    this.name = 'CorruptStateError';
  }
}

class DurableJsonAdapter implements Adapter<State> {
  constructor(private readonly file: string) {}

  async read(): Promise<State | null> {
    return this.readSync();
  }

  /**
   * Synchronous on purpose: a reload then happens within one turn of the event loop, so no
   * read can interleave with a write's reload-modify-replace and put an older state back in
   * memory (the parse was synchronous anyway; only the page-cache read is added to the turn).
   */
  readSync(): State | null {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new CorruptStateError(this.file, (error as Error).message);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new CorruptStateError(this.file, `invalid JSON: ${(error as Error).message}`);
    }
    if (!isStateLike(parsed)) throw new CorruptStateError(this.file, 'not an rcat state file');
    return parsed;
  }

  async write(data: State): Promise<void> {
    await writeFileDurably(this.file, JSON.stringify(data));
  }
}

/**
 * What identifies one version of the state file: every write replaces it (new inode), and the
 * times are kept as well in case an inode number is reused. Milliseconds as doubles resolve
 * well under a microsecond, far finer than two durable writes can follow each other.
 * Checked on every read (one `stat`, no allocation of BigInts or strings: it is on the path of
 * every authenticated request).
 */
interface Signature {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

function signatureOf(file: string): Signature | null {
  try {
    const s = statSync(file, { throwIfNoEntry: false });
    return s ? { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs } : null;
  } catch {
    return null;
  }
}

function sameSignature(a: Signature | null, b: Signature | null): boolean {
  if (a === null || b === null) return a === b;
  return a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

export class JsonFileStore {
  readonly file: string;
  private readonly lockFile: string;
  private readonly db: Low<State>;
  private signature: Signature | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private writing = false;
  private readonly adapter: DurableJsonAdapter;

  private constructor(readonly dataDir: string) {
    this.file = path.join(dataDir, 'state.json');
    this.lockFile = path.join(dataDir, 'state.json.lock');
    this.adapter = new DurableJsonAdapter(this.file);
    this.db = new Low<State>(this.adapter, emptyState());
  }

  /** Opens (creating if needed) the store in `dataDir`. Throws CorruptStateError on a bad file. */
  static async open(dataDir: string): Promise<JsonFileStore> {
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    const store = new JsonFileStore(dataDir);
    await removeStaleTempFiles(store.file);
    // The signature before the read, never after: another process may replace the file between
    // the two, and a signature taken after would pass off the older state read as the newer file
    // (the next write would then not reload, and would put the older state back: a lost write).
    // Taken before, such a change only makes the next check reload once more.
    store.signature = signatureOf(store.file);
    await store.db.read();
    if (store.signature === null) {
      // New data dir: create the file under the lock so two first starts agree.
      await store.mutate(() => undefined);
    }
    return store;
  }

  /** Runs `fn` over the current state. `fn` must not modify what it is given. */
  async read<T>(fn: (state: Readonly<State>) => T): Promise<T> {
    this.refreshIfChanged();
    return fn(this.db.data);
  }

  /**
   * Applies `fn` to a copy of the state and commits it durably; all or nothing. If `fn` throws,
   * or the file cannot be written (read-only, disk full), the state is unchanged and the error
   * propagates (write failures as StoreUnavailableError → 503).
   */
  mutate<T>(fn: (state: State) => T): Promise<T> {
    const run = async (): Promise<T> => {
      try {
        await acquire(this.lockFile);
      } catch (error) {
        throw new StoreUnavailableError(`State lock unavailable: ${(error as Error).message}`);
      }
      this.writing = true;
      try {
        this.reloadIfChanged();
        const before = this.db.data;
        const draft = structuredClone(before);
        const result = fn(draft);
        this.db.data = draft;
        try {
          await this.db.write();
        } catch (error) {
          this.db.data = before;
          throw new StoreUnavailableError(`State could not be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
        }
        this.signature = signatureOf(this.file);
        return result;
      } finally {
        this.writing = false;
        await release(this.lockFile).catch(() => {});
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private refreshIfChanged(): void {
    if (this.writing) return; // we hold the write lock: memory is at least as new as the file
    // Reads in one I/O phase of the event loop share one check: the requests it handles were
    // all received by the same poll, so a change acknowledged before any of them was sent
    // happened before that poll returned, hence before this check.
    if (this.checkedThisPhase) return;
    this.reloadIfChanged();
    this.checkedThisPhase = true;
    setImmediate(this.endPhase);
  }

  private checkedThisPhase = false;
  private readonly endPhase = () => {
    this.checkedThisPhase = false;
  };

  /** Synchronous (see DurableJsonAdapter.readSync): stat, and if changed, read and swap in. */
  private reloadIfChanged(): void {
    const current = signatureOf(this.file);
    if (sameSignature(current, this.signature)) return; // unchanged (or still not created)
    try {
      if (current === null) throw new Error('state file is missing');
      const state = this.adapter.readSync();
      if (state === null) throw new Error('state file is missing');
      this.db.data = state;
      this.signature = current;
    } catch (error) {
      throw new StoreUnavailableError(`State could not be read: ${(error as Error).message}`);
    }
  }
}
