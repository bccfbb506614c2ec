// `rcat-server start`: checks every option before the data dir is touched, starts the server
// (./server.ts), seeds the demo when asked, and runs until SIGINT or SIGTERM (./signals.ts).
// The server and the demo are loaded only when `start` runs: every other command (account,
// token, usage …) starts without loading the HTTP stack, the MCP SDK and the catalogue engine.
import type { Command } from 'commander';
import type { AdminContext } from '../admin/context.js';
import { checkCatalogueOption, checkStoreOption, limitsPolicyOption } from '../admin/options.js';
import { resolveConfig, startOptionDefaults } from '../config.js';
import type { RunningServer } from './server.js';

/**
 * Seeds the demo only once the server is listening, so a start that fails (a busy port, another
 * server on the data dir) seeds nothing and shows no token that would then be lost: the next
 * start seeds and shows it. A store seeded before says so, and how to get a new token.
 */
async function announceDemo(ctx: AdminContext, server: RunningServer): Promise<void> {
  const [{ commandWords, credentialsBox, existingDemoBox, notSeededNotice }, { existingDemoAccounts, seedDemo }] = await Promise.all([
    import('./demo-banner.js'),
    import('./demo-seed.js'),
  ]);
  const { store, limiter, now } = server.deps;
  const words = commandWords({ dataDir: ctx.dataDir(), storeUrl: ctx.storeSetting(), launchedByNpm: ctx.env.launchedByNpm === true });
  const seeded = await seedDemo(store);
  if (seeded) {
    const account = await store.accounts.getByEmail(seeded.tokenAccount.email);
    const usage = account && limiter.usage ? await limiter.usage(account, now()) : null;
    ctx.io.stderr.write(credentialsBox(seeded, usage ? { policy: usage.policy, windows: usage.account.windows } : null));
    ctx.io.stderr.write(`Try (TOKEN=the demo token above): curl -H "Authorization: Bearer $TOKEN" "${server.url}/api/agent/catalog/search?query=mass%20spectrometry"\n`);
  } else {
    const demo = await existingDemoAccounts(store);
    ctx.io.stderr.write(demo.length > 0 ? existingDemoBox(demo, words) : notSeededNotice(words));
  }
  ctx.io.stderr.write(`Guides: ${server.url}/en/guides\n`);
}

/** `exitNow`: ends the process at once (a second SIGTERM/SIGINT; main's process.exit). */
export function registerStartCommand(program: Command, ctx: AdminContext, exitNow: (status: number) => void): void {
  const defaults = startOptionDefaults(ctx.env);
  program
    .command('start')
    .description('start the HTTP server (REST API, OAuth, pages and /mcp)')
    .option('--host <host>', 'interface to listen on (env RCAT_HOST)', defaults.host)
    .option('--port <port>', 'port, 0 picks a free one (env RCAT_PORT)', defaults.port)
    .option('--base-url <url>', 'public base URL (env RCAT_BASE_URL); default http://HOST:PORT', defaults.baseUrl)
    .option('--catalogue <file>', 'catalogue JSON Lines file (default: the imported one, else the shipped one)')
    .option('--index-cache <dir>', 'where indexes of catalogues over 256 KiB are kept for the next start, or "off" (env RCAT_INDEX_CACHE; default DATA_DIR/index-cache)', defaults.indexCache)
    .option('--allowed-origin <origin...>', 'extra browser origins allowed to call /mcp')
    .option('--allowed-host <host...>', 'extra Host header values accepted (behind a proxy)')
    .option('--trust-proxy', 'trust X-Forwarded-* headers from a reverse proxy')
    .option('--limits <preset-or-file>', 'limits preset (variant-b, variant-a) or JSON config file (env RCAT_LIMITS)', defaults.limits)
    .option('--usage-sync <when>', 'fdatasync of usage debits: "background" (default; survives a killed process) or "answer" (before each answer; survives power loss, slower) (env RCAT_USAGE_SYNC)', defaults.usageSync)
    .option('--access-log <where>', 'access log, one line per request: "stdout", "off", or a file to append to (reopened on SIGHUP) (env RCAT_ACCESS_LOG)', defaults.accessLog)
    .option('--log-format <format>', 'access log format: "json" or "text" (default: text on a terminal, else json) (env RCAT_LOG_FORMAT)', defaults.logFormat)
    .option('--log-health-checks', 'also log requests to /healthz, /readyz and /metrics')
    .option('--metrics', 'serve Prometheus metrics at GET /metrics on this listener (env RCAT_METRICS=1)', defaults.metrics)
    .option('--metrics-port <port>', 'serve GET /metrics on 127.0.0.1:PORT only, a listener of its own (env RCAT_METRICS_PORT)', defaults.metricsPort)
    .option('--shutdown-delay <seconds>', 'on SIGTERM/SIGINT, keep serving this long with /readyz answering 503, so a load balancer takes the host out first (env RCAT_SHUTDOWN_DELAY)', defaults.shutdownDelay)
    .option('--shutdown-timeout <seconds>', 'then stop listening and give requests in flight this long before cutting them off; a second signal exits at once (env RCAT_SHUTDOWN_TIMEOUT)', defaults.shutdownTimeout)
    .option('--demo', 'seed demo accounts and a demo token into a new data dir and print them')
    .addHelpText(
      'after',
      `
Examples:
  rcat-server start --demo                          # what \`npm start\` runs: demo accounts and a token
  rcat-server start --port 8790                     # another port (or RCAT_PORT=8790)
  rcat-server start --port 0                        # any free port; the address is printed
  rcat-server start --host 0.0.0.0 --base-url https://rcat.example.org --trust-proxy
                                                    # behind a reverse proxy that terminates TLS
  rcat-server start --limits variant-a              # per-minute pacing only, no daily or monthly cap
  rcat-server --store postgres://rcat@db/rcat start # state in PostgreSQL, for several hosts

With --demo, a new data dir gets three demo accounts and a token for the paid one, printed once
the server is listening; on later starts it says how to make a new token. Stop with Ctrl-C.`,
    )
    .action(async (opts) => {
      const dataDir = ctx.dataDir();
      const config = {
        host: opts.host,
        port: opts.port,
        baseUrl: opts.baseUrl,
        dataDir,
        cataloguePath: opts.catalogue,
        indexCache: opts.indexCache,
        allowedOrigins: opts.allowedOrigin ?? [],
        allowedHosts: opts.allowedHost ?? [],
        trustProxy: Boolean(opts.trustProxy),
        limits: opts.limits,
        usageSync: opts.usageSync,
        store: ctx.storeSetting(),
        demo: Boolean(opts.demo),
        accessLog: opts.accessLog,
        logFormat: opts.logFormat,
        logHealthChecks: Boolean(opts.logHealthChecks),
        metrics: Boolean(opts.metrics),
        metricsPort: opts.metricsPort,
        shutdownDelay: opts.shutdownDelay,
        shutdownTimeout: opts.shutdownTimeout,
      };
      // Option values (exit 2) and named files (exit 1) first, before the data dir is touched.
      resolveConfig(config);
      checkStoreOption(config.store, ctx.env);
      limitsPolicyOption(config.limits);
      checkCatalogueOption(config.cataloguePath);
      await ctx.closeStore();
      const [{ startServer }, { serveUntilSignalled }] = await Promise.all([import('./server.js'), import('./signals.js')]);
      const server = await startServer(config, { stdout: ctx.io.stdout });
      ctx.io.stderr.write(`rcat-server listening on ${server.url} (data dir ${dataDir}; state: ${server.deps.store.describe()})\n`);
      if (server.metricsPort !== null) ctx.io.stderr.write(`metrics on http://127.0.0.1:${server.metricsPort}/metrics\n`);
      if (opts.demo) {
        await announceDemo(ctx, server).catch(async (error: unknown) => {
          await server.close();
          throw error;
        });
      }
      await serveUntilSignalled(server, ctx.io.stderr, exitNow);
    });
}
