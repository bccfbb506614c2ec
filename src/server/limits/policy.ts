// The limits policy: ceilings per tier and window (spec 8.6, 8.7) and the unit weights (8.5).
// Chosen with `--limits <preset|file>` / RCAT_LIMITS; docs/limits.md describes the file format.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULTS } from '../config.js';
import type { Account } from '../store/ports/index.js';
import { type CostWeights, DEFAULT_COST_WEIGHTS } from './cost-model.js';

export type Tier = 'standard' | 'paid';
export type LedgerKind = Tier | 'company';

export interface TierCeilings {
  /** Requests per UTC minute. */
  perMinute: number;
  /** Units per UTC day; null = no numeric cap. */
  perDay: number | null;
  /** Units per UTC calendar month; null = no numeric cap. */
  perMonth: number | null;
}

export interface LimitsPolicy {
  /** Preset name, or "file" when read from a config file. */
  name: string;
  standard: TierCeilings;
  paid: TierCeilings;
  company: TierCeilings;
  units: CostWeights;
}

// Spec 8.6: per-minute pacing is the same in both published variants.
const PER_MINUTE = { standard: 30, paid: 60, company: 120 } as const;

export const PRESETS: Record<'variant-b' | 'variant-a', Omit<LimitsPolicy, 'name' | 'units'>> = {
  // Spec 8.7 variant B: finite daily and monthly ceilings. The default: limits are the
  // service's defence against bulk export, so the finite variant is the safe choice.
  'variant-b': {
    standard: { perMinute: PER_MINUTE.standard, perDay: 300, perMonth: 1500 },
    paid: { perMinute: PER_MINUTE.paid, perDay: 1500, perMonth: 10000 },
    company: { perMinute: PER_MINUTE.company, perDay: 3000, perMonth: 20000 },
  },
  // Spec 8.7 variant A: per-minute pacing only, no numeric daily or monthly cap.
  'variant-a': {
    standard: { perMinute: PER_MINUTE.standard, perDay: null, perMonth: null },
    paid: { perMinute: PER_MINUTE.paid, perDay: null, perMonth: null },
    company: { perMinute: PER_MINUTE.company, perDay: null, perMonth: null },
  },
};
/** The preset used when no --limits is given (src/server/config.ts holds every default). */
export const DEFAULT_PRESET: PresetName = DEFAULTS.limits;
type PresetName = keyof typeof PRESETS;
const isPreset = (name: string): name is PresetName => Object.hasOwn(PRESETS, name);

const Count = z.number().int().nonnegative().max(1e12);
const TierOverride = z.strictObject({
  perMinute: Count.optional(),
  perDay: Count.nullable().optional(),
  perMonth: Count.nullable().optional(),
});
const UnitsOverride = z.strictObject({
  perSearchResult: Count.optional(),
  perRecord: Count.optional(),
  bytesPerVolumeUnit: z.number().int().positive().max(1e12).optional(),
});
/** The JSON config file: a preset to start from, then explicit numbers per tier. */
export const LimitsFile = z.strictObject({
  $comment: z.string().optional(),
  preset: z.enum(['variant-b', 'variant-a']).optional(),
  standard: TierOverride.optional(),
  paid: TierOverride.optional(),
  company: TierOverride.optional(),
  units: UnitsOverride.optional(),
});
export type LimitsFile = z.infer<typeof LimitsFile>;

export class LimitsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitsConfigError';
  }
}

function merge(base: TierCeilings, override: z.infer<typeof TierOverride> | undefined): TierCeilings {
  return {
    perMinute: override?.perMinute ?? base.perMinute,
    perDay: override?.perDay === undefined ? base.perDay : override.perDay,
    perMonth: override?.perMonth === undefined ? base.perMonth : override.perMonth,
  };
}

export function policyFromFile(file: LimitsFile, name = 'file'): LimitsPolicy {
  const base = PRESETS[file.preset ?? DEFAULT_PRESET];
  return {
    name,
    standard: merge(base.standard, file.standard),
    paid: merge(base.paid, file.paid),
    company: merge(base.company, file.company),
    units: { ...DEFAULT_COST_WEIGHTS, ...file.units },
  };
}

/** Resolves `--limits`: a preset name, or the path of a JSON config file. */
export function loadLimitsPolicy(spec: string): LimitsPolicy {
  const trimmed = spec.trim();
  if (isPreset(trimmed)) return { name: trimmed, ...structuredClone(PRESETS[trimmed]), units: { ...DEFAULT_COST_WEIGHTS } };
  let text: string;
  try {
    text = readFileSync(trimmed, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LimitsConfigError(
      code === 'ENOENT'
        ? `--limits "${spec}" is neither a preset (${Object.keys(PRESETS).join(', ')}) nor an existing file.`
        : `The limits file ${trimmed} cannot be read (${code ?? (error as Error).message}).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LimitsConfigError(`The limits file ${trimmed} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = LimitsFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(top level)';
    throw new LimitsConfigError(`The limits file ${trimmed} is invalid at ${where}: ${issue?.message ?? 'invalid'}. See docs/limits.md.`);
  }
  return policyFromFile(parsed.data);
}

const DAY_MS = 86_400_000;

/**
 * Paid only for a paid plan whose verified-until date has not passed: `paidUntil` is the last
 * day of the entitlement, inclusive, to the end of that UTC day. Anything else (no date, a
 * malformed date, an expired one) is standard — the safe side.
 */
export function tierOf(account: Pick<Account, 'plan' | 'paidUntil'>, now: Date): Tier {
  if (account.plan !== 'paid' || !account.paidUntil || !/^\d{4}-\d{2}-\d{2}$/.test(account.paidUntil)) return 'standard';
  const start = Date.parse(`${account.paidUntil}T00:00:00Z`);
  if (Number.isNaN(start)) return 'standard';
  return now.getTime() < start + DAY_MS ? 'paid' : 'standard';
}

/**
 * The company ledger key: accounts whose company names match case-insensitively after trimming
 * (and Unicode NFKC normalisation, and collapsing inner whitespace) share one ceiling.
 * No company, or only whitespace → no company ledger.
 */
export function companyKey(company: string | null | undefined): string | null {
  if (typeof company !== 'string') return null;
  const key = company.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase().toLowerCase();
  return key.length ? key : null;
}
