// Memory and start-up at scale (issue 19): `rcat-server start` as its own process on a catalogue
// of one record (the empty server's baseline), the shipped one, and synthetic ones ten and a
// hundred times larger (./support/synthetic-catalogue.ts). For each, two starts over one data
// dir: the first indexes the catalogue, the restart reads the index the first kept in the
// index cache; then, on a fresh data dir, `catalogue import` (timed: it indexes the file into
// that data dir's index cache) and a start on the imported catalogue. For each start: ready = spawn until the first search is answered (index built
// or read, demo token from the first start's --demo); resident memory (VmRSS) a few
// seconds after that and a few searches and record reads; the server's own peak (VmHWM); and
// the peak of the server with its indexer child together (sampled every 50 ms), which is what a
// host must have free while a catalogue is built. Per record = (RSS − baseline RSS) ÷ records.
// Set RCAT_BENCH_MEMORY_FOLDS=1,10 to leave out the hundred-fold catalogue (it takes minutes
// to write and load). Traffic goes only to 127.0.0.1.
// Run by bench/run.ts, or alone: node --import tsx bench/memory.bench.ts (after `npm run build`)
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue.js';
import { parseCatalogueLines } from '../src/server/catalogue/source-record.js';
import { writeSynthetic } from './support/synthetic-catalogue.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SETTLE_MS = 3000;
const SMALL_YOUNG_GENERATION = '--max-semi-space-size=4';
/** 1,000 distinct searches of one to three words of the shipped catalogue's names (the same for every row). */
function burstQueries(labels: readonly string[]): string[] {
  const queries = new Set<string>();
  for (let i = 0; queries.size < 1000; i++) {
    const q = labels[(i * 7919) % labels.length]!.split(/\s+/).slice(0, 1 + (i % 3)).join(' ');
    if (q.length >= 2 && q.length <= 120) queries.add(q);
  }
  return [...queries];
}
let BURST: readonly string[] = [];
const FOLDS = (process.env.RCAT_BENCH_MEMORY_FOLDS ?? '1,10,100').split(',').map(Number);

interface Row {
  name: string;
  records: number;
  fileMb: number;
  readyS: number;
  /** The restart over the same data dir: ready and RSS with the index read from the index cache. */
  restartReadyS: number;
  restartRssMb: number;
  /** `catalogue import` on a fresh data dir (it indexes ahead), then the first start on it. */
  importS: number;
  afterImportReadyS: number;
  rssMb: number;
  peakMb: number;
  peakWithIndexerMb: number;
  searchesPerS: number;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // the process ended meanwhile
  }
}

/** RSS of the process and its children (the indexer), in kB. */
function treeRssKb(pid: number): number {
  let total = statusKb(pid, 'VmRSS');
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) total += treeRssKb(Number(child));
  } catch {
    // no children file: nothing to add
  }
  return total;
}

function waitForToken(server: ChildProcess, known?: string): Promise<{ url: string; token: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const look = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (url && known) return resolve({ url, token: known });
      const token = out.match(/(rcat_at_[A-Za-z0-9_-]+)/)?.[1];
      if (url && token) resolve({ url, token });
    };
    server.stdout!.on('data', look);
    server.stderr!.on('data', look);
    server.once('exit', (code) => reject(new Error(`rcat-server exited (${code}) before it was ready:\n${out.slice(-2000)}`)));
  });
}

interface Start {
  readyS: number;
  /** Searches answered per second, 4 at a time, after the RSS was read (distinct queries: no answer cache). */
  searchesPerS: number;
  rssMb: number;
  peakMb: number;
  peakWithIndexerMb: number;
  token: string;
}

/** One `rcat-server start` on a data dir: until ready, a few searches and record reads, then RSS. */
/** `file` null: the data dir's imported catalogue. */
async function start(dir: string, file: string | null, records: number, known?: string, nodeOptions?: string): Promise<Start> {
  const limits = path.join(dir, 'limits.json');
  const started = performance.now();
  const catalogue = file ? ['--catalogue', file] : [];
  const server = spawn(process.execPath, [path.join(ROOT, 'bin/rcat-server.js'), '--data-dir', path.join(dir, 'data'), 'start', '--demo', '--port', '0', ...catalogue, '--access-log', 'off', '--limits', limits], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: nodeOptions === undefined ? process.env : { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  let peakTree = 0;
  const sampler = setInterval(() => {
    peakTree = Math.max(peakTree, treeRssKb(server.pid!));
  }, 50);
  try {
    const { url, token } = await waitForToken(server, known);
    const headers = { authorization: `Bearer ${token}` };
    const search = async (q: string) => {
      const res = await fetch(`${url}/api/agent/catalog/search?query=${encodeURIComponent(q)}`, { headers });
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      return (await res.json()) as { results: { id: string }[] };
    };
    const first = await search('microscope');
    const readyS = (performance.now() - started) / 1000;
    for (const q of ['mass spectrometry', 'NMR', 'synchrotron', 'Max Planck Institute']) {
      for (const r of (await search(q)).results.slice(0, 3)) {
        const res = await fetch(`${url}/api/agent/catalog/record?id=${encodeURIComponent(r.id)}`, { headers });
        if (res.status !== 200) throw new Error(`record read answered ${res.status}`);
        await res.arrayBuffer();
      }
    }
    if (first.results.length === 0 && records > 1) throw new Error('no result for "microscope"');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    peakTree = Math.max(peakTree, treeRssKb(server.pid!));
    const measured = { readyS, rssMb: statusKb(server.pid!, 'VmRSS') / 1024, peakMb: statusKb(server.pid!, 'VmHWM') / 1024, peakWithIndexerMb: peakTree / 1024, token };
    const burstStarted = performance.now();
    let next = 0;
    await Promise.all([0, 1, 2, 3].map(async () => {
      while (next < BURST.length) await search(BURST[next++]!);
    }));
    return { ...measured, searchesPerS: BURST.length / ((performance.now() - burstStarted) / 1000) };
  } finally {
    clearInterval(sampler);
    server.kill('SIGKILL');
    await new Promise((resolve) => (server.exitCode === null && server.signalCode === null ? server.once('exit', resolve) : resolve(null)));
  }
}

async function measure(name: string, file: string, records: number, nodeOptions?: string): Promise<Row> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-memory-'));
  const huge = { perMinute: 1e9, perDay: null, perMonth: null };
  writeFileSync(path.join(dir, 'limits.json'), JSON.stringify({ preset: 'variant-a', standard: huge, paid: huge, company: huge }));
  try {
    const first = await start(dir, file, records, undefined, nodeOptions);
    const again = await start(dir, file, records, first.token, nodeOptions);
    const fresh = path.join(dir, 'imported');
    mkdirSync(fresh);
    writeFileSync(path.join(fresh, 'limits.json'), JSON.stringify({ preset: 'variant-a', standard: huge, paid: huge, company: huge }));
    const importStarted = performance.now();
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/rcat-server.js'), '--data-dir', path.join(fresh, 'data'), 'catalogue', 'import', file, '--no-progress']);
    const importS = (performance.now() - importStarted) / 1000;
    const afterImport = await start(fresh, null, records, undefined, nodeOptions);
    return {
      importS,
      afterImportReadyS: afterImport.readyS,
      name,
      records,
      fileMb: statSync(file).size / 1048576,
      readyS: first.readyS,
      rssMb: first.rssMb,
      peakMb: first.peakMb,
      peakWithIndexerMb: first.peakWithIndexerMb,
      restartReadyS: again.readyS,
      restartRssMb: again.rssMb,
      searchesPerS: first.searchesPerS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function memoryBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-memory-files-'));
  try {
    const shipped = parseCatalogueLines(readFileSync(SHIPPED_CATALOGUE, 'utf8')).entries;
    BURST = burstQueries(shipped.map((e) => e.label));
    const one = path.join(dir, 'one.jsonl');
    writeFileSync(one, `${readFileSync(SHIPPED_CATALOGUE, 'utf8').split('\n')[0]}\n`);
    const baseline = await measure('one record (baseline)', one, 1);
    const rows = [baseline];
    for (const fold of FOLDS) {
      if (fold === 1) {
        rows.push(await measure('shipped', SHIPPED_CATALOGUE, shipped.length));
        // The operator's setting docs/operations.md describes: a young generation of 2 × 4 MB instead of V8's 2 × 16 MB.
        rows.push(await measure(`shipped, NODE_OPTIONS=${SMALL_YOUNG_GENERATION}`, SHIPPED_CATALOGUE, shipped.length, SMALL_YOUNG_GENERATION));
        continue;
      }
      const file = path.join(dir, `fold-${fold}.jsonl`);
      const records = writeSynthetic(shipped, fold, file);
      rows.push(await measure(`synthetic ${fold}×`, file, records));
      rmSync(file, { force: true });
    }
    const f1 = (x: number) => x.toFixed(1);
    const perRecord = (r: Row) => (r.records > 1 ? `${(((r.rssMb - baseline.rssMb) * 1024) / r.records).toFixed(2)}` : '—');
    return [
      '## Memory and start-up at scale',
      '',
      '`bench/memory.bench.ts`: `rcat-server start` as its own process on each catalogue (JSON store, access log off), twice over one data dir: the first start indexes the catalogue, the restart reads the index the first kept (`<data-dir>/index-cache/`; files up to 256 KiB are indexed in the server and not cached). Ready = spawn until the first search is answered; RSS = resident memory 3 s after that and a few searches and record reads; server peak = its VmHWM; with indexer = the peak of the server and its indexer child processes together (sampled every 50 ms), what a host needs free while a catalogue is built. Per record = (RSS − the one-record baseline) ÷ records, first start. Searches/s = 1,000 distinct searches (one to three words of the shipped names, no answer cache hit), 4 at a time, after the first start\'s RSS was read. The row with `NODE_OPTIONS` runs the server with an operator\'s own young-generation flag, which takes the place of the launcher\'s (Node\'s growth up to that size instead of none; docs/operations.md, Memory). Import = `rcat-server catalogue import` of the file into a fresh data dir (it validates, indexes a file over 256 KiB into that data dir\'s index cache, and writes the file durably); after import = the first start on that data dir.',
      '',
      '| catalogue | records | file MB | ready s, first start | ready s, restart | import s | ready s, after import | RSS MB | RSS MB, restart | per record KB | server peak MB | peak with indexer MB | searches/s |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.records} | ${f1(r.fileMb)} | ${r.readyS.toFixed(2)} | ${r.restartReadyS.toFixed(2)} | ${r.importS.toFixed(2)} | ${r.afterImportReadyS.toFixed(2)} | ${f1(r.rssMb)} | ${f1(r.restartRssMb)} | ${perRecord(r)} | ${f1(r.peakMb)} | ${f1(r.peakWithIndexerMb)} | ${r.searchesPerS.toFixed(0)} |`,
      ),
      '',
      `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end; the machine may be shared, so ready times vary from run to run more than memory does.`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await memoryBench()}\n`);
