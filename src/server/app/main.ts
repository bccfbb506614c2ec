// rcat-server: the server and the operator commands. The only place errors become exit codes:
// 0 ok, 1 error, 2 usage error, 3 not found (the rule: src/server/admin/exit-codes.ts).
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { registerAccountCommands } from '../admin/accounts.js';
import type { AdminContext } from '../admin/context.js';
import { failureOf } from '../admin/exit-codes.js';
import { type AdminIO, processIO } from '../admin/io.js';
import { checkStoreOption } from '../admin/options.js';
import { registerTokenCommands } from '../admin/tokens.js';
import { registerProjectCommands } from '../admin/projects.js';
import { registerCollectionCommands } from '../admin/collections.js';
import { registerShortlistCommands } from '../admin/shortlist.js';
import { registerCatalogueCommands } from '../admin/catalogue.js';
import { registerUsageCommand } from '../admin/usage.js';
import { dataDirFromEnv, type Environment, readEnvironment } from '../config.js';
import { openStore } from '../store/open-store.js';
import { registerMigrateStoreCommand } from '../admin/migrate-store.js';
import type { Store } from '../store/ports/index.js';
import { registerStartCommand } from './start-command.js';

const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

/**
 * The `rcat-server` program over the given IO and environment (config.ts reads the real ones), so
 * the commands run in a process of their own or inside a test alike.
 */
export function buildProgram(io: AdminIO = processIO, env: Environment = readEnvironment()): { program: Command; cleanup: () => Promise<void> } {
  const program = new Command('rcat-server');
  let store: Store | undefined;
  const ctx: AdminContext = {
    io,
    env,
    dataDir: () => dataDirFromEnv(program.opts().dataDir, env),
    storeSetting: () => program.opts().store ?? env.databaseUrl,
    async openStore() {
      const url = checkStoreOption(ctx.storeSetting(), env);
      store ??= await openStore({ store: url ?? 'json', dataDir: ctx.dataDir() });
      return store;
    },
    async closeStore() {
      await store?.close();
      store = undefined;
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

  // A second stop signal ends the process at once (./signals.ts); the one process.exit of rcat-server.
  registerStartCommand(program, ctx, (status) => process.exit(status));
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

/** Runs one command line (`argv` as process.argv: node, script, arguments…); resolves to its exit code. */
export async function runCommand(argv: string[], io: AdminIO = processIO, env: Environment = readEnvironment()): Promise<number> {
  const { program, cleanup } = buildProgram(io, env);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    const failure = failureOf(error);
    for (const line of failure.lines) io.stderr.write(`error: ${line}\n`);
    return failure.code;
  } finally {
    await cleanup();
  }
}

/** The process entry (bin/rcat-server.js): the exit code becomes the process's. */
export async function run(argv: string[]): Promise<void> {
  process.exitCode = await runCommand(argv);
}
