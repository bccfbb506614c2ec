// One zod schema over flags and environment. Limit presets live in src/server/limits/.
import path from 'node:path';
import { z } from 'zod';

export const ServerConfig = z.object({
  host: z.string().default('127.0.0.1'),
  // Digits only: coercion alone would take "" as 0 (a random port) and "1e1" or "0x50" as numbers.
  port: z
    .union([z.number(), z.string().regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')])
    .transform(Number)
    .pipe(z.number().int().min(0).max(65535))
    .default(8787),
  /** Public base URL, used for canonical record URLs, OAuth issuer and resource metadata. */
  baseUrl: z.url().optional(),
  dataDir: z.string().default('./.rcat-data'),
  /** Catalogue file (JSON Lines, see docs/catalogue-format.md); defaults to the data dir's import or the shipped one. */
  cataloguePath: z.string().optional(),
  /** Extra origins allowed to call /mcp from a browser (besides the base URL's own origin). */
  allowedOrigins: z.array(z.string()).default([]),
  /** Extra Host header values accepted (DNS-rebinding protection); the base URL's host is always accepted. */
  allowedHosts: z.array(z.string()).default([]),
  /** Trust X-Forwarded-* from a reverse proxy (Express "trust proxy"). */
  trustProxy: z.boolean().default(false),
  /** Seed demo accounts and tokens into a new data dir (npm start). */
  demo: z.boolean().default(false),
  /** Limits preset or config file path (issue 3). */
  limits: z.string().default('variant-b'),
  /** When usage debits are fsynced: after the answer (background) or before it (src/server/limits/journal-counter-store.ts). */
  usageSync: z.enum(['background', 'answer'], { error: 'must be "background" or "answer"' }).default('background'),
  /** State store: a postgres:// URL (several hosts over one database); absent → RCAT_DATABASE_URL, else the data dir's JSON file (src/server/store/open-store.ts). */
  store: z.string().optional(),
});
export type ServerConfig = z.infer<typeof ServerConfig>;

export interface ResolvedConfig extends Omit<ServerConfig, 'baseUrl'> {
  baseUrl: string;
  dataDir: string;
}

/** Fills in derived values: absolute data dir, base URL from host and port. */
export function resolveConfig(input: z.input<typeof ServerConfig>, actualPort?: number): ResolvedConfig {
  const parsed = ServerConfig.parse(input);
  const port = actualPort ?? parsed.port;
  const hostForUrl = parsed.host === '0.0.0.0' || parsed.host === '::' ? '127.0.0.1' : parsed.host;
  const baseUrl = (parsed.baseUrl ?? `http://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${port}`).replace(/\/+$/, '');
  return { ...parsed, baseUrl, dataDir: path.resolve(parsed.dataDir) };
}

export function dataDirFromEnv(flag?: string): string {
  return path.resolve(flag ?? process.env.RCAT_DATA_DIR ?? './.rcat-data');
}
