// rcat search <query…>: a table of type, title and id; says when results were truncated.
import { Command } from 'commander';
import { SEARCH_RESULT_LIMIT } from '../../shared/limits.js';
import { parseEntityId } from '../../shared/entity-id.js';
import type { ApiClient } from '../api-client.js';
import type { Factory } from '../factory.js';
import { cleanCell, type Io, renderTable, writeJson } from '../terminal.js';
import { apiFor, errStyle, outStyle, say } from './common.js';

export interface SearchOptions {
  io: Io;
  api: () => Promise<ApiClient>;
  query: string;
  json: boolean;
}

export function searchCommand(f: Factory, run: (opts: SearchOptions) => Promise<void> = searchRun): Command {
  return new Command('search')
    .description(`Search equipment, laboratories and techniques (at most ${SEARCH_RESULT_LIMIT} results)`)
    .argument('<query...>', 'what to look for, in plain words (2 to 120 characters)')
    .option('--json', 'print the server\'s search response: {results: [{id, title, url}], truncated}')
    .addHelpText('after', `
Examples:
  rcat search cryo electron microscope
  rcat search "mass spectrometry" --json | jq -r '.results[].id'

When more than ${SEARCH_RESULT_LIMIT} records match, the list is cut and the query should be refined.`)
    .action((words: string[], flags: { json?: boolean }, command: Command) =>
      run({ io: f.io, api: apiFor(f, command), query: words.join(' '), json: flags.json === true }));
}

export async function searchRun(opts: SearchOptions): Promise<void> {
  const { io } = opts;
  const { checkQuery } = await import('../clients.js');
  const query = checkQuery(opts.query);
  const response = await (await opts.api()).search(query);
  if (opts.json) return writeJson(io, response);
  if (response.results.length === 0) {
    say(io, `No matches for "${cleanCell(query, 120)}". Try other words.`);
    return;
  }
  const rows = response.results.map((r) => [parseEntityId(r.id)?.type ?? '', cleanCell(r.title), r.id]);
  io.stdout.write(renderTable(['TYPE', 'TITLE', 'ID'], rows, {
    tty: io.stdout.isTTY === true,
    columns: io.stdout.columns,
    flex: 1,
    style: outStyle(io),
  }));
  if (response.truncated) {
    say(io, errStyle(io).warn(`Showing the first ${response.results.length} matches; more exist. Refine the query to narrow them.`));
  }
}
