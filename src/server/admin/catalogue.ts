// rcat-server catalogue import|info
//
// `import FILE` validates every line of an operator's catalogue (docs/catalogue-format.md),
// reports each invalid line with its number, and writes nothing unless every line is valid; then
// it replaces `<data-dir>/catalogue.jsonl` atomically and durably. A server running on that data
// dir picks the new catalogue up without a restart: a small one on its next request, a large one
// once indexed in the background (src/server/catalogue/live-catalogue.ts).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { EntityType } from '../../shared/entity-id.js';
import { importedCataloguePath, locateCatalogue } from '../catalogue/catalogue-location.js';
import { CATALOGUE_LIMITS, type CatalogueEntry, type ParseIssue, parseCatalogueBytes, storedLine } from '../catalogue/source-record.js';
import { removeStaleTempFiles, writeFileDurably } from '../util/durable-file.js';
import type { AdminContext } from './context.js';
import { OperatorError } from './exit-codes.js';
import { printJson } from './io.js';

/** The file cannot be read or is not a valid catalogue (not a usage error): exit 1 after the report. */
export class CatalogueImportError extends OperatorError {
  constructor(message: string) {
    super('error', message);
    this.name = 'CatalogueImportError';
  }
}

function countByType(entries: readonly CatalogueEntry[]): Record<EntityType, number> {
  const counts: Record<EntityType, number> = { equipment: 0, laboratory: 0, technique: 0 };
  for (const e of entries) counts[e.type]++;
  return counts;
}

/** IDs of terms merged into other records (docs/catalogue-format.md, "Merged terms"). */
function countRetired(entries: readonly CatalogueEntry[]): number {
  return entries.reduce((n, e) => n + e.retiredIds.length, 0);
}

/** The stored form: the documented format with the stable `id` first on every line. */
function serialise(entries: readonly CatalogueEntry[]): string {
  return `${entries.map(storedLine).join('\n')}\n`;
}

async function readCatalogueFile(file: string): Promise<Buffer> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (error) {
    throw new CatalogueImportError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  if (!stat.isFile()) throw new CatalogueImportError(`${file} is not a file`);
  if (stat.size > CATALOGUE_LIMITS.maxFileBytes) throw new CatalogueImportError(`${file} is larger than ${CATALOGUE_LIMITS.maxFileBytes} bytes`);
  return fs.readFile(file);
}

function describeIssues(issues: readonly ParseIssue[]): string {
  return issues.map((i) => `line ${i.line}: ${i.message}\n`).join('');
}

/** `catalogue import FILE`: validate every line; only when all are valid, write it durably. */
async function importCatalogue(ctx: AdminContext, file: string, opts: { dryRun?: boolean; json?: boolean }): Promise<void> {
  const source = file === '-' ? 'stdin' : path.resolve(file);
  const text = file === '-' ? await readStdin(ctx) : await readCatalogueFile(source);
  const { entries, issues } = parseCatalogueBytes(text);
  const target = importedCataloguePath(ctx.dataDir());
  const ok = issues.length === 0 && entries.length > 0;
  const written = ok && !opts.dryRun;
  if (written) {
    await fs.mkdir(ctx.dataDir(), { recursive: true, mode: 0o700 });
    await removeStaleTempFiles(target);
    await writeFileDurably(target, serialise(entries));
  }
  const report = {
    source,
    target,
    dryRun: Boolean(opts.dryRun),
    written,
    records: entries.length,
    byType: countByType(entries),
    retiredIds: countRetired(entries),
    invalidLines: issues.length,
    issues,
  };
  if (opts.json) printJson(ctx.io, report);
  else {
    ctx.io.stderr.write(describeIssues(issues));
    if (ok) {
      const counts = Object.entries(report.byType).map(([t, n]) => `${t} ${n}`).join(', ');
      const retired = report.retiredIds ? `; ${report.retiredIds} retired IDs of merged terms` : '';
      ctx.io.stdout.write(`${written ? 'Imported' : 'Valid (dry run, nothing written):'} ${entries.length} records (${counts}${retired})${written ? ` into ${target}` : ''}\n`);
    }
  }
  if (issues.length > 0) throw new CatalogueImportError(`${issues.length} invalid line(s); nothing was imported`);
  if (entries.length === 0) throw new CatalogueImportError('the file has no records; nothing was imported');
  if (written) ctx.io.stderr.write('A server running on this data dir uses it from its next request (a large catalogue: once indexed, within seconds).\n');

}

export function registerCatalogueCommands(program: Command, ctx: AdminContext): void {
  const catalogue = program.command('catalogue').description('import and inspect the catalogue a server answers from');

  catalogue
    .command('import')
    .description('validate a JSON Lines catalogue and, if every line is valid, make it the data dir\'s catalogue')
    .argument('<file>', 'catalogue in the JSON Lines format of docs/catalogue-format.md ("-" reads stdin)')
    .option('--dry-run', 'validate and count only; write nothing')
    .option('--json', 'print the report as JSON')
    .action((file: string, opts: { dryRun?: boolean; json?: boolean }) => importCatalogue(ctx, file, opts));

  catalogue
    .command('info')
    .description('show which catalogue a server on this data dir uses, and its counts per type')
    .option('--catalogue <file>', 'inspect this file instead (as `start --catalogue`)')
    .option('--json', 'print JSON')
    .action(async (opts: { catalogue?: string; json?: boolean }) => {
      const { file, origin } = locateCatalogue({ cataloguePath: opts.catalogue, dataDir: ctx.dataDir() });
      const { entries, issues } = parseCatalogueBytes(await readCatalogueFile(file));
      const stat = await fs.stat(file);
      const info = {
        file,
        origin,
        valid: issues.length === 0 && entries.length > 0,
        records: entries.length,
        byType: countByType(entries),
        retiredIds: countRetired(entries),
        invalidLines: issues.length,
        modifiedAt: stat.mtime.toISOString(),
        sources: [...new Set(entries.flatMap((e) => [e, ...(e.mergedTerms ?? [])].map((t) => t.source ?? 'unspecified')))].sort(),
      };
      if (opts.json) printJson(ctx.io, info);
      else {
        ctx.io.stdout.write(
          [
            `file:     ${file} (${origin})`,
            `records:  ${info.records} (${Object.entries(info.byType).map(([t, n]) => `${t} ${n}`).join(', ')})`,
            `retired:  ${info.retiredIds} IDs of terms merged into other records (each answers with its record)`,
            `sources:  ${info.sources.join(', ') || '-'}`,
            `modified: ${info.modifiedAt}`,
            `valid:    ${info.valid ? 'yes' : `no (${issues.length} invalid line(s))`}`,
            '',
          ].join('\n'),
        );
      }
      if (!info.valid) throw new CatalogueImportError(`${file} is not a valid catalogue`);
    });
}

async function readStdin(ctx: AdminContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.io.stdin) {
    const b = Buffer.from(chunk as Buffer);
    size += b.length;
    if (size > CATALOGUE_LIMITS.maxFileBytes) throw new CatalogueImportError(`stdin is larger than ${CATALOGUE_LIMITS.maxFileBytes} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
