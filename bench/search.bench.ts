// Search performance, on the shipped catalogue and on a synthetic catalogue ten times larger
// (every real record plus nine variants with qualified titles, so the vocabulary and the
// posting lists grow like a real, larger catalogue would):
//   in process – median and p99 latency over a mix of realistic queries, and single-thread
//                throughput: of the engine (search, result items, JSON; no answer cache) and of
//                a repeated query answered from the answer cache;
//   HTTP       – GET /api/agent/catalog/search through the whole stack (bearer check, limits
//                with ceilings raised so nothing is refused, JSON) under autocannon, beside a
//                bare node:http server answering a fixed JSON body of the same size, in the
//                same run, alternating, reported as ratios: the realistic queries in rotation
//                (answered from the cache after their first time), the same on a second server
//                with the access log (a JSON file) and metrics on (what operating it costs per
//                request, docs/operations.md), and every request a query never asked before (the
//                cache never answers: search cost in full).
// Traffic goes only to 127.0.0.1.
// Run by bench/run.ts, or alone: node --import tsx bench/search.bench.ts (after `npx tsc -p .`)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Catalogue, SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue.js';
import { toSearchItem } from '../src/server/catalogue/record-view.js';
import type { SearchIndex } from '../src/server/catalogue/search-index.js';
import { buildSearchIndex } from '../src/server/catalogue/search-index-builder.js';
import { parseCatalogueLines, type CatalogueEntry } from '../src/server/catalogue/source-record.js';
import { synthesise } from './support/synthetic-catalogue.js';
import { startServer } from '../src/server/app/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import type { Limiter } from '../src/server/limits/limiter.js';

const QUERIES = [
  'scanning electron microscope', 'SEM', 'NMR', 'mass spec', 'mass spectrometry', 'CERN', 'x-ray diffraction',
  'confocal microscopy', 'flow cytometry', 'cryo-EM', 'PCR', 'chromatography', 'Max Planck Institute', 'spectrometrie',
  'electron micro', 'atomic force microscope', 'Raman spectroscopy', 'liquid chromatography tandem mass spectrometry',
  'synchrotron', 'university of', 'sequencing assay', 'scaning electron microscope', 'microscope', 'institute',
  'nuclear magnetic resonance', 'TEM', 'ICP-MS', 'proteomics facility', 'zurich', 'thermogravimetric analysis',
];
const IN_PROCESS_ROUNDS = Number(process.env.RCAT_BENCH_SEARCH_ROUNDS ?? 30);
const HTTP_SECONDS = Number(process.env.RCAT_BENCH_HTTP_SECONDS ?? 4);
const HTTP_ROUNDS = 3;
const CONNECTIONS = 10;
/** Swapped in to show how much of the HTTP cost is the limiter's durable debit. */
const passThrough: Limiter = { charge: async () => ({ allowed: true, headers: {} }) };

/** The ten-fold catalogue (./support/synthetic-catalogue.ts). */
export function synthesiseTenfold(entries: readonly CatalogueEntry[]): string {
  return synthesise(entries, 10);
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** What the server does for a query the answer cache does not hold: search, result items, JSON. */
function uncachedAnswer(catalogue: Catalogue, query: string): string {
  const { hits, truncated } = catalogue.index.search(query);
  return JSON.stringify({ results: hits.map((h) => toSearchItem(catalogue.baseUrl, h.entry)), truncated });
}

function inProcess(answer: (q: string) => unknown): { median: number; p99: number; perSecond: number } {
  for (const q of QUERIES) answer(q); // warm-up
  const times: number[] = [];
  const started = performance.now();
  for (let round = 0; round < IN_PROCESS_ROUNDS; round++) {
    for (const q of QUERIES) {
      const t = performance.now();
      answer(q);
      times.push(performance.now() - t);
    }
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99), perSecond: (times.length / elapsed) * 1000 };
}

interface HttpFigures {
  rps: number;
  p50: number;
  p99: number;
}

const DISTINCT_REQUEST = path.join(import.meta.dirname, 'support/distinct-query-request.cjs');
let distinctOffset = 0;

/**
 * Queries a researcher might type, all different: the first one, two and three words of every
 * record's name and alternative names, shuffled (fixed seed). Written to a file for the
 * autocannon worker (bench/support/distinct-query-request.cjs).
 */
function distinctQueries(entries: readonly CatalogueEntry[], file: string): number {
  const seen = new Set<string>();
  for (const e of entries) {
    for (const name of [e.label, ...e.synonyms]) {
      const words = name.toLowerCase().split(/\s+/).filter(Boolean);
      for (let n = 1; n <= Math.min(3, words.length); n++) {
        const q = words.slice(0, n).join(' ');
        if ([...q].length >= 2 && [...q].length <= 120) seen.add(q);
      }
    }
  }
  const list = [...seen];
  let seed = 42;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  writeFileSync(file, `${list.join('\n')}\n`);
  return list.length;
}

async function cannon(url: string, paths: string[] | 'distinct', headers: Record<string, string>): Promise<HttpFigures> {
  if (paths === 'distinct') {
    // Each run starts further along the list, so it asks nothing a previous run asked.
    process.env.RCAT_BENCH_DISTINCT_OFFSET = String(distinctOffset);
    distinctOffset += 200_000;
  }
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: HTTP_SECONDS,
    headers,
    requests: paths === 'distinct'
      ? [{ method: 'GET' as const, path: '/', setupRequest: DISTINCT_REQUEST as never }]
      : paths.map((p) => ({ method: 'GET' as const, path: p })),
    // The load generator runs in its own thread, so it does not compete with the server's event loop.
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx responses and ${result.errors} errors from ${url}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function bareBaseline(body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server on the catalogue with one paid account and its token; `operated`: access log (a JSON file) and metrics on. */
async function benchServer(cataloguePath: string, dir: string, label: string, operated: boolean) {
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e12, perDay: 1e12, perMonth: 1e12 };
  writeFileSync(limits, JSON.stringify({ standard: huge, paid: huge, company: huge }));
  const operations = operated ? { accessLog: path.join(dir, `access-${label}.log`), logFormat: 'json' as const, metrics: true } : {};
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: path.join(dir, `data-${label}${operated ? '-operated' : ''}`), cataloguePath, limits, ...operations }, { log: () => {} });
  const account = await server.deps.store.accounts.create({ email: 'bench@example.test', name: 'Bench', company: null, plan: 'paid', paidUntil: '2999-12-31', passwordHash: null });
  const { token } = await mintAgentToken(server.deps.store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' });
  return { server, auth: { authorization: `Bearer ${token}` } };
}

async function httpPath(cataloguePath: string, dir: string, label: string): Promise<{ label: string; server: HttpFigures; operated: HttpFigures; noLimits: HttpFigures; distinct: HttpFigures; bare: HttpFigures }> {
  const { server, auth } = await benchServer(cataloguePath, dir, label, false);
  const operated = await benchServer(cataloguePath, dir, label, true);
  try {
    const paths = QUERIES.map((q) => `/api/agent/catalog/search?query=${encodeURIComponent(q)}`);
    const sample = await (await fetch(`${server.url}${paths[0]}`, { headers: auth })).text();
    const bare = await bareBaseline(sample);
    try {
      const s: HttpFigures[] = [];
      const o: HttpFigures[] = [];
      const off: HttpFigures[] = [];
      const d: HttpFigures[] = [];
      const b: HttpFigures[] = [];
      const limiter = server.deps.limiter;
      await cannon(server.url, paths, auth); // warm-up
      await cannon(operated.server.url, paths, operated.auth);
      for (let round = 0; round < HTTP_ROUNDS; round++) {
        b.push(await cannon(bare.url, ['/'], {}));
        server.deps.limiter = limiter;
        s.push(await cannon(server.url, paths, auth));
        o.push(await cannon(operated.server.url, paths, operated.auth));
        server.deps.limiter = passThrough;
        off.push(await cannon(server.url, paths, auth));
        server.deps.limiter = limiter;
        d.push(await cannon(server.url, 'distinct', auth));
      }
      server.deps.limiter = limiter;
      const pick = (xs: HttpFigures[]) => ({ rps: median(xs.map((x) => x.rps)), p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)) });
      return { label, server: pick(s), operated: pick(o), noLimits: pick(off), distinct: pick(d), bare: pick(b) };
    } finally {
      await bare.close();
    }
  } finally {
    await server.close();
    await operated.server.close();
  }
}

/** Time to build the search index of a catalogue file, and the memory the process then holds. */
function indexFootprint(file: string): { buildMs: number; heapMb: number; rssMb: number } {
  const entries = parseCatalogueLines(readFileSync(file, 'utf8')).entries;
  const started = performance.now();
  const index = buildSearchIndex(entries);
  const buildMs = performance.now() - started;
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  if (index.size !== entries.length) throw new Error('index size mismatch');
  return { buildMs, heapMb: (heapUsed + arrayBuffers) / 1048576, rssMb: rss / 1048576 };
}

export default async function searchBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-search-'));
  try {
    const tenfoldFile = path.join(dir, 'tenfold.jsonl');
    writeFileSync(tenfoldFile, synthesiseTenfold(parseCatalogueLines(readFileSync(SHIPPED_CATALOGUE, 'utf8')).entries));
    const footprints = [
      { name: 'shipped', ...indexFootprint(SHIPPED_CATALOGUE) },
      { name: 'synthetic 10×', ...indexFootprint(tenfoldFile) },
    ];
    const shipped = Catalogue.loadFile(SHIPPED_CATALOGUE, 'http://127.0.0.1');
    const tenfold = Catalogue.loadFile(tenfoldFile, 'http://127.0.0.1');

    const rows = [
      { name: `shipped (${shipped.size} records)`, how: 'engine (no answer cache)', figures: inProcess((q) => uncachedAnswer(shipped, q)) },
      { name: `shipped (${shipped.size} records)`, how: 'answer cache hit', figures: inProcess((q) => shipped.searchAnswer(q)) },
      { name: `synthetic 10× (${tenfold.size} records)`, how: 'engine (no answer cache)', figures: inProcess((q) => uncachedAnswer(tenfold, q)) },
      { name: `synthetic 10× (${tenfold.size} records)`, how: 'answer cache hit', figures: inProcess((q) => tenfold.searchAnswer(q)) },
    ];
    const queriesFile = path.join(dir, 'distinct-queries.txt');
    const distinctCount = distinctQueries(parseCatalogueLines(readFileSync(SHIPPED_CATALOGUE, 'utf8')).entries, queriesFile);
    process.env.RCAT_BENCH_DISTINCT_QUERIES = queriesFile;
    const httpRows = [await httpPath(SHIPPED_CATALOGUE, dir, 'shipped'), await httpPath(tenfoldFile, dir, 'synthetic 10×')];

    const ms = (x: number) => x.toFixed(2);
    return [
      '## Search: in process and over HTTP',
      '',
      `\`bench/search.bench.ts\`: ${QUERIES.length} realistic queries (acronyms, phrases, partial words, a typo, facility names, broad single words).`,
      '',
      `In process (${IN_PROCESS_ROUNDS} rounds of every query, one thread; engine = \`SearchIndex.search\`, result items and JSON, what a query the answer cache does not hold costs; cache hit = \`Catalogue.searchAnswer\` for a query asked before):`,
      '',
      '| catalogue | path | median ms | p99 ms | searches/s |',
      '| --- | --- | --- | --- | --- |',
      ...rows.map((r) => `| ${r.name} | ${r.how} | ${ms(r.figures.median)} | ${ms(r.figures.p99)} | ${Math.round(r.figures.perSecond)} |`),
      '',
      'Index build (`SearchIndex.build` on parsed records, one after the other in this process; heap and RSS are the whole process right after each build, including the records):',
      '',
      '| catalogue | build s | heap + buffers MB | RSS MB |',
      '| --- | --- | --- | --- |',
      ...footprints.map((f) => `| ${f.name} | ${(f.buildMs / 1000).toFixed(1)} | ${Math.round(f.heapMb)} | ${Math.round(f.rssMb)} |`),
      '',
      `HTTP (\`GET /api/agent/catalog/search\`, ${CONNECTIONS} connections, ${HTTP_ROUNDS} alternating runs of ${HTTP_SECONDS} s, median run; bare = \`node:http\` answering a fixed JSON search response of the same size; limits on with ceilings raised, default \`--usage-sync background\`). "Realistic queries" = the ${QUERIES.length} queries in rotation (after its first time each is answered from the answer cache); "every query new" = each request a different query (${distinctCount.toLocaleString('en')} distinct names and name beginnings from the catalogue, never repeated within a run), so the cache never answers and every request pays the full search:`,
      '',
      '| catalogue | rcat | req/s | bare ÷ rcat | p50 / p99 ms |',
      '| --- | --- | --- | --- | --- |',
      ...httpRows.flatMap((r) => [
        `| ${r.label} | full stack, realistic queries | ${Math.round(r.server.rps)} | ${(r.bare.rps / r.server.rps).toFixed(2)}× | ${r.server.p50} / ${r.server.p99} |`,
        `| ${r.label} | full stack with access log (JSON file) and metrics, realistic queries | ${Math.round(r.operated.rps)} | ${(r.bare.rps / r.operated.rps).toFixed(2)}× | ${r.operated.p50} / ${r.operated.p99} |`,
        `| ${r.label} | limiter swapped for a pass-through, realistic queries | ${Math.round(r.noLimits.rps)} | ${(r.bare.rps / r.noLimits.rps).toFixed(2)}× | ${r.noLimits.p50} / ${r.noLimits.p99} |`,
        `| ${r.label} | full stack, every query new | ${Math.round(r.distinct.rps)} | ${(r.bare.rps / r.distinct.rps).toFixed(2)}× | ${r.distinct.p50} / ${r.distinct.p99} |`,
        `| ${r.label} | bare \`node:http\` baseline | ${Math.round(r.bare.rps)} | 1× | ${r.bare.p50} / ${r.bare.p99} |`,
      ]),
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      '',
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await searchBench());
}
