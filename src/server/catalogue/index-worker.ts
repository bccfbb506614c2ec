// The child process of ./catalogue-build.ts, in one of two roles:
//   build FILE OUT START END [final]   reads and indexes the lines of FILE that start in
//       [START, END), and writes the index to OUT (./index-file.ts); `final` when it is the whole
//       file (the priors worked out), else a part with its records' hierarchy, to be merged;
//   merge OUT PART…                     merges the parts, in order, into the index of the whole
//       (./index-merge.ts), and removes the parts whenever it ends.
// It answers in one message and ends, taking everything it allocated with it. Each role loads
// only its own modules: the merge, on the way to a first start's first answer, needs none of
// the text rules or the import format.
import { rmSync } from 'node:fs';
import type { IndexerAnswer } from './catalogue-build.js';
import { writeIndexFile } from './index-file.js';
import type { IndexPart } from './index-merge.js';
import type { CatalogueParser as Parser } from './source-record.js';

const [role, out, ...rest] = process.argv.slice(2) as [string, string, ...string[]];
// The server went away (stopped, or killed): nobody wants the index.
process.on('disconnect', () => process.exit(0));

async function build(file: string, out: string, start: number, end: number, final: boolean): Promise<IndexerAnswer> {
  const [{ readCatalogueFileSync }, { indexParts, SearchIndexBuilder }, { CatalogueParser }] = await Promise.all([
    import('./catalogue-reader.js'),
    import('./search-index-builder.js'),
    import('./source-record.js'),
  ]);
  const builder = new SearchIndexBuilder();
  const parser: Parser = new CatalogueParser((e, line) => {
    if (parser.issues.length === 0) builder.add(e, line);
  }, start === 0);
  readCatalogueFileSync(file, parser, { start, end });
  if (parser.issues.length > 0) return { ok: false, issues: parser.issues, count: parser.count };
  if (final) {
    if (parser.count === 0) return { ok: false, issues: [], count: 0 };
    writeIndexFile(out, indexParts(builder.finish(false)));
  } else {
    const { index, hierarchy } = builder.finishPart();
    writeIndexFile(out, { parts: indexParts(index), children: hierarchy.children } satisfies IndexPart);
  }
  return { ok: true, count: parser.count };
}

async function merge(out: string, files: string[]): Promise<IndexerAnswer> {
  // The parts are not needed once merged (nor if this child is stopped: its server went away).
  process.on('exit', () => {
    for (const file of files) rmSync(file, { force: true });
  });
  const { mergePartFiles } = await import('./index-merge.js');
  const whole = mergePartFiles(files);
  if (!whole) return { ok: false, issues: [], count: 0, clash: true };
  writeIndexFile(out, whole);
  return { ok: true, count: whole.store.labels.length };
}

let answer: IndexerAnswer;
try {
  answer = role === 'merge' ? await merge(out, rest) : await build(rest[0]!, out, Number(rest[1]), Number(rest[2]), rest[3] === 'final');
} catch (error) {
  answer = { ok: false, issues: [], count: 0, failure: (error as Error).message };
}
process.send!(answer);
