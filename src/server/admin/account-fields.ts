// The rules for an account's fields, shared by `account add` and `account update` / `account
// set-password` (./accounts.ts, ./account-maintenance.ts), so both refuse exactly the same input
// — with a usage error (exit 2, ./exit-codes.ts) before anything is written.
import { z } from 'zod';
import { tierOf } from '../limits/policy.js';
import { hashPassword } from '../services/passwords.js';
import type { Account } from '../store/ports/index.js';
import { Email } from './domain-admin.js';
import { UsageError } from './exit-codes.js';
import { type AdminIO, readSecret } from './io.js';

/** The fewest characters a web sign-in password may have. */
export const MIN_PASSWORD_LENGTH = 8;

// A real calendar day: Date.parse alone accepts "2030-02-31" (it rolls over to March).
const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  });

/** An e-mail address an account is to have (a new one, not a lookup: see accountByEmail). */
export function emailValue(value: string, option: string): string {
  if (!Email.safeParse(value).success) throw new UsageError(`${option}: "${value}" is not an e-mail address`);
  return value;
}

/** `--paid-until`: a real calendar day YYYY-MM-DD. */
export function paidUntilValue(value: string): string {
  if (!DateOnly.safeParse(value).success) throw new UsageError('--paid-until must be a date YYYY-MM-DD');
  return value;
}

/** `--name`: trimmed, never empty. */
export function nameValue(value: string): string {
  const name = value.trim();
  if (!name) throw new UsageError('--name must not be empty');
  return name;
}

/** `--company`: trimmed; empty means no company (no shared company ceiling). */
export function companyValue(value: string | undefined): string | null {
  return value?.trim() || null;
}

/**
 * A paid plan needs the date its entitlement is verified until (the tier is paid only up to
 * the end of that UTC day: src/server/limits/policy.ts tierOf). `hint` says which options give it.
 */
export function checkPaidPlan(account: Pick<Account, 'plan' | 'paidUntil'>, hint: string): void {
  if (account.plan === 'paid' && !account.paidUntil) throw new UsageError(`--plan paid needs ${hint}: the date the paid entitlement is verified until`);
}

/**
 * Reads a new web sign-in password (first line of stdin, or a hidden prompt on a terminal; never
 * argv), checks it and returns only its scrypt hash. `hint` ends the too-short message.
 */
export async function readNewPasswordHash(io: AdminIO, hint = ''): Promise<string> {
  const password = await readSecret(io, 'Password for the web sign-in: ');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UsageError(`the password (from stdin) must be at least ${MIN_PASSWORD_LENGTH} characters${hint}`);
  }
  return hashPassword(password);
}

/** What the operator commands print of an account: never the password hash. */
export function publicAccount(a: Account) {
  return { id: a.id, email: a.email, name: a.name, company: a.company, plan: a.plan, paidUntil: a.paidUntil, disabled: a.disabled, createdAt: a.createdAt };
}

/**
 * Dates that do not give what they seem to are accepted (the date is a fact the operator records)
 * but said on stderr, so the tier is not a surprise: a paid plan whose paid-until day has passed
 * is on the standard tier; a paid-until day on the standard plan changes nothing until --plan paid.
 * `tierFieldsGiven`: the command set the plan or the date (an unrelated update stays quiet).
 */
export function warnAboutTier(io: AdminIO, account: Account, now: Date, tierFieldsGiven: boolean): void {
  if (!tierFieldsGiven || !account.paidUntil) return;
  if (account.plan === 'paid' && tierOf(account, now) !== 'paid') {
    io.stderr.write(`warning: the paid-until day ${account.paidUntil} has passed: ${account.email} has the standard tier's limits until it is extended\n`);
  } else if (account.plan === 'standard' && tierOf({ ...account, plan: 'paid' }, now) === 'paid') {
    io.stderr.write(`warning: ${account.email} is on the standard plan: its paid-until day ${account.paidUntil} gives the paid tier only with --plan paid\n`);
  }
}
