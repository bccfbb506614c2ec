// The index cache (src/server/catalogue/index-cache.ts): a built index kept in the data dir and
// read back, answering exactly as a fresh build; never used for other bytes (a changed file, even
// one rewritten in place at the same size), never trusted when damaged (checked, deleted, built
// again), kept to the two most recent entries, and left off with a note when its folder cannot
// be written. One test runs the real server twice over one data dir.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndexHere } from '../src/server/catalogue/catalogue-build.js';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue.js';
import type { IndexCache } from '../src/server/catalogue/index-cache.js';
import { DamagedIndexFileError, readIndexFile, writeIndexFile } from '../src/server/catalogue/index-file.js';
import type { SearchIndex } from '../src/server/catalogue/search-index.js';
import { type CatalogueEntry, parseCatalogueLines } from '../src/server/catalogue/source-record.js';
import { fromDist } from './support/built.js';
import { answerDigests, type GoldenCatalogue, goldenQueries } from './support/search-golden.js';
import { seedDataDir } from './support/seed-data-dir.js';
import { startServerProcess } from './support/server-process.js';
import { scratchDirs } from './support/server.js';

// The cache and its builds as the server runs them, from dist/ (./support/built.ts): each build
// here is a child process. The index each is compared with is built here, from the sources.
const { buildIndexCached } = fromDist.catalogueBuild;
const { engineFingerprint, IndexCache: BuiltIndexCache } = fromDist.indexCache;

const scratch = scratchDirs();
afterAll(scratch.cleanup);
const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n');

/** A catalogue of the shipped catalogue's first n lines. */
function catalogueOf(n: number, dir = scratch.dir(), name = 'catalogue.jsonl'): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.slice(0, n).join('\n')}\n`);
  return file;
}

// Root ignores permission bits, so a read-only folder is made with the immutable attribute.
function setReadOnly(dir: string, readOnly: boolean): void {
  if (process.getuid?.() === 0) execFileSync('chattr', [readOnly ? '+i' : '-i', dir]);
  else execFileSync('chmod', [readOnly ? '0555' : '0755', dir]);
}

function cacheWithLog(dir: string): { cache: IndexCache; log: string[] } {
  const log: string[] = [];
  return { cache: new BuiltIndexCache(dir, (line) => log.push(line)), log };
}

function entries(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.index')) : [];
}

/** What a fresh in-thread build of a catalogue's bytes answers: built once per distinct content in this file. */
const builtHere = new Map<string, { parsed: CatalogueEntry[]; queries: string[]; size: number; answers: GoldenCatalogue }>();
function answersHere(file: string) {
  const text = readFileSync(file, 'utf8');
  const key = createHash('sha256').update(text).digest('hex');
  let known = builtHere.get(key);
  if (!known) {
    const here = buildIndexHere(file);
    const parsed = parseCatalogueLines(text).entries;
    const queries = goldenQueries(parsed).filter((_, i) => i % 10 === 0);
    known = { parsed, queries, size: here.size, answers: answerDigests(here, queries) };
    builtHere.set(key, known);
  }
  return known;
}

/** Same answers to a spread of queries, and the same records, as an index built here from the same bytes. */
function expectSameAs(index: SearchIndex, file: string): void {
  const { parsed, queries, size, answers } = answersHere(file);
  expect(index.size).toBe(size);
  expect(answerDigests(index, queries)).toEqual(answers);
  for (const e of [parsed[0]!, parsed[Math.floor(parsed.length / 2)]!, parsed.at(-1)!]) expect(index.records.entry(index.records.find(e.id))).toEqual(e);
}

describe('the index file', () => {
  it('refuses a file cut short or with a changed byte, and one that is not an index', () => {
    const dir = scratch.dir();
    const file = path.join(dir, 'x.index');
    writeIndexFile(file, { a: new Int32Array([1, 2, 3]), b: ['x', 'y'], c: new Float64Array(100).fill(0.5) });
    expect(readIndexFile<{ a: Int32Array }>(file).a).toEqual(new Int32Array([1, 2, 3]));
    const bytes = readFileSync(file);
    bytes[bytes.length - 20]! ^= 1;
    writeFileSync(file, bytes);
    expect(() => readIndexFile(file)).toThrow(DamagedIndexFileError);
    truncateSync(file, bytes.length - 100);
    expect(() => readIndexFile(file)).toThrow(DamagedIndexFileError);
    writeFileSync(file, 'not an index at all, just some text');
    expect(() => readIndexFile(file)).toThrow(DamagedIndexFileError);
  });
});

describe('the index cache', { timeout: 180_000 }, () => {
  it('keeps a built index and reads it back, answering as a fresh build', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(300, dir);
    const cacheDir = path.join(dir, 'index-cache');
    const first = cacheWithLog(cacheDir);
    const built = await buildIndexCached(file, first.cache);
    expect(first.log.filter((l) => /read from the index cache/.test(l))).toEqual([]);
    expect(entries(cacheDir)).toHaveLength(1);
    expect(entries(cacheDir)[0]).toContain(engineFingerprint());

    const second = cacheWithLog(cacheDir);
    const read = await buildIndexCached(file, second.cache);
    expect(second.log).toEqual([expect.stringMatching(/^catalogue index read from the index cache \(300 records, \d+ ms\)$/)]);
    expect(read).not.toBe(built);
    expectSameAs(read, file);
  });

  it('keeps the index of a file built in parts and reads it back', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(900, dir);
    const cacheDir = path.join(dir, 'index-cache');
    const first = cacheWithLog(cacheDir);
    const built = await buildIndexCached(file, first.cache, 3);
    expectSameAs(built, file);
    // The entry, and nothing else.
    expect(readdirSync(cacheDir).filter((n) => n !== 'digests.json')).toEqual([expect.stringMatching(/\.index$/)]);
    expect(first.log).toEqual([]);

    const second = cacheWithLog(cacheDir);
    const read = await buildIndexCached(file, second.cache, 3);
    expect(second.log).toEqual([expect.stringMatching(/^catalogue index read from the index cache \(900 records, \d+ ms\)$/)]);
    expectSameAs(read, file);
  });

  it('does not use an index for other bytes, even a file rewritten in place at the same size', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(300, dir);
    const cacheDir = path.join(dir, 'index-cache');
    await buildIndexCached(file, cacheWithLog(cacheDir).cache);
    const text = readFileSync(file, 'utf8');
    const label = parseCatalogueLines(text).entries[150]!.label;
    const renamed = label.replace(/[a-z]/, (c) => (c === 'q' ? 'z' : 'q'));
    expect(renamed).not.toBe(label);
    writeFileSync(file, text.replace(JSON.stringify(label).slice(1, -1), JSON.stringify(renamed).slice(1, -1)));
    expect(statSync(file).size).toBe(Buffer.byteLength(text));

    const { cache, log } = cacheWithLog(cacheDir);
    const index = await buildIndexCached(file, cache);
    expect(log.filter((l) => /read from the index cache/.test(l))).toEqual([]);
    expect(index.records.label(150)).toBe(renamed);
    expectSameAs(index, file);
    expect(entries(cacheDir)).toHaveLength(2);
  });

  it('builds again when an entry is damaged or cut short, and replaces it', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(250, dir);
    const cacheDir = path.join(dir, 'index-cache');
    await buildIndexCached(file, cacheWithLog(cacheDir).cache);
    const entry = path.join(cacheDir, entries(cacheDir)[0]!);
    const size = statSync(entry).size;
    for (const damage of [
      () => {
        const bytes = readFileSync(entry);
        bytes[Math.floor(bytes.length * 0.7)]! ^= 0x40;
        writeFileSync(entry, bytes);
      },
      () => truncateSync(entry, Math.floor(size / 2)),
    ]) {
      damage();
      const { cache, log } = cacheWithLog(cacheDir);
      const index = await buildIndexCached(file, cache);
      expectSameAs(index, file);
      expect(log, log.join('\n')).toEqual([expect.stringMatching(/not used \(the index file (is damaged|ends early)/)]);
      // Whatever happened, what is in the cache now is a whole index again.
      expect(entries(cacheDir)).toHaveLength(1);
      expect(() => readIndexFile(path.join(cacheDir, entries(cacheDir)[0]!))).not.toThrow();
    }
  });

  it('keeps the two most recently used entries', async () => {
    const dir = scratch.dir();
    const cacheDir = path.join(dir, 'index-cache');
    const [a, b, c] = [200, 201, 202].map((n) => catalogueOf(n, dir, `c${n}.jsonl`));
    for (const file of [a!, b!, c!]) await buildIndexCached(file, cacheWithLog(cacheDir).cache);
    const { cache } = cacheWithLog(cacheDir);
    const [keyA, keyB, keyC] = await Promise.all([a!, b!, c!].map((f) => cache.keyOf(f)));
    expect(entries(cacheDir).sort()).toEqual([keyB, keyC].map((k) => path.basename(cache.entry(k!))).sort()); // the oldest, a's, went
    expect(existsSync(cache.entry(keyA!))).toBe(false);
    const again = cacheWithLog(cacheDir);
    await buildIndexCached(c!, again.cache);
    expect(again.log).toEqual([expect.stringMatching(/read from the index cache \(202 records/)]);
  });

  it('indexes as before, with one note, when its folder is read-only', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(200, dir);
    const cacheDir = path.join(dir, 'index-cache');
    mkdirSync(cacheDir);
    setReadOnly(cacheDir, true);
    try {
      const { cache, log } = cacheWithLog(cacheDir);
      expectSameAs(await buildIndexCached(file, cache), file);
      await buildIndexCached(file, cache);
      expect(log).toEqual([expect.stringMatching(/^index cache off: .* cannot be written \((EPERM|EACCES|EROFS)\)$/)]);
      expect(readdirSync(cacheDir)).toEqual([]);
    } finally {
      setReadOnly(cacheDir, false);
    }
  });

  it('reads an entry from a folder that has become read-only', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(200, dir);
    const cacheDir = path.join(dir, 'index-cache');
    await buildIndexCached(file, cacheWithLog(cacheDir).cache);
    // The folder and its files (as root, immutable: not even their times can change).
    const locked = [cacheDir, ...readdirSync(cacheDir).map((n) => path.join(cacheDir, n))];
    for (const f of locked) setReadOnly(f, true);
    try {
      const { cache, log } = cacheWithLog(cacheDir);
      expectSameAs(await buildIndexCached(file, cache), file);
      expect(log).toEqual([expect.stringMatching(/^catalogue index read from the index cache \(200 records/)]);
    } finally {
      for (const f of locked) setReadOnly(f, false);
    }
  });

  it('indexes as before, with a note, when its disk fills up while the index is written', async (context) => {
    const dir = scratch.dir();
    const file = catalogueOf(200, dir);
    const cacheDir = path.join(dir, 'index-cache');
    mkdirSync(cacheDir);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', cacheDir], { stdio: 'ignore' });
    } catch {
      // Mounting needs root (CI's container has it); the read-only case above covers the rest.
      process.stderr.write('catalogue-index-cache: cannot mount a tmpfs here; the full-disk case is not run\n');
      return context.skip();
    }
    try {
      const { cache, log } = cacheWithLog(cacheDir);
      expectSameAs(await buildIndexCached(file, cache), file);
      expect(log).toEqual([expect.stringMatching(/^index cache: not written \(.*ENOSPC.*\); indexing the catalogue without it$/)]);
      expect(readdirSync(cacheDir).filter((n) => n !== 'digests.json')).toEqual([]); // no entry, no temp file left
    } finally {
      execFileSync('umount', ['-l', cacheDir], { stdio: 'ignore' });
    }
  });

  it('indexes as before, with one note, when its folder cannot be made', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(200, dir);
    const { cache, log } = cacheWithLog(path.join(file, 'index-cache')); // under a file: ENOTDIR
    expectSameAs(await buildIndexCached(file, cache), file);
    expect(log).toEqual([expect.stringMatching(/^index cache off: .* cannot be created \(ENOTDIR\)$/)]);
  });
});

describe('a server restarted over the same data dir', { timeout: 240_000 }, () => {
  it('reads the index from the cache and answers as before', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(500, dir);
    expect(statSync(file).size).toBeGreaterThan(256 * 1024); // indexed by the child, through the cache
    const dataDir = path.join(dir, 'data');
    mkdirSync(dataDir);
    const { token } = (await seedDataDir(dataDir, { accounts: 1, records: 1 })).accounts[0]!;
    const answers: string[] = [];
    for (const round of [1, 2]) {
      // The test run's shared cache (RCAT_INDEX_CACHE, test/support/global-setup.ts) is not used: the data dir's own is.
      const server = await startServerProcess(['--data-dir', dataDir], ['--catalogue', file, '--access-log', 'off'], { RCAT_INDEX_CACHE: '' });
      try {
        const cached = /read from the index cache \(500 records/.test(server.stderr());
        expect(cached, server.stderr()).toBe(round === 2);
        let text = '';
        for (const q of ['microscope', 'mass spectrometry', 'NMR', 'cryo electron']) {
          const res = await fetch(`${server.url}/api/agent/catalog/search?query=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${token}` } });
          expect(res.status).toBe(200);
          text += (await res.text()).replaceAll(server.url, 'BASE'); // the port differs
        }
        answers.push(text);
      } finally {
        await server.stop();
      }
    }
    expect(answers[0]).toMatch(/"title":"microscopy"/);
    expect(answers[1]).toBe(answers[0]);
    expect(entries(path.join(dataDir, 'index-cache'))).toHaveLength(1);
  });

  it('keeps the index where --index-cache or RCAT_INDEX_CACHE says, or nowhere with "off"', async () => {
    const dir = scratch.dir();
    const file = catalogueOf(500, dir);
    const dataDir = path.join(dir, 'data');
    mkdirSync(dataDir);
    const elsewhere = path.join(dir, 'elsewhere');
    const byEnv = path.join(dir, 'by-env');
    const start = async (args: string[], env: Record<string, string>) => {
      const server = await startServerProcess(['--data-dir', dataDir], ['--catalogue', file, '--access-log', 'off', ...args], env);
      await server.stop();
    };
    await start(['--index-cache', 'off'], { RCAT_INDEX_CACHE: byEnv });
    await start([], { RCAT_INDEX_CACHE: 'off' });
    expect([elsewhere, byEnv, path.join(dataDir, 'index-cache')].filter((d) => existsSync(d))).toEqual([]);
    await start(['--index-cache', elsewhere], { RCAT_INDEX_CACHE: byEnv }); // the flag wins
    expect(entries(elsewhere)).toHaveLength(1);
    expect(existsSync(byEnv)).toBe(false);
    await start([], { RCAT_INDEX_CACHE: byEnv });
    expect(entries(byEnv)).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'index-cache'))).toBe(false);
  });
});
