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
  /** Where `rcat-server start` writes its access log (docs/operations.md); startServer without the setting writes none (tests, benchmarks). */
  accessLog: 'stdout',
  /** Graceful stop, seconds: the longest wait for requests in flight, and how long readiness is 503 before the listener closes. */
  shutdownTimeout: 10,
  shutdownDelay: 0,
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
  /** Set when npm runs us (`npm start` in the clone): printed commands then say `npx rcat-server`. */
  launchedByNpm?: boolean;
  accessLog?: string;
  logFormat?: string;
  /** "1" or "true" turns on GET /metrics on the main listener. */
  metrics?: string;
  metricsPort?: string;
  shutdownTimeout?: string;
  shutdownDelay?: string;
  /** Where built catalogue indexes are kept, or "off". */
  indexCache?: string;
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
    launchedByNpm: env.npm_lifecycle_event !== undefined,
    accessLog: env.RCAT_ACCESS_LOG,
    logFormat: env.RCAT_LOG_FORMAT,
    metrics: env.RCAT_METRICS,
    metricsPort: env.RCAT_METRICS_PORT,
    shutdownTimeout: env.RCAT_SHUTDOWN_TIMEOUT,
    shutdownDelay: env.RCAT_SHUTDOWN_DELAY,
    indexCache: env.RCAT_INDEX_CACHE || undefined,
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
    accessLog: env.accessLog ?? DEFAULTS.accessLog,
    logFormat: env.logFormat,
    metrics: env.metrics !== undefined && /^(1|true)$/i.test(env.metrics),
    metricsPort: env.metricsPort,
    shutdownTimeout: env.shutdownTimeout ?? String(DEFAULTS.shutdownTimeout),
    shutdownDelay: env.shutdownDelay ?? String(DEFAULTS.shutdownDelay),
    indexCache: env.indexCache,
  };
}

/** A number of seconds from 0 to an hour, as a number or a decimal string ("2.5"). */
const seconds = z
  .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, 'must be a number of seconds')])
  .transform(Number)
  .pipe(z.number().min(0).max(3600, 'must be at most 3600 seconds'));

/** A TCP port: digits only (coercion alone would take "" as 0, a random port, and "1e1" or "0x50" as numbers). */
const tcpPort = z
  .union([z.number(), z.string().regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')])
  .transform(Number)
  .pipe(z.number().int().min(0).max(65535));

export const ServerConfig = z.object({
  host: z.string().default(DEFAULTS.host),
  port: tcpPort.default(DEFAULTS.port),
  /** Public base URL, used for canonical record URLs, OAuth issuer and resource metadata. */
  baseUrl: z.url().optional(),
  dataDir: z.string().default(DEFAULTS.dataDir),
  /** Catalogue file (JSON Lines, see docs/catalogue-format.md); defaults to the data dir's import or the shipped one. */
  cataloguePath: z.string().optional(),
  /** Where built catalogue indexes are kept (src/server/catalogue/index-cache.ts): a folder, or "off"; absent → `<data-dir>/index-cache`. */
  indexCache: z.string().min(1, 'must be a folder or "off"').optional(),
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
  // Operating the server (src/server/ops/, docs/operations.md).
  /** Access log: "stdout" (or "-"), "off", or a file appended to; absent: none. */
  accessLog: z.string().min(1, 'must be "stdout", "off" or a file').default('off'),
  /** Access-log format; absent: text when it goes to a terminal, else JSON. */
  logFormat: z.enum(['json', 'text'], { error: 'must be "json" or "text"' }).optional(),
  /** Log /healthz, /readyz and /metrics requests too. */
  logHealthChecks: z.boolean().default(false),
  /** Serve GET /metrics on the main listener. */
  metrics: z.boolean().default(false),
  /** Serve GET /metrics on 127.0.0.1 at this port (0: a free one). */
  metricsPort: tcpPort.optional(),
  /** Graceful stop: the longest wait for requests in flight (seconds). */
  shutdownTimeout: seconds.default(DEFAULTS.shutdownTimeout),
  /** Graceful stop: seconds of readiness 503 while still serving, before the listener closes. */
  shutdownDelay: seconds.default(DEFAULTS.shutdownDelay),
});
export type ServerConfig = z.infer<typeof ServerConfig>;

export interface ResolvedConfig extends Omit<ServerConfig, 'baseUrl'> {
  baseUrl: string;
  dataDir: string;
  /** The index cache's folder (absolute), or null when it is off. */
  indexCacheDir: string | null;
}

/** Fills in derived values: absolute data dir, base URL from host and port. */
export function resolveConfig(input: z.input<typeof ServerConfig>, actualPort?: number): ResolvedConfig {
  const parsed = ServerConfig.parse(input);
  const port = actualPort ?? parsed.port;
  const hostForUrl = parsed.host === '0.0.0.0' || parsed.host === '::' ? '127.0.0.1' : parsed.host;
  const baseUrl = (parsed.baseUrl ?? `http://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(parsed.dataDir);
  return { ...parsed, baseUrl, dataDir, indexCacheDir: indexCacheDirOf(parsed.indexCache, dataDir) };
}

/** The index cache's folder for a `--index-cache`/RCAT_INDEX_CACHE setting: absolute, or null for "off". */
export function indexCacheDirOf(setting: string | undefined, dataDir: string): string | null {
  return setting === 'off' ? null : path.resolve(setting ?? path.join(dataDir, 'index-cache'));
}

/** `--data-dir`, else RCAT_DATA_DIR, else the default, as an absolute path. */
export function dataDirFromEnv(flag?: string, env: Environment = readEnvironment()): string {
  return path.resolve(flag ?? env.dataDir ?? DEFAULTS.dataDir);
}
