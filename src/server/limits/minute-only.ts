// TEMPORARY: a per-minute request counter only, used until the limits service (issue 3) lands.
import type { Account } from '../store/ports.js';
import type { LimitCost, LimitDecision, Limiter } from './ports.js';

export class MinuteOnlyLimiter implements Limiter {
  private windows = new Map<string, { start: number; count: number }>();

  async charge(account: Account, _cost: LimitCost, now = new Date()): Promise<LimitDecision> {
    const limit = 30;
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    const w = this.windows.get(account.id);
    const current = w && w.start === minute ? w : { start: minute, count: 0 };
    if (current.count >= limit) {
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((minute + 60_000 - now.getTime()) / 1000)), blockedBy: 'account-minute', headers: {} };
    }
    current.count++;
    this.windows.set(account.id, current);
    return { allowed: true, headers: {} };
  }
}
