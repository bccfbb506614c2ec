// rcat search <query…>: a table of type, title and id; says when results were truncated. With
// --long, each result also shows the line that tells it apart from similar titles (the start of
// its definition; a laboratory's parent organisation and place: src/shared/record-snippet.ts,
// the line the website's search page shows), read from each record.
import { Command } from 'commander';
import { SEARCH_RESULT_LIMIT } from '../../shared/limits.js';
import { parseEntityId } from '../../shared/entity-id.js';
import type { ApiClient } from '../api-client.js';
import { redact } from '../redact.js';
import type { Factory } from '../factory.js';
import { clip, recordSnippet } from '../../shared/record-snippet.js';
import type { SearchResponse } from '../../shared/schemas.js';
import { cleanCell, type Io, renderTable, writeJson } from '../terminal.js';
import { apiFor, errStyle, outStyle, say } from './common.js';

export interface SearchOptions {
  io: Io;
  api: () => Promise<ApiClient>;
  query: string;
  json: boolean;
  /** Also read each result's record and show its one-line description. */
  long?: boolean;
}

/** Records read at once for --long. */
const LONG_CONCURRENCY = 4;

export function searchCommand(f: Factory, run: (opts: SearchOptions) => Promise<void> = searchRun): Command {
  return new Command('search')
    .description(`Search equipment, laboratories and techniques (at most ${SEARCH_RESULT_LIMIT} results)`)
    .argument('<query...>', 'what to look for, in plain words (2 to 120 characters)')
    .option('--json', 'print the server\'s search response: {results: [{id, title, url}], truncated}')
    .option('-l, --long', 'also show what tells each result apart (start of its definition; a laboratory\'s organisation and place): reads each record, one request per result against your limits')
    .addHelpText('after', `
Examples:
  rcat search cryo electron microscope
  rcat search "mass spectrometry" --json | jq -r '.results[].id'
  rcat search confocal --long

When more than ${SEARCH_RESULT_LIMIT} records match, the list is cut and the query should be refined.`)
    .action((words: string[], flags: { json?: boolean; long?: boolean }, command: Command) =>
      run({ io: f.io, api: apiFor(f, command), query: words.join(' '), json: flags.json === true, long: flags.long === true }));
}

export async function searchRun(opts: SearchOptions): Promise<void> {
  const { io } = opts;
  const { checkQuery } = await import('../clients.js');
  const query = await checkQuery(opts.query);
  const api = await opts.api();
  const response = await api.search(query);
  if (opts.json) return writeJson(io, response);
  if (response.results.length === 0) {
    say(io, `No matches for "${cleanCell(query, 120)}". Try other words.`);
    return;
  }
  const rows = response.results.map((r) => [parseEntityId(r.id)?.type ?? '', cleanCell(r.title), r.id]);
  const tty = io.stdout.isTTY === true;
  const snippets = opts.long ? await snippetsOf(io, api, response) : null;
  if (snippets && !tty) rows.forEach((row, i) => row.push(cleanCell(snippets[i] ?? '')));
  const table = renderTable(snippets && !tty ? ['TYPE', 'TITLE', 'ID', 'DESCRIPTION'] : ['TYPE', 'TITLE', 'ID'], rows, {
    tty,
    columns: io.stdout.columns,
    flex: 1,
    style: outStyle(io),
  });
  io.stdout.write(snippets && tty ? withSnippetLines(table, snippets, io) : table);
  if (response.truncated) {
    say(io, errStyle(io).warn(`Showing the first ${response.results.length} matches; more exist. Refine the query to narrow them.`));
  }
}

/**
 * Each result's one-line description, read from its record ('' when it has none). Stops reading at
 * the first failure (a rate limit, the server gone) and says so: the results are shown anyway.
 */
async function snippetsOf(io: Io, api: ApiClient, response: SearchResponse): Promise<string[]> {
  const out: string[] = response.results.map(() => '');
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < response.results.length) {
      const i = next++;
      const item = response.results[i]!;
      try {
        const record = await api.record(item.id);
        out[i] = recordSnippet(parseEntityId(item.id)?.type ?? '', record.text);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: LONG_CONCURRENCY }, worker));
  if (failure !== null) {
    const reason = redact(failure instanceof Error ? failure.message : String(failure));
    say(io, errStyle(io).warn(`Could not read every record for --long, so some descriptions are missing: ${reason}`));
  }
  return out;
}

/** The terminal table with each result's description on an indented line under its row. */
function withSnippetLines(table: string, snippets: string[], io: Io): string {
  const lines = table.replace(/\n$/, '').split('\n');
  const width = Math.max(20, (io.stdout.columns ?? 100) - 4);
  const dim = outStyle(io).dim;
  const out = [lines[0]!];
  lines.slice(1).forEach((line, i) => {
    out.push(line);
    if (snippets[i]) out.push(dim(`    ${clip(cleanCell(snippets[i]!), width)}`));
  });
  return `${out.join('\n')}\n`;
}
