// Configuration, read here only: the environment variables rcat-server reads, every setting's
// default, and one zod schema over flags and environment. Limit presets live in src/server/limits/.
import path from 'node:path';
import { z } from 'zod';

/** Every setting's default, in one place: the schema below and the commands' options use these. */
export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  dataDir: './.rcat-data',
  /** A preset of src/server/limits/policy.ts. */
  limits: 'variant-b',
  usageSync: 'background',
} as const;

/** The environment variables rcat-server reads (README "Configuration"); a flag wins over each. */
export interface Environment {
  host?: string;
  port?: string;
  baseUrl?: string;
  dataDir?: string;
  limits?: string;
  usageSync?: string;
  /** A postgres:// URL for the state store (src/server/store/open-store.ts). */
  databaseUrl?: string;
}

/** Reads the environment; the only place rcat-server looks at process.env. */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  return {
    host: env.RCAT_HOST,
    port: env.RCAT_PORT,
    baseUrl: env.RCAT_BASE_URL,
    dataDir: env.RCAT_DATA_DIR,
    limits: env.RCAT_LIMITS,
    usageSync: env.RCAT_USAGE_SYNC,
    databaseUrl: env.RCAT_DATABASE_URL,
  };
}

/** The values `rcat-server start` uses for options not given on the command line: environment, else default. */
export function startOptionDefaults(env: Environment = readEnvironment()) {
  return {
    host: env.host ?? DEFAULTS.host,
    port: env.port ?? String(DEFAULTS.port),
    baseUrl: env.baseUrl,
    limits: env.limits ?? DEFAULTS.limits,
    usageSync: env.usageSync ?? DEFAULTS.usageSync,
  };
}

export const ServerConfig = z.object({
  host: z.string().default(DEFAULTS.host),
  // Digits only: coercion alone would take "" as 0 (a random port) and "1e1" or "0x50" as numbers.
  port: z
    .union([z.number(), z.string().regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')])
    .transform(Number)
    .pipe(z.number().int().min(0).max(65535))
    .default(DEFAULTS.port),
  /** Public base URL, used for canonical record URLs, OAuth issuer and resource metadata. */
  baseUrl: z.url().optional(),
  dataDir: z.string().default(DEFAULTS.dataDir),
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
  limits: z.string().default(DEFAULTS.limits),
  /** When usage debits are fsynced: after the answer (background) or before it (src/server/limits/journal-counter-store.ts). */
  usageSync: z.enum(['background', 'answer'], { error: 'must be "background" or "answer"' }).default(DEFAULTS.usageSync),
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

/** `--data-dir`, else RCAT_DATA_DIR, else the default, as an absolute path. */
export function dataDirFromEnv(flag?: string): string {
  return path.resolve(flag ?? readEnvironment().dataDir ?? DEFAULTS.dataDir);
}
