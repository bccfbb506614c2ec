// The limits a server runs with, recorded in `<data-dir>/usage/policy.json` at start-up, so
// `rcat-server usage` (another process) shows the same ceilings without being told `--limits`
// again. Informational only: the server itself always uses what it was started with.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileDurably } from '../util/durable-file.js';
import type { LimitsPolicy } from './policy.js';

const Ceiling = z.number().int().nonnegative();
const Tier = z.strictObject({ perMinute: Ceiling, perDay: Ceiling.nullable(), perMonth: Ceiling.nullable() });
const PolicyRecord = z.strictObject({
  format: z.literal('rcat-limits-policy'),
  policy: z.strictObject({
    name: z.string(),
    standard: Tier,
    paid: Tier,
    company: Tier,
    units: z.strictObject({ perSearchResult: Ceiling, perRecord: Ceiling, bytesPerVolumeUnit: z.number().int().positive() }),
  }),
});

const FILE = 'policy.json';

export async function recordPolicy(usageDir: string, policy: LimitsPolicy): Promise<void> {
  await fs.mkdir(usageDir, { recursive: true, mode: 0o700 });
  await writeFileDurably(path.join(usageDir, FILE), JSON.stringify({ format: 'rcat-limits-policy', policy }, null, 2));
}

/** The policy last recorded by a server on this data dir, or null if none (or unreadable). */
export async function recordedPolicy(usageDir: string): Promise<LimitsPolicy | null> {
  try {
    const parsed = PolicyRecord.safeParse(JSON.parse(await fs.readFile(path.join(usageDir, FILE), 'utf8')));
    return parsed.success ? parsed.data.policy : null;
  } catch {
    return null;
  }
}
