// rcat-server catalogue import|info
//
// `import FILE` validates every line of an operator's catalogue (docs/catalogue-format.md),
// reports each invalid line with its number, and writes nothing unless every line is valid; then
// it replaces `<data-dir>/catalogue.jsonl` atomically and durably. A server running on that data
// dir picks the new catalogue up without a restart: a small one on its next request, a large one
// once indexed in the background (src/server/catalogue/live-catalogue.ts). A file over the
// in-thread limit is indexed before it is put in place, into the index cache the server reads
// (src/server/catalogue/index-cache.ts), so the server switches to it, or starts on it, at once.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { ENTITY_TYPES, type EntityType } from '../../shared/entity-id.js';
import { IN_THREAD_MAX_BYTES, indexIntoCache } from '../catalogue/catalogue-build.js';
import { importedCataloguePath, locateCatalogue } from '../catalogue/catalogue-location.js';
import { IndexCache } from '../catalogue/index-cache.js';
import { type ReadProgress, readCatalogue } from '../catalogue/catalogue-reader.js';
import { CATALOGUE_LIMITS, type CatalogueEntry, CatalogueParser, type ParseIssue, storedLine } from '../catalogue/source-record.js';
import { indexCacheDirOf } from '../config.js';
import { DurableFileWriter, removeStaleTempFiles } from '../util/durable-file.js';
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

/** What a read of a catalogue counts, record by record (no record is kept). */
class Tally {
  records = 0;
  retiredIds = 0;
  readonly byType = Object.fromEntries(ENTITY_TYPES.map((t) => [t, 0])) as Record<EntityType, number>;
  private readonly sourceNames = new Set<string>();

  add(e: CatalogueEntry): void {
    this.records++;
    this.byType[e.type]++;
    this.retiredIds += e.retiredIds.length;
    for (const t of [e, ...(e.mergedTerms ?? [])]) this.sourceNames.add(t.source ?? 'unspecified');
  }

  get sources(): string[] {
    return [...this.sourceNames].sort();
  }
}

async function checkCatalogueFile(file: string): Promise<void> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (error) {
    throw new CatalogueImportError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  if (!stat.isFile()) throw new CatalogueImportError(`${file} is not a file`);
  if (stat.size > CATALOGUE_LIMITS.maxFileBytes) throw new CatalogueImportError(`${file} is larger than ${CATALOGUE_LIMITS.maxFileBytes} bytes`);
}

function describeIssues(issues: readonly ParseIssue[]): string {
  return issues.map((i) => `line ${i.line}: ${i.message}\n`).join('');
}

/**
 * A progress line on stderr, redrawn at most a few times a second: lines validated, the share of
 * the file read, the rate. Only on a terminal (or with --progress); `done` clears it.
 */
function progressLine(ctx: AdminContext, shown: boolean): { update: (p: ReadProgress) => void; done: () => void } {
  const started = performance.now();
  let last = -Infinity;
  let drawn = false;
  const update = (p: ReadProgress) => {
    const now = performance.now();
    if (!shown || now - last < 200) return;
    last = now;
    const share = p.totalBytes > 0 ? ` (${Math.min(100, Math.floor((100 * p.bytes) / p.totalBytes))}%)` : '';
    const rate = Math.round(p.lines / Math.max(0.001, (now - started) / 1000));
    ctx.io.stderr.write(`\r\x1b[Kvalidated ${p.lines.toLocaleString('en')} lines${share}, ${rate.toLocaleString('en')} lines/s`);
    drawn = true;
  };
  return { update, done: () => drawn && ctx.io.stderr.write('\r\x1b[K') };
}

/**
 * Reads a catalogue through the validator a chunk at a time. With `writer`, every valid record's
 * stored line is written as it comes (until the first invalid line: then nothing will be used).
 */
async function readThrough(ctx: AdminContext, source: string, writer: DurableFileWriter | null, showProgress: boolean): Promise<{ tally: Tally; issues: ParseIssue[] }> {
  const tally = new Tally();
  let pending: string[] = [];
  const parser = new CatalogueParser((e) => {
    tally.add(e);
    if (writer && parser.issues.length === 0) pending.push(`${storedLine(e)}\n`);
  });
  const progress = progressLine(ctx, showProgress);
  try {
    await readCatalogue(source === 'stdin' ? ctx.io.stdin as AsyncIterable<Uint8Array> : source, parser, async (p) => {
      progress.update(p);
      if (pending.length > 0 && writer && parser.issues.length === 0) await writer.write(pending.join(''));
      pending = [];
    });
  } catch (error) {
    throw new CatalogueImportError(`cannot read ${source}: ${(error as Error).message}`);
  } finally {
    progress.done();
  }
  return { tally, issues: parser.issues };
}

interface ImportOptions {
  dryRun?: boolean;
  json?: boolean;
  indexCache?: string;
  progress?: boolean;
}

/** `catalogue import FILE`: validate every line; only when all are valid, write it durably. */
async function importCatalogue(ctx: AdminContext, file: string, opts: ImportOptions): Promise<void> {
  const source = file === '-' ? 'stdin' : path.resolve(file);
  if (source !== 'stdin') await checkCatalogueFile(source);
  const target = importedCataloguePath(ctx.dataDir());
  let writer: DurableFileWriter | null = null;
  if (!opts.dryRun) {
    await fs.mkdir(ctx.dataDir(), { recursive: true, mode: 0o700 });
    await removeStaleTempFiles(target);
    writer = await DurableFileWriter.open(target);
  }
  const showProgress = opts.progress ?? Boolean((ctx.io.stderr as { isTTY?: boolean }).isTTY);
  let read: { tally: Tally; issues: ParseIssue[] };
  try {
    read = await readThrough(ctx, source, writer, showProgress);
  } catch (error) {
    await writer?.discard();
    throw error;
  }
  const { tally, issues } = read;
  const ok = issues.length === 0 && tally.records > 0;
  let indexed = false;
  if (writer && ok) {
    indexed = await indexAhead(ctx, writer.tempPath, opts, tally.records);
    await writer.commit();
  } else await writer?.discard();
  const written = ok && writer !== null;
  const report = {
    source,
    target,
    dryRun: Boolean(opts.dryRun),
    written,
    indexed,
    records: tally.records,
    byType: tally.byType,
    retiredIds: tally.retiredIds,
    invalidLines: issues.length,
    issues,
  };
  if (opts.json) printJson(ctx.io, report);
  else {
    ctx.io.stderr.write(describeIssues(issues));
    if (ok) {
      const counts = Object.entries(report.byType).map(([t, n]) => `${t} ${n}`).join(', ');
      const retired = report.retiredIds ? `; ${report.retiredIds} retired IDs of merged terms` : '';
      ctx.io.stdout.write(`${written ? 'Imported' : 'Valid (dry run, nothing written):'} ${tally.records} records (${counts}${retired})${written ? ` into ${target}` : ''}\n`);
    }
  }
  if (issues.length > 0) throw new CatalogueImportError(`${issues.length} invalid line(s); nothing was imported`);
  if (tally.records === 0) throw new CatalogueImportError('the file has no records; nothing was imported');
  if (written && indexed) ctx.io.stderr.write('A server running on this data dir switches to it within seconds; a server started on it reads its index from the cache.\n');
  else if (written) ctx.io.stderr.write('A server running on this data dir uses it from its next request (a large catalogue: once indexed, within seconds).\n');
}

/**
 * Indexes a validated catalogue over the in-thread limit before it is put in place, into the
 * index cache the server reads, so a running server switches to it without indexing it and
 * the next start is as fast as a restart. The cache is keyed by the file's bytes, so the index
 * of the temporary file is the index of the file it becomes. A failure leaves the import as it
 * was: the server indexes the file itself.
 */
async function indexAhead(ctx: AdminContext, temp: string, opts: ImportOptions, records: number): Promise<boolean> {
  const dir = indexCacheDirOf(opts.indexCache ?? ctx.env.indexCache, ctx.dataDir());
  if (dir === null || (await fs.stat(temp)).size <= IN_THREAD_MAX_BYTES) return false;
  const started = performance.now();
  if (!opts.json) ctx.io.stderr.write(`Indexing ${records} records for the server (--index-cache off skips this)...\n`);
  const cache = new IndexCache(dir, (line) => ctx.io.stderr.write(`${line}\n`));
  let kept = false;
  try {
    kept = await indexIntoCache(temp, cache);
  } catch (error) {
    ctx.io.stderr.write(`not indexed ahead (${(error as Error).message})\n`);
  }
  if (kept && !opts.json) ctx.io.stderr.write(`Indexed in ${((performance.now() - started) / 1000).toFixed(1)} s into ${dir}\n`);
  if (!kept) ctx.io.stderr.write('The server indexes the catalogue itself when it loads it.\n');
  return kept;
}

export function registerCatalogueCommands(program: Command, ctx: AdminContext): void {
  const catalogue = program.command('catalogue').description('import and inspect the catalogue a server answers from');

  catalogue
    .command('import')
    .description('validate a JSON Lines catalogue and, if every line is valid, make it the data dir\'s catalogue')
    .argument('<file>', 'catalogue in the JSON Lines format of docs/catalogue-format.md ("-" reads stdin)')
    .option('--dry-run', 'validate and count only; write nothing')
    .option('--json', 'print the report as JSON')
    .option('--progress', 'show progress on stderr (lines validated, share of the file, rate); the default on a terminal')
    .option('--no-progress', 'no progress line, even on a terminal')
    .option('--index-cache <dir>', 'index a catalogue over 256 KiB into this folder before it is put in place, so a server switches to it or starts on it at once; "off" skips this (env RCAT_INDEX_CACHE; default DATA_DIR/index-cache, as for `start`)')
    .action((file: string, opts: ImportOptions) => importCatalogue(ctx, file, opts));

  catalogue
    .command('info')
    .description('show which catalogue a server on this data dir uses, and its counts per type')
    .option('--catalogue <file>', 'inspect this file instead (as `start --catalogue`)')
    .option('--json', 'print JSON')
    .action(async (opts: { catalogue?: string; json?: boolean }) => {
      const { file, origin } = locateCatalogue({ cataloguePath: opts.catalogue, dataDir: ctx.dataDir() });
      await checkCatalogueFile(file);
      const { tally, issues } = await readThrough(ctx, file, null, false);
      const stat = await fs.stat(file);
      const info = {
        file,
        origin,
        valid: issues.length === 0 && tally.records > 0,
        records: tally.records,
        byType: tally.byType,
        retiredIds: tally.retiredIds,
        invalidLines: issues.length,
        modifiedAt: stat.mtime.toISOString(),
        sources: tally.sources,
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
