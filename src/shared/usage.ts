// The usage report: `GET /api/agent/usage` and `rcat-server usage --json` (docs/limits.md).
// Shared so the CLI parses exactly what the server sends.
import { z } from 'zod';

export const USAGE_PERIODS = ['minute', 'day', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export const UsageWindow = z.strictObject({
  /** What is counted: requests (per-minute pacing) or units (daily/monthly ceilings). */
  measure: z.enum(['requests', 'units']),
  used: z.number().int().nonnegative(),
  /** null = no numeric cap (preset variant-a). */
  limit: z.number().int().nonnegative().nullable(),
  /** null when there is no cap; 0 when the ceiling is reached (or lowered below usage). */
  remaining: z.number().int().nonnegative().nullable(),
  /** When this window resets (UTC boundary), ISO 8601. */
  resetsAt: z.iso.datetime(),
  /** Whole seconds until the reset, at least 1. */
  resetsInSeconds: z.number().int().positive(),
});
export type UsageWindow = z.infer<typeof UsageWindow>;

export const UsageWindows = z.strictObject({
  minute: UsageWindow,
  day: UsageWindow,
  month: UsageWindow,
});
export type UsageWindows = z.infer<typeof UsageWindows>;

export const UsageReport = z.strictObject({
  /** Time of the report, ISO 8601. */
  at: z.iso.datetime(),
  /** The limits configuration in force: a preset name or "file". */
  policy: z.string(),
  account: z.strictObject({
    id: z.string(),
    email: z.string(),
    /** "paid" only while a paid plan is verified (paidUntil not passed); else "standard". */
    tier: z.enum(['standard', 'paid']),
    paidUntil: z.string().nullable(),
    windows: UsageWindows,
  }),
  /** The shared company ledger; null when the account has no company. */
  company: z
    .strictObject({
      name: z.string(),
      windows: UsageWindows,
    })
    .nullable(),
});
export type UsageReport = z.infer<typeof UsageReport>;
