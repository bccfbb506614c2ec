// Search on both stores, at the shipped catalogue size and 10x (issues 9 and 16). Two comparisons,
// each against a baseline measured in the same run:
//  1. REST search through an `rcat-server` process on the JSON store vs one on PostgreSQL (same
//     in-memory index; what differs is the store work every request does: checking the token and
//     charging the limits), at 10 and at 64 concurrent connections, with what a request costs:
//     server CPU, database CPU and database round trips (bench/support/host-costs.ts);
//  2. the search itself: the in-memory index vs a PostgreSQL full-text query (ts_rank, weights
//     A title / B synonyms / C body, prefix match of the last word) over the same records — the
//     alternative docs/postgres.md argues against — with how far their top 20 agree.
// Needs Debian's postgresql binaries (a throwaway cluster on 127.0.0.1, as in the tests).
// Run by bench/run.ts, or alone: node --import tsx bench/postgres.bench.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { Catalogue, SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue.js';
import { parseCatalogueLines } from '../src/server/catalogue/source-record.js';
import { JsonStore } from '../src/server/store/json/index.js';
import { PostgresStore } from '../src/server/store/postgres/index.js';
import { type PostgresCluster, startPostgres } from '../test/support/postgres.js';
import { startServerProcess } from '../test/support/server-process.js';
import { benchToken, COUNT_STATEMENTS, costMeter, databaseMeter } from './support/host-costs.js';

const DURATION_S = Number(process.env.RCAT_BENCH_SECONDS ?? 3);
const ROUNDS = 3;
/** 10: the clients wait on each answer, so latency decides; 64: enough to keep both hosts busy. */
const CONNECTIONS = [10, 64];
const QUERIES = [
  'mass spectrometry',
  'electron microscope',
  'nmr spectroscopy',
  'liquid chromatography',
  'x-ray diffraction',
  'flow cytometry',
  'confocal',
  'spectro',
  'laser ablation',
  'university hospital',
];

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  serverCpuMs: number;
  databaseCpuMs: number;
  statements: number;
}

/** The shipped catalogue repeated `times` times with distinct source ids (hence distinct entity ids). */
function scaledCatalogue(dir: string, times: number): string {
  const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').split('\n').filter((l) => l.trim());
  const out: string[] = [];
  for (let k = 0; k < times; k++) {
    for (const line of lines) {
      const record = JSON.parse(line) as Record<string, unknown>;
      if (k > 0) {
        delete record.id;
        record.sourceId = `${record.sourceId as string}#copy${k}`;
        record.label = `${record.label as string} ${k}`;
        // A copy's merged terms are copies too, so their retired IDs stay distinct.
        if (Array.isArray(record.mergedTerms)) {
          record.mergedTerms = record.mergedTerms.map(({ id: _id, ...t }: Record<string, unknown>) => ({ ...t, sourceId: `${t.sourceId as string}#copy${k}` }));
        }
      }
      out.push(JSON.stringify(record));
    }
  }
  const file = path.join(dir, `catalogue-x${times}.jsonl`);
  writeFileSync(file, `${out.join('\n')}\n`);
  return file;
}

interface Target {
  url: string;
  token: string;
  meter: ReturnType<typeof costMeter>;
}

async function measure(target: Target, connections: number, seconds = DURATION_S): Promise<Run> {
  await target.meter.start();
  const result = await autocannon({ url: target.url, connections, duration: seconds, headers: { authorization: `Bearer ${target.token}` } });
  const costs = await target.meter.stop(result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors, ...costs };
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

function ftsQuery(query: string): string | null {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

async function loadFts(client: pg.Client, file: string): Promise<void> {
  await client.query('DROP TABLE IF EXISTS catalogue_fts');
  await client.query(`CREATE TABLE catalogue_fts (
    id text PRIMARY KEY, title text NOT NULL, synonyms text NOT NULL, body text NOT NULL,
    doc tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', synonyms), 'B') || setweight(to_tsvector('english', body), 'C')
    ) STORED)`);
  const { entries } = parseCatalogueLines(readFileSync(file, 'utf8'));
  for (let i = 0; i < entries.length; i += 2000) {
    const rows = entries.slice(i, i + 2000).map((e) => ({
      id: e.id,
      title: e.label,
      synonyms: e.synonyms.join(' '),
      body: [e.definition, e.parents.join(' '), e.manufacturer, e.parentOrganizations?.join(' '), e.city, e.country].filter(Boolean).join(' '),
    }));
    await client.query('INSERT INTO catalogue_fts (id, title, synonyms, body) SELECT id, title, synonyms, body FROM jsonb_to_recordset($1::jsonb) AS x(id text, title text, synonyms text, body text)', [JSON.stringify(rows)]);
  }
  await client.query('CREATE INDEX catalogue_fts_doc ON catalogue_fts USING gin (doc)');
  await client.query('ANALYZE catalogue_fts');
}

/** Mean milliseconds per query over `reps` passes of QUERIES, and the top-20 ids per query. */
async function timeQueries(run: (q: string) => Promise<string[]> | string[], reps: number): Promise<{ ms: number; tops: Map<string, string[]> }> {
  const tops = new Map<string, string[]>();
  for (const q of QUERIES) tops.set(q, await run(q)); // warm-up and results
  const started = performance.now();
  for (let r = 0; r < reps; r++) for (const q of QUERIES) await run(q);
  return { ms: (performance.now() - started) / (reps * QUERIES.length), tops };
}

function overlap(a: Map<string, string[]>, b: Map<string, string[]>): { top1: number; top20: number } {
  let top1 = 0;
  let shared = 0;
  let total = 0;
  for (const q of QUERIES) {
    const x = a.get(q) ?? [];
    const y = new Set(b.get(q) ?? []);
    if (x[0] !== undefined && x[0] === (b.get(q) ?? [])[0]) top1++;
    shared += x.filter((id) => y.has(id)).length;
    total += Math.max(x.length, y.size);
  }
  return { top1, top20: total ? shared / total : 1 };
}

/** Two rcat-server processes, one per store, on the same catalogue; the REST rows for one catalogue size. */
async function restRows(dir: string, cluster: PostgresCluster, catalogue: string, size: string, limits: string): Promise<string[]> {
  const dbUrl = await cluster.createDatabase('bench');
  const jsonDir = path.join(dir, `data-${size}-json`);
  const seed = async (store: JsonStore | PostgresStore) => {
    try {
      return await benchToken(store, 'bench@example.test');
    } finally {
      await store.close();
    }
  };
  const tokens = [await seed(await JsonStore.open(jsonDir)), await seed(await PostgresStore.open(dbUrl))];
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  const database = await databaseMeter(admin);
  const startMs: number[] = [];
  const hosts = [];
  try {
    for (const global of [['--data-dir', jsonDir], ['--data-dir', path.join(dir, `data-${size}-pg`), '--store', dbUrl]]) {
      const t = performance.now();
      hosts.push(await startServerProcess(global, ['--catalogue', catalogue, '--limits', limits], {}, 300_000));
      startMs.push(performance.now() - t);
    }
    const targets: Target[] = hosts.map((host, i) => ({
      url: `${host.url}/api/agent/catalog/search?query=mass%20spectrometry`,
      token: tokens[i]!,
      meter: costMeter(() => [host.child.pid!], i === 1 ? database : null),
    }));
    const rows: string[] = [];
    for (const connections of CONNECTIONS) {
      for (const t of targets) await measure(t, connections, 1); // warm-up
      const runs: Run[][] = [[], []];
      for (let r = 0; r < ROUNDS; r++) for (let i = 0; i < 2; i++) runs[i]!.push(await measure(targets[i]!, connections));
      const [json, onPg] = [median(runs[0]!), median(runs[1]!)];
      const non2xx = [...runs[0]!, ...runs[1]!].reduce((n, x) => n + x.non2xx, 0);
      rows.push(
        `| ${size} | ${connections} | ${json.rps.toFixed(0)} | ${onPg.rps.toFixed(0)} | **${(onPg.rps / json.rps).toFixed(2)}** | ${json.p50} / ${json.p99} | ${onPg.p50} / ${onPg.p99} | ${json.serverCpuMs.toFixed(3)} / ${onPg.serverCpuMs.toFixed(3)} | ${onPg.statements.toFixed(2)} | ${onPg.databaseCpuMs.toFixed(3)} | ${(startMs[0]! / 1000).toFixed(1)} / ${(startMs[1]! / 1000).toFixed(1)} | ${non2xx} |`,
      );
    }
    return rows;
  } finally {
    for (const host of hosts) await host.stop();
    await admin.end();
  }
}

/** The search alone: the in-memory index vs PostgreSQL full-text search over the same records. */
async function searchRow(cluster: PostgresCluster, catalogue: string, size: string): Promise<string> {
  const records = Catalogue.fromEntries(parseCatalogueLines(readFileSync(catalogue, 'utf8')).entries, 'http://bench', catalogue);
  const client = new pg.Client({ connectionString: await cluster.createDatabase('fts') });
  await client.connect();
  try {
    await loadFts(client, catalogue);
    // The engine itself (not Catalogue.search, whose answer cache would answer repeats).
    const memory = await timeQueries((q) => records.index.search(q).hits.map((h) => h.id), 20);
    const fts = await timeQueries(async (q) => {
      const tsq = ftsQuery(q);
      if (!tsq) return [];
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM catalogue_fts, to_tsquery('english', $1) q WHERE doc @@ q ORDER BY ts_rank(doc, q) DESC, id LIMIT 20`,
        [tsq],
      );
      return rows.map((r) => r.id);
    }, 20);
    const agree = overlap(memory.tops, fts.tops);
    return `| ${size} | ${memory.ms.toFixed(2)} | ${fts.ms.toFixed(2)} | ${(fts.ms / memory.ms).toFixed(2)} | ${agree.top1} / ${QUERIES.length} | ${(agree.top20 * 100).toFixed(0)} % |`;
  } finally {
    await client.end();
  }
}

export default async function postgresBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-pg-'));
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e12, perDay: 1e12, perMonth: 1e12 };
  writeFileSync(limits, JSON.stringify({ standard: huge, paid: huge, company: huge }));
  const cluster = await startPostgres({ settings: [COUNT_STATEMENTS] });
  const restTable: string[] = [];
  const searchTable: string[] = [];
  try {
    for (const times of [1, 10]) {
      const catalogue = times === 1 ? SHIPPED_CATALOGUE : scaledCatalogue(dir, times);
      const count = parseCatalogueLines(readFileSync(catalogue, 'utf8')).entries.length;
      const size = `${times === 1 ? 'shipped' : `${times}×`} (${count.toLocaleString('en')})`;
      restTable.push(...(await restRows(dir, cluster, catalogue, size, limits)));
      searchTable.push(await searchRow(cluster, catalogue, size));
    }
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    '## PostgreSQL store: search on both stores',
    '',
    '`bench/postgres.bench.ts`: REST search (`GET /api/agent/catalog/search?query=mass spectrometry`, one account) against two real `rcat-server`',
    `processes, one on the JSON store and one on PostgreSQL (a throwaway local cluster), alternating, ${ROUNDS} runs of ${DURATION_S} s per host and`,
    'concurrency, median shown. Both answer from the same in-memory index; the PostgreSQL host checks the token and charges the limits in',
    'the database on every request. Ratio = req/s PostgreSQL ÷ JSON, same run. Latency in ms. Server CPU = the rcat-server process\'s',
    'user + system time per request; round trips = statements the database ran per request (pg_stat_statements); database CPU = the',
    'whole cluster\'s CPU time per request. Start = seconds to start (index the catalogue; PostgreSQL: + connect and migrate).',
    '',
    '| catalogue (records) | connections | req/s JSON | req/s PostgreSQL | ratio | p50 / p99 JSON | p50 / p99 PostgreSQL | server CPU ms/req JSON / PostgreSQL | round trips / req | database CPU ms/req | start JSON / PostgreSQL s | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...restTable,
    '',
    `The search alone, mean ms per query over ${QUERIES.length} queries × 20 passes, one client: the in-memory index vs a PostgreSQL full-text`,
    "query (GIN index, `ts_rank` with weights A title / B synonyms / C body, `english` stemming, prefix match of the last word).",
    'Agreement = same first result, and the share of top-20 ids both return.',
    '',
    '| catalogue | in-memory ms | PostgreSQL FTS ms | ratio | same first result | top-20 overlap |',
    '| --- | --- | --- | --- | --- | --- |',
    ...searchTable,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await postgresBench());
}
