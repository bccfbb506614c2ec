// Built indexes kept on disk (`<data-dir>/index-cache/`), so a restart — or a switch back to a
// catalogue served before — reads the finished index (typed arrays, ./index-file.ts) instead of
// validating and indexing every line again: at ten times the shipped catalogue, well under a
// second instead of tens of seconds of CPU.
//
// An entry is named by its key: the SHA-256 of the catalogue file's bytes and a fingerprint of
// the engine that built it (the code of this folder and of src/shared, the Node version, the
// index format), so a changed file, a changed rcat or another Node never reads an old index. Entries are written by the server
// after it built an index (the indexer's own output file, renamed into place), checked by their
// checksum when read (a damaged one is deleted and the catalogue indexed again), and the two
// most recently used are kept. The cache is an optimisation: when the folder cannot be written,
// the server indexes as before and says so once.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Entries kept: the catalogue in use and the one before it. */
const KEEP = 2;
const SUFFIX = '.index';
const TEMP_PREFIX = '.building-';
/** Digests of catalogue files by path, with the signature they were taken at. */
const DIGESTS = 'digests.json';
/** A temp file this old is a build that never finished (a crash): removed when pruning. */
const STALE_TEMP_MS = 6 * 60 * 60 * 1000;

let engine: string | null = null;

/** A hash of the code that reads and indexes a catalogue, so an index from another version is never read. */
export function engineFingerprint(): string {
  if (engine) return engine;
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  // Node's version too: text folding (normalize, toLowerCase) follows its Unicode tables.
  const hash = createHash('sha256').update(`rcat index\0${process.arch}\0${process.version}\0${process.versions.unicode ?? ''}\0`);
  for (const dir of [path.dirname(here), path.resolve(path.dirname(here), '../../shared')]) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(ext)).sort()) {
      hash.update(`${name}\0`).update(readFileSync(path.join(dir, name)));
    }
  }
  engine = hash.digest('hex').slice(0, 24);
  return engine;
}

/** Removes a file if it can: the cache is a shortcut, and a file it cannot remove harms nothing. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // a read-only folder: left as it is
  }
}

/** What changes whenever a file's bytes do (on this host). */
export function fileSignature(file: string): string {
  const s = statSync(file, { bigint: true });
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

/**
 * A catalogue is hashed through one small buffer, reused, rather than in 1 MiB stream chunks:
 * glibc serves a block of 128 KiB or more with its own mapping but, once the module loader has
 * freed its 1.7 MB buffer of the server bundle, serves blocks up to that size from its main heap,
 * where the chunks (garbage until a collection) stayed resident after they were freed: about
 * 7 MB more resident memory after a first start of the shipped catalogue (docs/benchmarks.md).
 */
const HASH_CHUNK_BYTES = 64 * 1024;

/** The SHA-256 of a file's bytes, read a chunk at a time (the event loop keeps turning). */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.allocUnsafeSlow(HASH_CHUNK_BYTES);
    for (let { bytesRead } = await handle.read(chunk); bytesRead > 0; { bytesRead } = await handle.read(chunk)) hash.update(chunk.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

export class IndexCache {
  private writable: boolean | null = null;

  constructor(
    readonly dir: string,
    readonly log: (line: string) => void = () => {},
  ) {}

  /**
   * The key of a catalogue file as it is now. The file's digest is remembered with its
   * signature (inode, size, modification and change times: any write changes the change time),
   * so a restart over the same file does not read it twice; a copy of it elsewhere is hashed.
   */
  async keyOf(file: string): Promise<string> {
    const before = fileSignature(file);
    const memo = this.digests();
    let digest = memo[file]?.signature === before ? memo[file].digest : null;
    if (!digest) {
      digest = await fileDigest(file);
      if (fileSignature(file) === before) this.rememberDigest(file, before, digest);
    }
    return `${digest.slice(0, 40)}-${engineFingerprint()}`;
  }

  private digests(): Record<string, { signature: string; digest: string }> {
    try {
      const memo = JSON.parse(readFileSync(path.join(this.dir, DIGESTS), 'utf8')) as unknown;
      return typeof memo === 'object' && memo !== null && !Array.isArray(memo) ? (memo as Record<string, { signature: string; digest: string }>) : {};
    } catch {
      return {};
    }
  }

  private rememberDigest(file: string, signature: string, digest: string): void {
    const memo = Object.fromEntries(Object.entries(this.digests()).filter(([f]) => f !== file).slice(-(KEEP * 4 - 1)));
    memo[file] = { signature, digest };
    const temp = this.tempFile();
    if (!temp) return;
    try {
      writeFileSync(temp, JSON.stringify(memo));
      renameSync(temp, path.join(this.dir, DIGESTS));
    } catch {
      removeQuietly(temp); // only a shortcut: the file is hashed next time
    }
  }

  /** Where the entry of a key is (whether or not it exists). */
  entry(key: string): string {
    return path.join(this.dir, key + SUFFIX);
  }

  /** The entry of a key if there is one (marked as just used, where the folder can be written). */
  find(key: string): string | null {
    const file = this.entry(key);
    if (!existsSync(file)) return null;
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // a read-only cache is still read; only its pruning order goes by the older time
    }
    return file;
  }

  /** Removes an entry that could not be read. */
  discard(file: string, reason: string): void {
    this.log(`index cache: ${path.basename(file)} not used (${reason}); indexing the catalogue again`);
    removeQuietly(file);
  }

  /**
   * A new empty temp file in the cache folder for a build to write to, or null when the folder
   * cannot be made or written (then the cache is off for this process, said once).
   */
  tempFile(): string | null {
    if (this.writable === false) return null;
    const temp = path.join(this.dir, `${TEMP_PREFIX}${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
    let step = 'created';
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      step = 'written';
      closeSync(openSync(temp, 'wx', 0o600));
      this.writable = true;
      return temp;
    } catch (error) {
      this.writable = false;
      this.log(`index cache off: ${this.dir} cannot be ${step} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      return null;
    }
  }

  /** Makes a finished build's file the entry of a key, then keeps only the most recent entries. */
  adopt(temp: string, key: string): void {
    try {
      renameSync(temp, this.entry(key));
    } catch (error) {
      this.log(`index cache: the index could not be kept (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      return;
    }
    this.prune();
  }

  private prune(): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    const now = Date.now();
    const entries: { file: string; used: number }[] = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      try {
        const used = statSync(file).mtimeMs;
        if (name.endsWith(SUFFIX)) entries.push({ file, used });
        else if (name.startsWith(TEMP_PREFIX) && now - used > STALE_TEMP_MS) removeQuietly(file);
      } catch {
        // gone meanwhile
      }
    }
    entries.sort((a, b) => b.used - a.used);
    for (const old of entries.slice(KEEP)) removeQuietly(old.file);
  }
}
