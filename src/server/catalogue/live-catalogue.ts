// The catalogue a running server answers from, replaced without a restart when the operator
// imports a new one (`rcat-server catalogue import` writes `<data-dir>/catalogue.jsonl`).
//
// Once a second (an unref'd timer), and on every use, the catalogue file is looked up again and
// `stat`ed; when its path or signature (inode, size, modification time) changed, the new file is
// parsed and indexed — a small file at once, a large one in the background while requests keep
// using the current index — then swapped in with a single assignment, so a request sees either
// the old catalogue or the new one, never a mix. A file that
// fails validation never replaces a good catalogue: it is logged once and retried only after it
// changes again.
import { promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import { Catalogue, InvalidCatalogueError } from './catalogue.js';
import { resolveCataloguePath } from './catalogue-location.js';
import { IndexCache } from './index-cache.js';

/** Anything that hands out the catalogue to use for one request. */
export interface CatalogueProvider {
  readonly current: Catalogue;
}

export interface LiveCatalogueOptions {
  /** An explicit catalogue file (`--catalogue`); otherwise the data dir's import, else the shipped one. */
  cataloguePath?: string;
  dataDir: string;
  baseUrl: string;
  log: (line: string) => void;
  /** How often the file is checked; 0 turns the timer off (then call `checkNow`). */
  checkIntervalMs?: number;
  /** Where built indexes are kept (./index-cache.ts); default `<dataDir>/index-cache`, null for none. */
  indexCacheDir?: string | null;
}

export type ReloadOutcome = 'unchanged' | 'reloaded' | 'rejected';

/** Up to this size a changed catalogue is loaded at once, on the request that notices it (a few ms). */
const SYNC_RELOAD_MAX_BYTES = 256 * 1024;
const LOOK_INTERVAL_MS = 20;

async function signatureOf(file: string): Promise<string | null> {
  try {
    const s = await fs.stat(file, { bigint: true });
    return `${file}\n${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return null;
  }
}

function signatureNow(file: string): string | null {
  try {
    const s = statSync(file, { bigint: true });
    return `${file}\n${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return null;
  }
}

function indexCacheOf(options: LiveCatalogueOptions): IndexCache | undefined {
  const dir = options.indexCacheDir === undefined ? path.join(options.dataDir, 'index-cache') : options.indexCacheDir;
  return dir === null ? undefined : new IndexCache(dir, options.log);
}

export class LiveCatalogue implements CatalogueProvider {
  private catalogue: Catalogue;
  /** Signature of the file now in use, or of the last file that was rejected. */
  private seen: string | null;
  private checking: Promise<ReloadOutcome> | null = null;
  private lastLook = -Infinity;
  private readonly timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly options: LiveCatalogueOptions,
    initial: Catalogue,
    signature: string | null,
    private readonly cache: IndexCache | undefined,
  ) {
    this.catalogue = initial;
    this.seen = signature;
    const interval = options.checkIntervalMs ?? 1000;
    if (interval > 0) {
      this.timer = setInterval(() => void this.checkNow(), interval);
      this.timer.unref();
    }
  }

  /** Loads the catalogue (start-up); rejects with InvalidCatalogueError if it is unusable. */
  static async open(options: LiveCatalogueOptions): Promise<LiveCatalogue> {
    const file = resolveCataloguePath(options);
    const signature = signatureNow(file);
    const cache = indexCacheOf(options);
    return new LiveCatalogue(options, await Catalogue.load(file, options.baseUrl, cache), signature, cache);
  }

  /**
   * The catalogue to answer from. Each call also `stat`s the file (microseconds): a small changed
   * file (an operator's few hundred records) is loaded right here, so the very next request after
   * `rcat-server catalogue import` already sees it; a large one is loaded in the background.
   */
  get current(): Catalogue {
    const now = performance.now();
    // At most one look per few milliseconds: under heavy traffic the syscalls add up. A timer
    // check in progress does not stop this look: it may still be reading the old signature.
    if (now - this.lastLook >= LOOK_INTERVAL_MS) {
      this.lastLook = now;
      this.reloadSmallFileNow();
    }
    return this.catalogue;
  }

  /** Checks the file once; concurrent calls share one check. */
  checkNow(): Promise<ReloadOutcome> {
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private reloadSmallFileNow(): void {
    const file = resolveCataloguePath(this.options);
    const signature = signatureNow(file);
    if (signature === null || signature === this.seen) return;
    let size = Infinity;
    try {
      size = statSync(file).size;
    } catch {
      return;
    }
    if (size > SYNC_RELOAD_MAX_BYTES) {
      void this.checkNow();
      return;
    }
    let next: Catalogue;
    try {
      next = Catalogue.loadFile(file, this.options.baseUrl);
    } catch (error) {
      this.reject(file, signature, error);
      return;
    }
    if (signatureNow(file) !== signature) return; // changed while read: the timer tries again
    this.swap(file, signature, next);
  }

  private reject(file: string, signature: string, error: unknown): void {
    this.seen = signature;
    const reason = error instanceof InvalidCatalogueError ? error.message : `${file} cannot be read (${(error as Error).message})`;
    this.options.log(`catalogue not reloaded, still serving ${this.catalogue.sourcePath}: ${reason}`);
  }

  private swap(file: string, signature: string, next: Catalogue): void {
    this.catalogue = next;
    this.seen = signature;
    this.options.log(`catalogue reloaded from ${file} (${next.size} records)`);
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async check(): Promise<ReloadOutcome> {
    const file = resolveCataloguePath(this.options);
    const before = await signatureOf(file);
    if (before === null || before === this.seen) return 'unchanged';
    let next: Catalogue;
    try {
      next = await Catalogue.load(file, this.options.baseUrl, this.cache);
    } catch (error) {
      this.reject(file, before, error);
      return 'rejected';
    }
    // Changed again while it was being read (e.g. written in place): try again on the next tick.
    if ((await signatureOf(file)) !== before) return 'unchanged';
    this.swap(file, before, next);
    return 'reloaded';
  }
}
