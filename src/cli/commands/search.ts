// rcat search <query…>: a table of type, title and id; says when results were truncated.
import type { Command } from 'commander';
import { SEARCH_RESULT_LIMIT } from '../../shared/schemas.js';
import { parseEntityId } from '../../shared/entity-id.js';
import { checkQuery } from '../api-client.js';
import { cleanCell, renderTable, writeJson } from '../terminal.js';
import { type Context, apiFor, errStyle, outStyle, say } from './common.js';

export function registerSearch(program: Command, ctx: Context): void {
  program
    .command('search')
    .description(`Search equipment, laboratories and techniques (at most ${SEARCH_RESULT_LIMIT} results)`)
    .argument('<query...>', 'what to look for, in plain words (2 to 120 characters)')
    .option('--json', 'print the server\'s search response: {results: [{id, title, url}], truncated}')
    .addHelpText('after', `
Examples:
  rcat search cryo electron microscope
  rcat search "mass spectrometry" --json | jq -r '.results[].id'

When more than ${SEARCH_RESULT_LIMIT} records match, the list is cut and the query should be refined.`)
    .action(async (words: string[], options: { json?: boolean }, command: Command) => {
      const query = checkQuery(words.join(' '));
      const api = await apiFor(command, ctx.io);
      const response = await api.search(query);
      if (options.json) return writeJson(ctx.io, response);
      if (response.results.length === 0) {
        say(ctx.io, `No matches for "${cleanCell(query, 120)}". Try other words.`);
        return;
      }
      const rows = response.results.map((r) => [parseEntityId(r.id)?.type ?? '', cleanCell(r.title), r.id]);
      ctx.io.stdout.write(renderTable(['TYPE', 'TITLE', 'ID'], rows, {
        tty: ctx.io.stdout.isTTY === true,
        columns: ctx.io.stdout.columns,
        flex: 1,
        style: outStyle(ctx.io),
      }));
      if (response.truncated) {
        say(ctx.io, errStyle(ctx.io).warn(`Showing the first ${response.results.length} matches; more exist. Refine the query to narrow them.`));
      }
    });
}
