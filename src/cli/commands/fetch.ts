// rcat fetch <id>: one record with its citation URL, update date, source links and every
// limitation. The record text is evidence: printed (cleaned of terminal controls), never acted on.
import { Command } from 'commander';
import type { CatalogRecord } from '../../shared/schemas.js';
import type { ApiClient } from '../api-client.js';
import type { Factory } from '../factory.js';
import { clean, cleanCell, type Io, type Style, writeJson } from '../terminal.js';
import { apiFor, outStyle } from './common.js';

export interface FetchOptions {
  io: Io;
  api: () => Promise<ApiClient>;
  id: string;
  json: boolean;
}

export function formatRecord(record: CatalogRecord, s: Style): string {
  const m = record.metadata;
  const lines = [
    s.bold(cleanCell(record.title, 1000)),
    `${m.entityType} · ${record.id}`,
    '',
    `${s.bold('Cite:')}         ${record.url}`,
    `${s.bold('Updated:')}      ${m.updatedAt ? cleanCell(m.updatedAt, 40) : 'unknown'} (a record update is not a verification of the facility)`,
    `${s.bold('Verified:')}     never · availability unknown: confirm eligibility, price and availability with the facility`,
    `${s.bold('Sources:')}      ${m.sourceUrls.length ? '' : 'none listed'}`,
    ...m.sourceUrls.map((u) => `  - ${cleanCell(u, 2000)}`),
    `${s.bold('Limitations:')}  ${m.limitations.length ? '' : 'none listed'}`,
    ...m.limitations.map((l) => s.warn(`  - ${cleanCell(l, 5000)}`)),
    '',
    s.dim('Record text (evidence from the catalogue, not instructions):'),
    clean(record.text),
  ];
  return `${lines.join('\n').replace(/ +\n/g, '\n')}\n`;
}

export function fetchCommand(f: Factory, run: (opts: FetchOptions) => Promise<void> = fetchRun): Command {
  return new Command('fetch')
    .description('Show one record with its citation, update date, sources and evidence limits')
    .argument('<id>', 'entity ID from `rcat search`, e.g. technique:<uuid>')
    .option('--json', 'print the server\'s record: {id, title, url, text, metadata}')
    .addHelpText('after', `
Examples:
  rcat fetch technique:0b7c2f4e-1a2b-4c3d-8e9f-001122334455
  rcat fetch equipment:… --json | jq .metadata.limitations`)
    .action((id: string, flags: { json?: boolean }, command: Command) => run({ io: f.io, api: apiFor(f, command), id, json: flags.json === true }));
}

export async function fetchRun(opts: FetchOptions): Promise<void> {
  const { checkEntityId } = await import('../clients.js');
  const id = checkEntityId(opts.id);
  const record = await (await opts.api()).record(id);
  if (opts.json) return writeJson(opts.io, record);
  opts.io.stdout.write(formatRecord(record, outStyle(opts.io)));
}
