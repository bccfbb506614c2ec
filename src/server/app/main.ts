// rcat-server: the server and the operator commands. The only place errors become exit codes:
// 0 ok, 1 error, 2 usage error, 3 not found (the rule: src/server/admin/exit-codes.ts).
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { registerAccountCommands } from '../admin/accounts.js';
import type { AdminContext } from '../admin/context.js';
import { failureOf } from '../admin/exit-codes.js';
import { processIO } from '../admin/io.js';
import { checkCatalogueOption, checkStoreOption, limitsPolicyOption } from '../admin/options.js';
import { registerTokenCommands } from '../admin/tokens.js';
import { registerProjectCommands } from '../admin/projects.js';
import { registerCollectionCommands } from '../admin/collections.js';
import { registerShortlistCommands } from '../admin/shortlist.js';
import { registerCatalogueCommands } from '../admin/catalogue.js';
import { registerUsageCommand } from '../admin/usage.js';
import { dataDirFromEnv, resolveConfig, startOptionDefaults } from '../config.js';
import { openStore } from '../store/open-store.js';
import { registerMigrateStoreCommand } from '../admin/migrate-store.js';
import type { Store } from '../store/ports/index.js';
import { startServer } from './server.js';
import { serveUntilSignalled } from './signals.js';
import { DEMO_PASSWORD, seedDemo } from './demo-seed.js';

const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

export function buildProgram(io = processIO): { program: Command; cleanup: () => Promise<void> } {
  const program = new Command('rcat-server');
  let store: Store | undefined;
  const ctx: AdminContext = {
    io,
    dataDir: () => dataDirFromEnv(program.opts().dataDir),
    async openStore() {
      checkStoreOption(program.opts().store);
      store ??= await openStore({ store: program.opts().store, dataDir: ctx.dataDir() });
      return store;
    },
  };
  program
    .version(version)
    .description('rcat research catalogue server and operator commands')
    .option('--data-dir <dir>', 'state folder (env RCAT_DATA_DIR)', undefined)
    .option('--store <url>', 'state store: a postgres:// URL (env RCAT_DATABASE_URL); default the JSON file in the data dir', undefined)
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride()
    .showHelpAfterError()
    .addHelpText(
      'after',
      `
Exit codes: 0 ok · 1 error (store, database or file unreadable or invalid) · 2 usage (bad
command line, or a conflict such as an e-mail already taken) · 3 not found (the named account,
token, project, membership, collection or shortlist item does not exist).`,
    );

  const defaults = startOptionDefaults();
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
        store: program.opts().store,
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
      checkStoreOption(config.store);
      limitsPolicyOption(config.limits);
      checkCatalogueOption(config.cataloguePath);
      if (opts.demo) {
        const seeded = await seedDemo(await ctx.openStore());
        if (seeded) {
          io.stderr.write(
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
      }
      await store?.close();
      store = undefined;
      const server = await startServer(config, { stdout: io.stdout });
      io.stderr.write(`rcat-server listening on ${server.url} (data dir ${dataDir}; state: ${server.deps.store.describe()})\n`);
      if (server.metricsPort !== null) io.stderr.write(`metrics on http://127.0.0.1:${server.metricsPort}/metrics\n`);
      if (opts.demo) {
        io.stderr.write(`Try: curl -H "Authorization: Bearer <demo token>" "${server.url}/api/agent/catalog/search?query=mass%20spectrometry"\n`);
        io.stderr.write(`Guides: ${server.url}/en/guides\n`);
      }
      await serveUntilSignalled(server, io.stderr, (status) => process.exit(status));
    });

  registerAccountCommands(program, ctx);
  registerTokenCommands(program, ctx);
  registerProjectCommands(program, ctx);
  registerCollectionCommands(program, ctx);
  registerShortlistCommands(program, ctx);
  registerCatalogueCommands(program, ctx);
  registerMigrateStoreCommand(program, ctx);
  registerUsageCommand(program, ctx);
  return { program, cleanup: async () => store?.close() };
}

export async function run(argv: string[], io = processIO): Promise<void> {
  const { program, cleanup } = buildProgram(io);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const failure = failureOf(error);
    for (const line of failure.lines) io.stderr.write(`error: ${line}\n`);
    process.exitCode = failure.code;
  } finally {
    await cleanup();
  }
}
