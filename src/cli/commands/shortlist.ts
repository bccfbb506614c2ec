// rcat shortlist add <collection> <id>: the `save_to_shortlist` tool. Idempotent on the
// server: saving the same record again returns the existing active item.
import type { Command } from 'commander';
import { CollectionId, SaveToShortlistOutput } from '../../shared/tools.js';
import { checkEntityId } from '../api-client.js';
import { safeText, usageError } from '../exit-codes.js';
import { callTool } from '../mcp-client.js';
import { cleanCell, writeJson } from '../terminal.js';
import { type Context, say, serverFor } from './common.js';

export function registerShortlist(program: Command, ctx: Context): void {
  const shortlist = program
    .command('shortlist')
    .description('Save catalogue records to a collection (needs shortlist:write)');
  shortlist
    .command('add')
    .description('Save one record to a collection you own or may edit (saving it again changes nothing)')
    .argument('<collection>', 'collection ID (col_…), from `rcat projects`')
    .argument('<id>', 'entity ID from `rcat search`')
    .option('--note <text>', 'a private note kept with the item')
    .option('--json', 'print the save_to_shortlist tool result: {item, alreadyExisted, message}')
    .addHelpText('after', `
Examples:
  rcat shortlist add col_6f1c…  technique:0b7c…
  rcat shortlist add col_6f1c…  equipment:4d2e… --note "ask about cryo holder"`)
    .action(async (collection: string, id: string, options: { note?: string; json?: boolean }, command: Command) => {
      if (!CollectionId.safeParse(collection).success) throw usageError(`"${safeText(collection, 80)}" is not a collection ID (col_<uuid>).`, 'See `rcat projects` for yours.');
      id = checkEntityId(id);
      const server = await serverFor(command, ctx.io);
      const args = { collectionId: collection, entityId: id, ...(options.note !== undefined ? { note: options.note } : {}) };
      const result = await callTool(server, 'save_to_shortlist', args, SaveToShortlistOutput);
      if (options.json) return writeJson(ctx.io, result);
      const verb = result.alreadyExisted ? 'Already on the shortlist' : 'Saved';
      ctx.io.stdout.write(`${verb}: ${cleanCell(result.item.title, 300)} → ${result.item.collectionId} (item ${result.item.id})\n`);
      if (result.message) say(ctx.io, cleanCell(result.message, 500));
    });
}
