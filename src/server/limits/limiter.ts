// The one limits service every interface calls (REST, MCP tools, record pages): spec section 8.
// Implemented in this folder; the interfaces only call `charge`.
import type { UsageReport } from '../../shared/usage.js';
import type { Account } from '../store/ports/index.js';
import type { BearerCredential } from '../store/ports/limit-counters.js';

export interface LimitCost {
  /** Units to debit (see docs/limits.md for the cost model). */
  units: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds before retrying, integer ≥ 1, when not allowed. */
  retryAfter?: number;
  /** Which window blocked: e.g. "account-minute", "company-day". */
  blockedBy?: string;
  /** Rate-limit headers to send on the response (allowed or not). */
  headers: Record<string, string>;
}

export interface Limiter {
  /**
   * Atomically checks every window of the account and its company and, only if all allow,
   * debits one request and `cost.units`. Throws StoreUnavailableError when state is unreachable.
   */
  charge(account: Account, cost: LimitCost, now?: Date): Promise<LimitDecision>;
  /**
   * Optional: `charge`, made only if the bearer credential still holds, in one atomic operation
   * (see LimitsService.chargeChecked); null when it does not hold (nothing charged).
   */
  chargeChecked?(credential: BearerCredential, account: Account, cost: LimitCost, now?: Date): Promise<LimitDecision | null>;
  /**
   * Current usage and ceilings per window for the account and its company; costs nothing.
   * Throws StoreUnavailableError when state is unreachable.
   */
  usage?(account: Account, now?: Date): Promise<UsageReport>;
}
