// rcat-server shortlist list|remove
import type { Command } from 'commander';
import { CollectionId, ShortlistItemId } from '../../shared/tools.js';
import { shortlistItemView } from '../domain/shortlist.js';
import type { AdminContext } from './context.js';
import { idOption, openAdminDomain } from './domain-admin.js';
import { NotFoundError } from './exit-codes.js';
import { printJson } from './io.js';

export function registerShortlistCommands(program: Command, ctx: AdminContext): void {
  const shortlist = program.command('shortlist').description("inspect and manage collections' shortlist items");

  shortlist
    .command('list')
    .description("list a collection's shortlist items (active and removed)")
    .requiredOption('--collection <id>', 'collection id (col_…)')
    .option('--active', 'only active items')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const collectionId = idOption(CollectionId, opts.collection, '--collection');
      const domain = await openAdminDomain(ctx);
      await domain.collections.get(collectionId);
      const items = (await domain.stores.shortlist.listForCollection(collectionId)).filter((i) => !opts.active || i.state === 'active');
      const accounts = new Map((await domain.store.accounts.list()).map((a) => [a.id, a.email]));
      const views = items.map((i) => ({ ...shortlistItemView(i), savedBy: accounts.get(i.savedByAccountId) ?? i.savedByAccountId }));
      if (opts.json) printJson(ctx.io, views);
      else for (const i of views) ctx.io.stdout.write(`${i.id}  ${i.state.padEnd(7)}  ${i.entityId}  ${i.title}${i.note ? `  — ${i.note}` : ''}\n`);
    });

  shortlist
    .command('remove')
    .description('mark a shortlist item removed; saving the same record again creates a new active item')
    .requiredOption('--item <id>', 'shortlist item id (sli_…)')
    .option('--json', 'print JSON')
    .action(async (opts) => {
      const itemId = idOption(ShortlistItemId, opts.item, '--item');
      const domain = await openAdminDomain(ctx);
      // Looked up first: a refused command must not rewrite the state file (the JSON store's
      // write path would add an empty item list to a data dir that has none yet).
      const missing = () => new NotFoundError(`no shortlist item ${itemId}`);
      if (!(await domain.stores.shortlist.getById(itemId))) throw missing();
      const removed = await domain.stores.shortlist.remove(itemId, new Date().toISOString());
      if (!removed) throw missing();
      if (opts.json) printJson(ctx.io, shortlistItemView(removed));
      else ctx.io.stdout.write(`Removed ${itemId} (${removed.title})\n`);
    });
}
