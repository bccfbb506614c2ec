// The child process of ./catalogue-build.ts, in one of two roles:
//   build OUT FILE START END final   reads and indexes the whole of FILE and writes the index to
//       OUT (./index-file.ts), the priors worked out;
//   part OUT FILE START END          reads and indexes the lines of FILE that start in
//       [START, END), one part of a file built in parts (./part-builds.ts), and answers that it
//       is built; then, as the server says once every part is, either writes its part (its
//       records' hierarchy with it) to OUT, or, the last part to be built, merges the others'
//       files and its own part, in order, into the index of the whole (./index-merge.ts), written
//       to the file it is given — no process of its own to start, and its own part neither
//       written nor read back.
// It answers in one message per step and ends when the server lets it go, taking everything
// it allocated with it. The merge loads only its own modules after the build's.
import { rmSync } from 'node:fs';
import type { IndexerAnswer, IndexerOrder } from './part-builds.js';
import { writeIndexFile } from './index-file.js';
import type { IndexPart } from './index-merge.js';
import type { CatalogueParser as Parser } from './source-record.js';

const [role, out, file, start, end] = process.argv.slice(2) as [string, string, string, string, string];
// The server went away (stopped, or killed), or has what it wanted: nothing more to do.
process.on('disconnect', () => process.exit(0));

/** The index of the lines that start in [start, end), or the answer that says why there is none. */
async function build(whole: boolean): Promise<IndexerAnswer | IndexPart> {
  const [{ readCatalogueFileSync }, { SearchIndexBuilder }, { CatalogueParser }] = await Promise.all([
    import('./catalogue-reader.js'),
    import('./search-index-builder.js'),
    import('./source-record.js'),
  ]);
  const builder = new SearchIndexBuilder();
  const parser: Parser = new CatalogueParser((e, line) => {
    if (parser.issues.length === 0) builder.add(e, line);
  }, Number(start) === 0);
  readCatalogueFileSync(file, parser, { start: Number(start), end: Number(end) });
  if (parser.issues.length > 0) return { ok: false, issues: parser.issues, count: parser.count };
  if (whole) {
    if (parser.count === 0) return { ok: false, issues: [], count: 0 };
    writeIndexFile(out, builder.finishArrays(false).parts);
    return { ok: true, count: parser.count };
  }
  const { parts, hierarchy } = builder.finishArrays(true);
  return { parts, children: hierarchy.children };
}

function nextOrder(): Promise<IndexerOrder> {
  return new Promise((resolve) => process.once('message', resolve));
}

async function part(): Promise<IndexerAnswer> {
  const built = await build(false);
  if (!('parts' in built)) return built;
  const count = built.parts.store.labelEnds.length;
  process.send!({ ok: true, count, built: true } satisfies IndexerAnswer);
  const { merge } = await nextOrder();
  if (!merge) {
    writeIndexFile(out, built);
    return { ok: true, count };
  }
  // The other parts are not needed once merged (nor if this child is stopped: its server went away).
  const others = merge.parts.filter((f): f is string => f !== null);
  process.on('exit', () => {
    for (const f of others) rmSync(f, { force: true });
  });
  const { mergePartFiles } = await import('./index-merge.js');
  const whole = mergePartFiles(merge.parts.map((f) => f ?? built));
  if (!whole) return { ok: false, issues: [], count: 0, clash: true };
  writeIndexFile(merge.out, whole);
  return { ok: true, count: whole.store.labelEnds.length };
}

let answer: IndexerAnswer;
try {
  answer = role === 'part' ? await part() : ((await build(true)) as IndexerAnswer);
} catch (error) {
  answer = { ok: false, issues: [], count: 0, failure: (error as Error).message };
}
process.send!(answer);
