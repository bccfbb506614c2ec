// Atomic, durable file replacement: write a temporary file in the same folder, fsync it,
// rename it over the target, fsync the folder. A write that returned survives kill -9 and
// power loss; a failed write leaves the old file and no temporary file behind.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { processAlive } from './file-lock.js';

function tempNameFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Removes temporary files that a process killed mid-write (kill -9, power loss) left next to
 * `file`. Only files of processes that are no longer running are touched; the target file itself
 * was never affected (the rename had not happened).
 */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number.parseInt(name.slice(prefix.length).split('.')[0] ?? '', 10);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) await fs.rm(path.join(dir, name), { force: true }).catch(() => {});
  }
}

/**
 * A file written a piece at a time into a temporary file next to its target, then either
 * committed (fsync, rename over the target, fsync the folder) or discarded (nothing changes).
 */
export class DurableFileWriter {
  private constructor(
    private readonly file: string,
    private readonly tmp: string,
    private handle: fs.FileHandle | undefined,
  ) {}

  static async open(file: string): Promise<DurableFileWriter> {
    const tmp = tempNameFor(file);
    return new DurableFileWriter(file, tmp, await fs.open(tmp, 'wx', 0o600));
  }

  /** The temporary file being written (it becomes the target at commit). */
  get tempPath(): string {
    return this.tmp;
  }

  async write(contents: string): Promise<void> {
    if (!this.handle) throw new Error('the file is already committed or discarded');
    await this.handle.writeFile(contents, 'utf8');
  }

  async commit(): Promise<void> {
    const handle = this.handle;
    if (!handle) throw new Error('the file is already committed or discarded');
    try {
      await handle.sync();
      await handle.close();
      this.handle = undefined;
      await fs.rename(this.tmp, this.file);
    } catch (error) {
      await this.discard();
      throw error;
    }
    await syncDirectory(path.dirname(this.file));
  }

  /** Removes the temporary file; the target is untouched. */
  async discard(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await handle.close().catch(() => {});
    await fs.rm(this.tmp, { force: true }).catch(() => {});
  }
}

export async function writeFileDurably(file: string, contents: string): Promise<void> {
  const writer = await DurableFileWriter.open(file);
  try {
    await writer.write(contents);
  } catch (error) {
    await writer.discard();
    throw error;
  }
  await writer.commit();
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename itself is still atomic.
  } finally {
    await handle?.close().catch(() => {});
  }
}
