// `rcat-server start`: checks every option before the data dir is touched, seeds the demo when
// asked, starts the server (./server.ts) and runs until SIGINT or SIGTERM (./signals.ts).
import type { Command } from 'commander';
import type { AdminContext } from '../admin/context.js';
import { checkCatalogueOption, checkStoreOption, limitsPolicyOption } from '../admin/options.js';
import { resolveConfig, startOptionDefaults } from '../config.js';
import { DEMO_PASSWORD, seedDemo } from './demo-seed.js';
import { startServer } from './server.js';
import { serveUntilSignalled } from './signals.js';

async function printDemoCredentials(ctx: AdminContext): Promise<void> {
  const seeded = await seedDemo(await ctx.openStore());
  if (!seeded) return;
  ctx.io.stderr.write(
    [
      '',
      '==================== DEMO CREDENTIALS (not for production) ====================',
      ...seeded.accounts.map((a) => `  sign in: ${a.email} / ${DEMO_PASSWORD}   (${a.plan}, ${a.company})`),
      `  demo agent token (all scopes, 30 days):`,
      `    ${seeded.token}`,
      '===============================================================================',
      '',
    ].join('\n'),
  );
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
    .action(async (opts) => {
      const dataDir = ctx.dataDir();
      const config = {
        host: opts.host,
        port: opts.port,
        baseUrl: opts.baseUrl,
        dataDir,
        cataloguePath: opts.catalogue,
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
      if (opts.demo) await printDemoCredentials(ctx);
      await ctx.closeStore();
      const server = await startServer(config, { stdout: ctx.io.stdout });
      ctx.io.stderr.write(`rcat-server listening on ${server.url} (data dir ${dataDir}; state: ${server.deps.store.describe()})\n`);
      if (server.metricsPort !== null) ctx.io.stderr.write(`metrics on http://127.0.0.1:${server.metricsPort}/metrics\n`);
      if (opts.demo) {
        ctx.io.stderr.write(`Try: curl -H "Authorization: Bearer <demo token>" "${server.url}/api/agent/catalog/search?query=mass%20spectrometry"\n`);
        ctx.io.stderr.write(`Guides: ${server.url}/en/guides\n`);
      }
      await serveUntilSignalled(server, ctx.io.stderr, exitNow);
    });
}
