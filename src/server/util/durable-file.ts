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

export async function writeFileDurably(file: string, contents: string): Promise<void> {
  const dir = path.dirname(file);
  const tmp = tempNameFor(file);
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(tmp, 'wx', 0o600);
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(tmp, file);
  } catch (error) {
    if (handle) await handle.close().catch(() => {});
    await fs.rm(tmp, { force: true }).catch(() => {});
    throw error;
  }
  await syncDirectory(dir);
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
