// rcat-server migrate-store --from json --to postgres://…
// Moves a JSON-file deployment (state.json and the usage counters in <data-dir>/usage/) into an
// empty PostgreSQL database, in one transaction, and verifies the row counts before committing.
// The JSON files are only read, never changed, so the old deployment stays a working backup.
import path from 'node:path';
import type { Command } from 'commander';
import { loadUsage } from '../limits/usage-journal.js';
import { usageDir } from '../limits/usage-folder.js';
import { lockOwner } from '../util/file-lock.js';
import { JsonFileStore } from '../store/json/json-file.js';
import { databaseUrlOf, openPostgres, StoreConfigError } from '../store/open-store.js';
import { importState } from '../store/postgres/bulk-import.js';
import { redactUrl } from '../store/postgres/url.js';
import type { AdminContext } from './context.js';
import { UsageError } from './exit-codes.js';
import { printJson } from './io.js';

export function registerMigrateStoreCommand(program: Command, ctx: AdminContext): void {
  program
    .command('migrate-store')
    .description('copy a JSON-file deployment (the data dir) into an empty PostgreSQL database')
    .requiredOption('--from <kind>', 'source store: json (the --data-dir state and usage counters)')
    .option('--to <url>', 'target postgres:// URL (default RCAT_DATABASE_URL, which keeps the password out of the process list)')
    .option('--json', 'print a JSON report')
    .action(async (opts) => {
      if (opts.from !== 'json') throw new UsageError('--from must be "json" (the only source store)');
      let url: string | null;
      try {
        url = databaseUrlOf({ store: opts.to }, ctx.env);
      } catch (error) {
        if (error instanceof StoreConfigError) throw new UsageError(error.message.replace('--store / RCAT_DATABASE_URL', '--to'));
        throw error;
      }
      if (url === null) throw new UsageError('--to postgres://… (or RCAT_DATABASE_URL) is required');
      const dataDir = ctx.dataDir();

      // A running server could change state.json or the usage counters during the copy.
      const owner = await lockOwner(path.join(dataDir, 'server.lock'));
      if (owner !== null) throw new UsageError(`an rcat server (pid ${owner}) is running on ${dataDir}; stop it before migrating`);

      const source = await JsonFileStore.open(dataDir);
      const state = await source.read((s) => structuredClone(s) as Record<string, unknown>);
      const counters = (await loadUsage(usageDir(dataDir), Date.now())).counters;
      const usage = [...counters].map(([key, c]) => ({ key, count: c.count, expiresAt: c.expiresAt }));

      const target = await openPostgres(url, (line) => ctx.io.stderr.write(`${line}\n`));
      try {
        const counts = await importState(target.db, state, usage);
        const report = { from: source.file, to: redactUrl(url), ...counts };
        if (opts.json) printJson(ctx.io, report);
        else {
          ctx.io.stdout.write(`Copied ${source.file} to ${redactUrl(url)}:\n`);
          for (const [table, n] of Object.entries(counts.tables)) ctx.io.stdout.write(`  ${table}: ${n}\n`);
          ctx.io.stdout.write(`  limit_counters: ${counts.limitCounters}\n`);
          ctx.io.stderr.write(`Start the servers with --store (or RCAT_DATABASE_URL) to use it. ${dataDir} was not changed.\n`);
        }
      } finally {
        await target.close();
      }
    });
}
