// rcat-server: the server and the operator commands. The only place errors become exit codes:
// 0 ok, 1 error, 2 usage error.
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { registerAccountCommands } from './admin/accounts.js';
import type { AdminContext } from './admin/context.js';
import { processIO, UsageError } from './admin/io.js';
import { registerTokenCommands } from './admin/tokens.js';
import { registerProjectCommands } from './admin/projects.js';
import { registerCollectionCommands } from './admin/collections.js';
import { registerShortlistCommands } from './admin/shortlist.js';
import { registerCatalogueCommands } from './admin/catalogue.js';
import { registerUsageCommand } from './admin/usage.js';
import { dataDirFromEnv } from './config.js';
import { CorruptStateError } from './store/json-file.js';
import { openStore } from './store/open-store.js';
import { registerMigrateStoreCommand } from './admin/migrate-store.js';
import type { Store } from './store/ports.js';
import { ServerStartError, startServer } from './server.js';
import { DEMO_PASSWORD, seedDemo } from './demo-seed.js';
import { AppError } from './errors.js';
import { ZodError } from 'zod';

const version = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export function buildProgram(io = processIO): { program: Command; cleanup: () => Promise<void> } {
  const program = new Command('rcat-server');
  let store: Store | undefined;
  const ctx: AdminContext = {
    io,
    dataDir: () => dataDirFromEnv(program.opts().dataDir),
    async openStore() {
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
    .showHelpAfterError();

  program
    .command('start')
    .description('start the HTTP server (REST API, OAuth, pages and /mcp)')
    .option('--host <host>', 'interface to listen on (env RCAT_HOST)', process.env.RCAT_HOST ?? '127.0.0.1')
    .option('--port <port>', 'port, 0 picks a free one (env RCAT_PORT)', process.env.RCAT_PORT ?? '8787')
    .option('--base-url <url>', 'public base URL (env RCAT_BASE_URL); default http://HOST:PORT', process.env.RCAT_BASE_URL)
    .option('--catalogue <file>', 'catalogue JSON Lines file (default: the imported one, else the shipped one)')
    .option('--allowed-origin <origin...>', 'extra browser origins allowed to call /mcp')
    .option('--allowed-host <host...>', 'extra Host header values accepted (behind a proxy)')
    .option('--trust-proxy', 'trust X-Forwarded-* headers from a reverse proxy')
    .option('--limits <preset-or-file>', 'limits preset (variant-b, variant-a) or JSON config file (env RCAT_LIMITS)', process.env.RCAT_LIMITS ?? 'variant-b')
    .option('--demo', 'seed demo accounts and a demo token into a new data dir and print them')
    .action(async (opts) => {
      const dataDir = ctx.dataDir();
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
      const server = await startServer({
        host: opts.host,
        port: opts.port,
        baseUrl: opts.baseUrl,
        dataDir,
        cataloguePath: opts.catalogue,
        allowedOrigins: opts.allowedOrigin ?? [],
        allowedHosts: opts.allowedHost ?? [],
        trustProxy: Boolean(opts.trustProxy),
        limits: opts.limits,
        store: program.opts().store,
        demo: Boolean(opts.demo),
      });
      io.stderr.write(`rcat-server listening on ${server.url} (data dir ${dataDir}; state: ${server.deps.store.describe()})\n`);
      if (opts.demo) {
        io.stderr.write(`Try: curl -H "Authorization: Bearer <demo token>" "${server.url}/api/agent/catalog/search?query=mass%20spectrometry"\n`);
        io.stderr.write(`Guides: ${server.url}/en/guides\n`);
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          io.stderr.write('Shutting down…\n');
          void server.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
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
    process.exitCode = exitCodeFor(error, io);
  } finally {
    await cleanup();
  }
}

function exitCodeFor(error: unknown, io: typeof processIO): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof UsageError) {
    io.stderr.write(`error: ${error.message}\n`);
    return 2;
  }
  if (error instanceof AppError) {
    io.stderr.write(`error: ${error.options.detail ?? error.message}\n`);
    return error.status === 400 || error.status === 409 ? 2 : 1;
  }
  // An option the config schema refuses (e.g. --port abc, --base-url x) is a usage error with
  // one readable line per option, not a dump of schema issues.
  if (error instanceof ZodError) {
    const kebab = (key: PropertyKey) => String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    for (const issue of error.issues) io.stderr.write(`error: --${issue.path.map(kebab).join('.')}: ${issue.message}\n`);
    return 2;
  }
  if (error instanceof ServerStartError || error instanceof CorruptStateError) {
    io.stderr.write(`error: ${error.message}\n`);
    return 1;
  }
  io.stderr.write(`error: ${(error as Error)?.message ?? String(error)}\n`);
  return 1;
}
