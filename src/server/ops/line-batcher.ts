// Batches access-log lines before they are written: one synchronous write per ~4 KiB (about a
// dozen lines), or a quarter second after the first line waiting, whichever comes first.
//   - Synchronous: an asynchronous write per line cost more server CPU than the request it
//     describes (a thread-pool round trip each, on a 2-core machine).
//   - Batched here rather than by sonic-boom's minLength, which appends every line to one growing
//     string and measures its byte length again, copying the batch once per line (garbage the
//     collector then pays for under load). Here a batch is joined once.
// The destination (sonic-boom) still does the writing: retries on a full pipe, reopen, end.

/** Characters per batch (lines are ASCII JSON, so about bytes). */
export const BATCH_CHARS = 4096;
/** The longest a line waits to be written when traffic is light (ms). */
export const BATCH_WAIT_MS = 250;

export class LineBatcher {
  private lines: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly destination: { write(text: string): unknown }) {}

  write(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= BATCH_CHARS) this.flush();
    else if (this.timer === null) {
      this.timer = setTimeout(() => this.flush(), BATCH_WAIT_MS);
      this.timer.unref();
    }
  }

  /** Writes whatever is waiting, now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.size = 0;
    this.destination.write(text);
  }
}
