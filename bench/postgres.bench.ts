// Search on both stores, at the shipped catalogue size and 10x (issue 9). Two comparisons, each
// against a baseline measured in the same run:
//  1. REST search through a server on the JSON store vs one on PostgreSQL (same in-memory index;
//     what differs is the store work every request does: token lookup, account, limit charge);
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
import { startServer } from '../src/server/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import { startPostgres } from '../test/support/postgres.js';

const DURATION_S = Number(process.env.RCAT_BENCH_SECONDS ?? 3);
const ROUNDS = 2;
const CONNECTIONS = 10;
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

async function measure(url: string, token: string): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${token}` } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
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

export default async function postgresBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-pg-'));
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e12, perDay: 1e12, perMonth: 1e12 };
  writeFileSync(limits, JSON.stringify({ standard: huge, paid: huge, company: huge }));
  const cluster = await startPostgres();
  const restRows: string[] = [];
  const searchRows: string[] = [];
  try {
    for (const times of [1, 10]) {
      const catalogue = times === 1 ? SHIPPED_CATALOGUE : scaledCatalogue(dir, times);
      const dbUrl = await cluster.createDatabase('bench');
      const servers = [];
      const startMs: number[] = [];
      for (const store of [undefined, dbUrl]) {
        const t = performance.now();
        servers.push(await startServer({ port: 0, dataDir: path.join(dir, `data-${times}-${store ? 'pg' : 'json'}`), cataloguePath: catalogue, limits, store }, { log: () => {} }));
        startMs.push(performance.now() - t);
      }
      try {
        const targets = [];
        for (const server of servers) {
          const account = await server.deps.store.accounts.create({ email: 'bench@example.test', name: 'Bench', company: 'Bench Co', plan: 'standard', paidUntil: null, passwordHash: null });
          const token = (await mintAgentToken(server.deps.store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' })).token;
          targets.push({ url: `${server.url}/api/agent/catalog/search?query=mass%20spectrometry`, token });
        }
        for (const t of targets) await measure(t.url, t.token); // warm-up
        const runs: Run[][] = [[], []];
        for (let r = 0; r < ROUNDS; r++) for (let i = 0; i < 2; i++) runs[i]!.push(await measure(targets[i]!.url, targets[i]!.token));
        const [json, onPg] = [median(runs[0]!), median(runs[1]!)];
        const records = new Catalogue(parseCatalogueLines(readFileSync(catalogue, 'utf8')).entries, 'http://bench', catalogue);
        restRows.push(
          `| ${times === 1 ? 'shipped' : `${times}×`} (${records.entries.length.toLocaleString('en')}) | ${json.rps.toFixed(0)} | ${onPg.rps.toFixed(0)} | ${(onPg.rps / json.rps).toFixed(2)} | ${json.p50} / ${json.p99} | ${onPg.p50} / ${onPg.p99} | ${(startMs[0]! / 1000).toFixed(1)} / ${(startMs[1]! / 1000).toFixed(1)} | ${[...runs[0]!, ...runs[1]!].reduce((n, x) => n + x.non2xx, 0)} |`,
        );

        // The search alone: in-memory index vs PostgreSQL full-text search over the same records.
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        try {
          await loadFts(client, catalogue);
          // The engine itself (not Catalogue.search, whose answer cache would answer repeats).
          const memory = await timeQueries((q) => records.index.search(q).hits.map((h) => h.entry.id), 20);
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
          searchRows.push(
            `| ${times === 1 ? 'shipped' : `${times}×`} | ${memory.ms.toFixed(2)} | ${fts.ms.toFixed(2)} | ${(fts.ms / memory.ms).toFixed(2)} | ${agree.top1} / ${QUERIES.length} | ${(agree.top20 * 100).toFixed(0)} % |`,
          );
        } finally {
          await client.end();
        }
      } finally {
        for (const s of servers) await s.close();
      }
    }
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    '## PostgreSQL store: search on both stores',
    '',
    `REST search (\`GET /api/agent/catalog/search?query=mass spectrometry\`), ${CONNECTIONS} connections, JSON-store server vs PostgreSQL-store server`,
    `(throwaway local cluster), alternating, ${ROUNDS} runs of ${DURATION_S} s each, median shown. Both answer from the same in-memory index; the`,
    'PostgreSQL server also looks up the token and account and charges the limits in the database on every request.',
    'Ratio = req/s PostgreSQL ÷ JSON. Latency in ms. Start = seconds to start (index the catalogue; PostgreSQL: + connect and migrate).',
    '',
    '| catalogue (records) | req/s JSON | req/s PostgreSQL | ratio | p50 / p99 JSON | p50 / p99 PostgreSQL | start JSON / PostgreSQL s | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...restRows,
    '',
    `The search alone, mean ms per query over ${QUERIES.length} queries × 20 passes, one client: the in-memory index vs a PostgreSQL full-text`,
    "query (GIN index, `ts_rank` with weights A title / B synonyms / C body, `english` stemming, prefix match of the last word).",
    'Agreement = same first result, and the share of top-20 ids both return.',
    '',
    '| catalogue | in-memory ms | PostgreSQL FTS ms | ratio | same first result | top-20 overlap |',
    '| --- | --- | --- | --- | --- | --- |',
    ...searchRows,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await postgresBench());
}
