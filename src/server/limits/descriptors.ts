// File descriptors of the usage journal (./usage-journal.ts) that may have an fdatasync running
// in the thread pool when the journal wants them closed (reopened after the file was replaced,
// or after a failed append). Closing such a descriptor at once would fail that sync (EBADF, a
// false alarm that fails the limiter closed) or, worse, let it sync whatever file reuses the
// number; so it is closed when its last sync finishes.
import { closeSync, fdatasync } from 'node:fs';

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already unusable: nothing to keep
  }
}

export class SyncedDescriptors {
  private readonly syncing = new Map<number, number>();
  private readonly closeAfterSync = new Set<number>();

  /** fdatasync(fd), keeping fd open until it is done. */
  sync(fd: number): Promise<void> {
    this.syncing.set(fd, (this.syncing.get(fd) ?? 0) + 1);
    return new Promise((resolve, reject) =>
      fdatasync(fd, (error) => {
        const left = this.syncing.get(fd)! - 1;
        if (left > 0) this.syncing.set(fd, left);
        else if (this.syncing.delete(fd) && this.closeAfterSync.delete(fd)) closeQuietly(fd);
        if (error) reject(error);
        else resolve();
      }),
    );
  }

  /** Closes fd now, or when the syncs running on it finish. */
  close(fd: number): void {
    if (this.syncing.has(fd)) this.closeAfterSync.add(fd);
    else closeQuietly(fd);
  }
}
