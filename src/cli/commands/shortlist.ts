// rcat shortlist add <collection> <id>: the `save_to_shortlist` tool. Idempotent on the
// server: saving the same record again returns the existing active item.
import { Command } from 'commander';
import { safeText, usageError } from '../exit-codes.js';
import type { Factory } from '../factory.js';
import type { ToolClient } from '../mcp-client.js';
import { cleanCell, type Io, writeJson } from '../terminal.js';
import { say, toolsFor } from './common.js';

export interface ShortlistAddOptions {
  io: Io;
  tools: () => Promise<ToolClient>;
  collection: string;
  id: string;
  note?: string;
  json: boolean;
}

export function shortlistCommand(f: Factory, run: (opts: ShortlistAddOptions) => Promise<void> = shortlistAddRun): Command {
  const shortlist = new Command('shortlist').description('Save catalogue records to a collection (needs shortlist:write)');
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
    .action((collection: string, id: string, flags: { note?: string; json?: boolean }, command: Command) =>
      run({ io: f.io, tools: toolsFor(f, command), collection, id, note: flags.note, json: flags.json === true }));
  return shortlist;
}

export async function shortlistAddRun(opts: ShortlistAddOptions): Promise<void> {
  const { io, collection } = opts;
  const { checkEntityId } = await import('../clients.js');
  const { CollectionId, SaveToShortlistOutput } = await import('../../shared/tools.js');
  if (!CollectionId.safeParse(collection).success) throw usageError(`"${safeText(collection, 80)}" is not a collection ID (col_<uuid>).`, 'See `rcat projects` for yours.');
  const id = checkEntityId(opts.id);
  const args = { collectionId: collection, entityId: id, ...(opts.note !== undefined ? { note: opts.note } : {}) };
  const result = await (await opts.tools()).call('save_to_shortlist', args, SaveToShortlistOutput);
  if (opts.json) return writeJson(io, result);
  const verb = result.alreadyExisted ? 'Already on the shortlist' : 'Saved';
  io.stdout.write(`${verb}: ${cleanCell(result.item.title, 300)} → ${result.item.collectionId} (item ${result.item.id})\n`);
  if (result.message) say(io, cleanCell(result.message, 500));
}
