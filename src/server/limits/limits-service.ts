// The one limits service every interface calls (spec 8.4: "Limits are shared across seats,
// sessions, tokens, the website and the APIs"). One ledger per account and one per company;
// every charge checks the account's and the company's minute, day and month windows together
// and debits all or none, so a request refused by the company ceiling costs the account
// nothing, and the reverse.
import { createHash } from 'node:crypto';
import type { UsagePeriod, UsageReport, UsageWindow, UsageWindows } from '../../shared/usage.js';
import { StoreUnavailableError } from '../errors.js';
import type { Account } from '../store/ports/index.js';
import type { BearerCredential, ChargeOutcome, CounterWindow, CredentialCheck, LimitCounterStore } from '../store/ports/limit-counters.js';
import { windowAdmits } from '../store/ports/limit-counters.js';
import { companyKey, type LimitsPolicy, type TierCeilings, tierOf } from './policy.js';
import type { LimitCost, LimitDecision, Limiter } from './limiter.js';
import { rateLimitHeaders, type WindowState } from './rate-limit-headers.js';
import { secondsUntil, type WindowInstance, windowInstance } from './windows.js';


interface PlannedWindow extends WindowState {
  period: UsagePeriod;
  counter: CounterWindow;
}

/** Seconds a client should wait when the limiter's own state is unreachable (503). */
export const UNAVAILABLE_RETRY_AFTER = 5;

export class LimitsService implements Limiter {
  private readonly templates = new Map<string, PlanTemplate>();

  constructor(
    readonly policy: LimitsPolicy,
    private readonly counters: LimitCounterStore,
    private readonly clock: () => Date = () => new Date(),
  ) {
    // Only a counter store that can re-check a credential while it charges offers the shortcut.
    if (counters.chargeAllChecked) this.chargeChecked = (credential, account, cost, now) => this.chargeIfCredentialHolds(credential, account, cost, now);
  }

  async charge(account: Account, cost: LimitCost, now: Date = this.clock()): Promise<LimitDecision> {
    const planned = this.plan(account, now, normaliseUnits(cost.units));
    let outcome;
    try {
      outcome = await this.counters.chargeAll(planned.map((w) => w.counter));
    } catch (error) {
      throw unavailable(error);
    }
    return decide(planned, outcome, now);
  }

  /**
   * `charge`, made only if the bearer credential still holds (CredentialCheck), in one atomic
   * operation of the counter store — PostgreSQL: one round trip instead of an authentication and
   * a charge. Resolves null, charging nothing, when the credential no longer holds as planned;
   * the caller then authenticates afresh. Undefined when the counter store cannot.
   */
  readonly chargeChecked?: (credential: BearerCredential, account: Account, cost: LimitCost, now?: Date) => Promise<LimitDecision | null>;

  private async chargeIfCredentialHolds(credential: BearerCredential, account: Account, cost: LimitCost, now = this.clock()): Promise<LimitDecision | null> {
    const planned = this.plan(account, now, normaliseUnits(cost.units));
    const check: CredentialCheck = { ...credential, accountId: account.id, plan: account.plan, paidUntil: account.paidUntil, company: account.company };
    let outcome;
    try {
      outcome = await this.counters.chargeAllChecked!(check, planned.map((w) => w.counter));
    } catch (error) {
      throw unavailable(error);
    }
    return outcome ? decide(planned, outcome, now) : null;
  }

  async usage(account: Account, now: Date = this.clock()): Promise<UsageReport> {
    const planned = this.plan(account, now, 0);
    let counts: number[];
    try {
      counts = await this.counters.peek(planned.map((w) => w.counter.key));
    } catch (error) {
      throw unavailable(error);
    }
    planned.forEach((w, i) => (w.used = counts[i] ?? 0));
    const windowsOf = (prefix: string): UsageWindows => {
      const pick = (period: UsagePeriod) => toUsageWindow(planned.find((w) => w.name === `${prefix}-${period}`)!, now);
      return { minute: pick('minute'), day: pick('day'), month: pick('month') };
    };
    const company = companyKey(account.company);
    return {
      at: now.toISOString(),
      policy: this.policy.name,
      account: { id: account.id, email: account.email, tier: tierOf(account, now), paidUntil: account.paidUntil, windows: windowsOf('account') },
      company: company === null ? null : { name: account.company!.trim(), windows: windowsOf('company') },
    };
  }

  /** The windows a request from this account is checked against, in a fixed order. */
  private plan(account: Account, now: Date, units: number): PlannedWindow[] {
    const template = this.templateFor(account, now);
    return template.windows.map((w) => ({
      name: w.name,
      period: w.period,
      measure: w.measure,
      limit: w.limit,
      used: 0,
      startsAt: w.startsAt,
      endsAt: w.endsAt,
      counter: { key: w.key, amount: w.measure === 'requests' ? 1 : units, limit: w.limit, expiresAt: w.endsAt },
    }));
  }

  /**
   * What does not change between an account's requests within one minute (names, counter keys,
   * ceilings of its tier and company ledger), kept per account and rebuilt when the minute, the
   * tier, the company or the account's fields change.
   */
  private templateFor(account: Account, now: Date): PlanTemplate {
    const tier = tierOf(account, now);
    const minute = windowInstance('minute', now);
    const day = windowInstance('day', now);
    const month = windowInstance('month', now);
    const cached = this.templates.get(account.id);
    if (cached && cached.minute === minute && cached.day === day && cached.month === month && cached.tier === tier && cached.company === account.company) {
      return cached;
    }
    const windows: WindowTemplate[] = [];
    const add = (name: 'account' | 'company', id: string, ceilings: TierCeilings) => {
      for (const instance of [minute, day, month]) {
        const period = instance.period;
        const limit = period === 'minute' ? ceilings.perMinute : period === 'day' ? ceilings.perDay : ceilings.perMonth;
        windows.push({
          name: `${name}-${period}`,
          period,
          measure: period === 'minute' ? 'requests' : 'units',
          limit,
          startsAt: instance.startsAt,
          endsAt: instance.endsAt,
          key: counterKey(name, id, instance),
        });
      }
    };
    add('account', account.id, this.policy[tier]);
    const company = companyKey(account.company);
    if (company !== null) add('company', ledgerId(company), this.policy.company);
    const template: PlanTemplate = { minute, day, month, tier, company: account.company, windows };
    // Bounded: the active accounts of one minute; a new minute rebuilds every template anyway.
    if (this.templates.size >= MAX_TEMPLATES) this.templates.clear();
    this.templates.set(account.id, template);
    return template;
  }
}

interface WindowTemplate {
  name: string;
  period: UsagePeriod;
  measure: 'requests' | 'units';
  limit: number | null;
  startsAt: number;
  endsAt: number;
  key: string;
}

interface PlanTemplate {
  minute: WindowInstance;
  day: WindowInstance;
  month: WindowInstance;
  tier: ReturnType<typeof tierOf>;
  company: string | null;
  windows: WindowTemplate[];
}

const MAX_TEMPLATES = 10_000;

/** e.g. `account:<uuid>:day:2026-11-22`, `company:acme gmbh:minute:2026-11-22T10:15`. */
export function counterKey(ledger: 'account' | 'company', id: string, instance: WindowInstance): string {
  return `${ledger}:${id}:${instance.period}:${instance.label}`;
}

/** Long company names are hashed so a counter key (and a journal line) stays small. */
function ledgerId(companyKey: string): string {
  return companyKey.length <= 100 ? companyKey : `sha256-${createHash('sha256').update(companyKey).digest('hex')}`;
}

/** The decision and headers for a charge's outcome. */
function decide(planned: PlannedWindow[], outcome: ChargeOutcome, now: Date): LimitDecision {
  planned.forEach((w, i) => (w.used = outcome.counts[i] ?? 0));
  const headers = rateLimitHeaders(planned, now);
  if (outcome.allowed) return { allowed: true, headers };
  // Every window that refused; the client must wait for the last of them to reset.
  const blocking = planned.filter((w) => !windowAdmits(w.used, w.counter.amount, w.limit));
  const worst = blocking.reduce((a, b) => (b.endsAt > a.endsAt ? b : a), blocking[0] ?? planned[0]!);
  return { allowed: false, retryAfter: secondsUntil(worst.endsAt, now), blockedBy: worst.name, headers };
}

function normaliseUnits(units: number): number {
  // A cost is computed by our own code; anything but a finite non-negative number is a bug,
  // and the safe reading of a bug is "expensive", never "free".
  if (!Number.isFinite(units) || units < 0) throw new Error(`invalid limit cost: ${units}`);
  return Math.ceil(units);
}

function unavailable(error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const reason = (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);
  return new StoreUnavailableError(`Limits state unavailable: ${reason}`, UNAVAILABLE_RETRY_AFTER);
}

function toUsageWindow(w: PlannedWindow, now: Date): UsageWindow {
  return {
    measure: w.measure,
    used: w.used,
    limit: w.limit,
    remaining: w.limit === null ? null : Math.max(0, w.limit - w.used),
    resetsAt: new Date(w.endsAt).toISOString(),
    resetsInSeconds: secondsUntil(w.endsAt, now),
  };
}
