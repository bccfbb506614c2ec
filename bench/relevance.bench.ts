// Search relevance: how often the record a researcher means comes first (recall@1), within the
// 20 results (recall@20), and the mean reciprocal rank (MRR), for rcat's engine and for a plain
// MiniSearch index of the same records, in the same run.
//   leave-one-out  a seeded sample of records with alternative names, stratified by kind; one
//                  name of each is taken out of the catalogue and searched for (bench/relevance/sample.ts),
//                  reported overall, per kind and per slice (bench/relevance/slices.ts);
//   every record   the same protocol over every record with alternative names (~10,000 queries,
//                  rcat only): a wider sample that no one has studied query by query;
//   hand-written   bench/relevance/queries.jsonl, queries as researchers type them, per class.
// Options (values after "=", so bench/run.ts does not read them as benchmark names):
//   --catalogue=FILE   the catalogue to evaluate (default: the shipped data/catalogue.jsonl)
//   --queries=FILE     the hand-written queries (default: bench/relevance/queries.jsonl)
//   --per-kind=N       records sampled per kind (default 400)
//   --seed=TEXT        the sample's seed (default "rcat-relevance-1")
//   --json[=FILE]      machine-readable results: to FILE, or instead of the tables on stdout
//   --failures=FILE    every query rcat does not rank first, one JSON object per line
//   --no-minisearch    rcat only (a quicker run while working on the engine)
//   --no-every-record  leave out the every-record set (a quicker run)
// Run by bench/run.ts (`npm run bench -- relevance`), or alone: node --import tsx bench/relevance.bench.ts
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue-location.js';
import type { CatalogueEntry } from '../src/server/catalogue/source-record.js';
import { loadHandWritten, QUERY_CLASSES } from './relevance/queries.js';
import { engineRanker, miniSearchRanker, MINISEARCH_OPTIONS, type Ranker } from './relevance/rankers.js';
import { comparisonTable } from './relevance/report.js';
import { KINDS, drawLeaveOneOut, loadCatalogue } from './relevance/sample.js';
import { type Breakdown, breakdown, type Run, runCases, type ScoredCase } from './relevance/score.js';
import { SLICES } from './relevance/slices.js';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface RelevanceOptions {
  catalogue: string;
  queries: string;
  perKind: number;
  seed: string;
  json: string | true | null;
  failures: string | null;
  miniSearch: boolean;
  everyRecord: boolean;
}

export function parseOptions(argv: readonly string[]): RelevanceOptions {
  const value = (name: string): string | undefined => {
    const arg = argv.find((a) => a.startsWith(`--${name}=`));
    return arg?.slice(name.length + 3);
  };
  const perKind = Number(value('per-kind') ?? 400);
  if (!Number.isInteger(perKind) || perKind < 1) throw new Error('--per-kind must be a positive whole number');
  return {
    catalogue: path.resolve(value('catalogue') ?? SHIPPED_CATALOGUE),
    queries: path.resolve(value('queries') ?? path.join(import.meta.dirname, 'relevance/queries.jsonl')),
    perKind,
    seed: value('seed') ?? 'rcat-relevance-1',
    json: value('json') ?? (argv.includes('--json') ? true : null),
    failures: value('failures') ?? null,
    miniSearch: !argv.includes('--no-minisearch'),
    everyRecord: !argv.includes('--no-every-record'),
  };
}

interface SetResult {
  cases: ScoredCase[];
  runs: Record<string, Run>;
  figures: Record<string, Breakdown>;
}

function evaluate(rankers: readonly Ranker[], cases: ScoredCase[], groups: readonly string[]): SetResult {
  const runs = Object.fromEntries(rankers.map((r) => [r.name, runCases(r, cases)]));
  const figures = Object.fromEntries(rankers.map((r) => [r.name, breakdown(cases, runs[r.name]!.outcomes, groups, KINDS)]));
  return { cases, runs, figures };
}

function commitOf(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Every query rcat does not rank first, with what came first and where MiniSearch ranked it. */
function failureLines(set: string, result: SetResult, byId: ReadonlyMap<string, CatalogueEntry>): string[] {
  const rcat = result.runs.rcat!.outcomes;
  const mini = result.runs.MiniSearch?.outcomes;
  const named = (id: string | null) => (id === null ? null : { id, label: byId.get(id)?.label ?? null });
  return result.cases.flatMap((c, i) =>
    rcat[i]!.rank === 1
      ? []
      : [JSON.stringify({
          set, query: c.query, kind: c.kind, groups: c.groups, expected: c.expected.map(named), rank: rcat[i]!.rank,
          first: named(rcat[i]!.first), miniSearchRank: mini ? mini[i]!.rank : undefined,
        })],
  );
}

export async function runRelevance(options: RelevanceOptions) {
  const all = loadCatalogue(options.catalogue);
  const sample = drawLeaveOneOut(all, options.perKind, options.seed);
  const rankers = [engineRanker(sample.entries), ...(options.miniSearch ? [miniSearchRanker(sample.entries)] : [])];
  const heldOut = sample.cases.map((c): ScoredCase => ({ query: c.query, expected: [c.expected], kind: c.kind, groups: c.slices }));
  const leaveOneOut = evaluate(rankers, heldOut, SLICES);
  const everySample = options.everyRecord ? drawLeaveOneOut(all, Number.POSITIVE_INFINITY, `${options.seed}/every-record`) : null;
  const everyRecord = everySample
    ? evaluate([engineRanker(everySample.entries)], everySample.cases.map((c): ScoredCase => ({ query: c.query, expected: [c.expected], kind: c.kind, groups: c.slices })), SLICES)
    : null;
  // The hand-written queries search the catalogue as it is (nothing held out).
  const complete = [engineRanker(all), ...(options.miniSearch ? [miniSearchRanker(all)] : [])];
  const written = loadHandWritten(options.queries, all);
  const handWritten = evaluate(complete, written.cases, QUERY_CLASSES);
  return {
    date: new Date().toISOString().slice(0, 10),
    commit: commitOf(),
    catalogue: {
      file: path.relative(ROOT, options.catalogue) || options.catalogue,
      records: all.length,
      sha256: createHash('sha256').update(readFileSync(options.catalogue)).digest('hex').slice(0, 16),
    },
    options: { perKind: options.perKind, seed: options.seed, miniSearch: MINISEARCH_OPTIONS },
    leaveOneOut,
    everyRecord,
    everySample,
    handWritten,
    sample,
    written,
    rankers,
    all,
  };
}

type Result = Awaited<ReturnType<typeof runRelevance>>;

function toJson(r: Result): string {
  const set = (s: SetResult) => ({
    queries: s.cases.length,
    figures: s.figures,
    medianMsPerQuery: Object.fromEntries(Object.entries(s.runs).map(([k, v]) => [k, v.medianMs])),
  });
  return `${JSON.stringify({
    date: r.date, commit: r.commit, catalogue: r.catalogue, options: r.options,
    leaveOneOut: { eligible: r.sample.eligible, sampled: r.sample.cases.length, skippedForLength: r.sample.skipped, ...set(r.leaveOneOut) },
    everyRecord: r.everyRecord && r.everySample ? { eligible: r.everySample.eligible, skippedForLength: r.everySample.skipped, ...set(r.everyRecord) } : null,
    handWritten: { skipped: r.written.skipped, ...set(r.handWritten) },
    buildMs: Object.fromEntries(r.rankers.map((k) => [k.name, k.buildMs])),
  }, null, 2)}\n`;
}

function everyRecordSection(r: Result): string[] {
  if (!r.everyRecord || !r.everySample) return [];
  const skipped = KINDS.map((k) => r.everySample!.skipped[k]).reduce((a, b) => a + b, 0);
  return [
    `Every record: the same protocol over every record with alternative names, ${r.everyRecord.cases.length.toLocaleString('en')} held-out names (seed "${r.options.seed}/every-record"; ${skipped} skipped for the 2–120 rule), rcat only. Three quarters of these are laboratories, so this table weighs the kinds as the catalogue does; its median ms per query: ${r.everyRecord.runs.rcat!.medianMs.toFixed(2)}.`,
    '',
    ...comparisonTable({ rankers: r.everyRecord.figures }, 'slice'),
    '',
  ];
}

function toMarkdown(r: Result): string {
  const counts = KINDS.map((k) => `${k} ${r.leaveOneOut.cases.filter((c) => c.kind === k).length} of ${r.sample.eligible[k].toLocaleString('en')}`).join(', ');
  const skipped = KINDS.map((k) => r.sample.skipped[k]).reduce((a, b) => a + b, 0);
  const ms = (name: string, s: SetResult) => (s.runs[name] ? s.runs[name]!.medianMs.toFixed(2) : '–');
  return [
    '## Search relevance',
    '',
    `\`bench/relevance.bench.ts\` on \`${r.catalogue.file}\` (${r.catalogue.records.toLocaleString('en')} records, sha256 ${r.catalogue.sha256}), ${r.date}${r.commit ? `, commit ${r.commit}` : ''}. R@1 / R@20 = share of queries whose record is first / within the 20 results; MRR = mean reciprocal rank (0 when not returned). MiniSearch: title boost ${MINISEARCH_OPTIONS.boost.title}, alternative names boost ${MINISEARCH_OPTIONS.boost.synonyms}, body text as rcat indexes it, prefix, fuzzy ${MINISEARCH_OPTIONS.fuzzy}.`,
    '',
    `Leave-one-out: ${r.leaveOneOut.cases.length} records with alternative names (seed "${r.options.seed}", up to ${r.options.perKind} per kind: ${counts}), one name of each held out of one index over all records and searched for; ${skipped} held-out name(s) skipped for the 2–120 character rule. A query can be in several slices.`,
    '',
    ...comparisonTable({ rankers: r.leaveOneOut.figures }, 'slice'),
    '',
    ...everyRecordSection(r),
    `Hand-written: ${r.handWritten.cases.length} researcher queries (\`bench/relevance/queries.jsonl\`) on the whole catalogue${r.written.skipped.length > 0 ? `; ${r.written.skipped.length} skipped, their record is not in this catalogue` : ''}.`,
    '',
    ...comparisonTable({ rankers: r.handWritten.figures }, 'class'),
    '',
    `Index build ${r.rankers.map((k) => `${k.name} ${(k.buildMs / 1000).toFixed(1)} s`).join(', ')}; median ms per leave-one-out query: ${r.rankers.map((k) => `${k.name} ${ms(k.name, r.leaveOneOut)}`).join(', ')}. Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
    '',
  ].join('\n');
}

export default async function relevanceBench(): Promise<string> {
  const options = parseOptions(process.argv.slice(2));
  const result = await runRelevance(options);
  for (const s of result.written.skipped) process.stderr.write(`relevance: skipped "${s.query}": ${s.reason}\n`);
  if (options.failures !== null) {
    const byId = new Map(result.all.map((e) => [e.id, e]));
    const lines = [
      ...failureLines('leave-one-out', result.leaveOneOut, byId),
      ...failureLines('hand-written', result.handWritten, byId),
      ...(result.everyRecord ? failureLines('every-record', result.everyRecord, byId) : []),
    ];
    writeFileSync(options.failures, lines.length > 0 ? `${lines.join('\n')}\n` : '');
    process.stderr.write(`relevance: ${lines.length} queries not ranked first written to ${options.failures}\n`);
  }
  if (typeof options.json === 'string') writeFileSync(options.json, toJson(result));
  return options.json === true ? toJson(result) : toMarkdown(result);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await relevanceBench());
}
