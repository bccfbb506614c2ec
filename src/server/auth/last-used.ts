// "Last used" is shown on the agent-connections page but is not worth one state-file write per
// request: uses are collected in memory and written in one batch every few seconds. A crash
// may lose a few seconds of last-used times, never an acknowledged write.
export class LastUsedRecorder {
  private pending = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flushFn: (updates: { id: string; lastUsedAt: string }[]) => Promise<void>,
    private readonly intervalMs = 5000,
  ) {}

  record(id: string, at: Date): void {
    this.pending.set(id, at.toISOString());
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const updates = [...this.pending].map(([id, lastUsedAt]) => ({ id, lastUsedAt }));
    this.pending.clear();
    await this.flushFn(updates).catch(() => {
      // Store unavailable: keep the newest times for the next flush.
      for (const u of updates) if (!this.pending.has(u.id)) this.pending.set(u.id, u.lastUsedAt);
    });
  }
}
