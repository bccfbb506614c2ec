// `rcat-server catalogue import` of a catalogue over the in-thread limit indexes it into the index
// cache before putting it in place (src/server/admin/catalogue.ts), so a server started on the
// data dir reads the index instead of building it, and a running server switches to it without
// indexing it. All through the real programs: the import and the servers as child processes.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue.js';
import { runRcatServer, until } from './support/run-rcat-server.js';
import { seedDataDir } from './support/seed-data-dir.js';
import { scratchDirs } from './support/server.js';
import { startServerProcess } from './support/server-process.js';

const scratch = scratchDirs();
afterAll(scratch.cleanup);
const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n');

/** The shipped catalogue's lines from..to, as a file (500 lines are over the 256 KiB in-thread limit). */
function catalogueOf(dir: string, from: number, to: number): string {
  const file = path.join(dir, `lines-${from}-${to}.jsonl`);
  writeFileSync(file, `${lines.slice(from, to).join('\n')}\n`);
  expect(statSync(file).size).toBeGreaterThan(256 * 1024);
  return file;
}

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.index')) : []);
// The test run's shared cache (RCAT_INDEX_CACHE, test/support/global-setup.ts) is kept out: each test names its own.
const NO_RUN_CACHE = { RCAT_INDEX_CACHE: '' };

describe('catalogue import indexes a large catalogue ahead', { timeout: 180_000 }, () => {
  it('into the index cache, where a server started on the data dir reads it; "off" and small files skip it', async () => {
    const dir = scratch.dir();
    const dataDir = path.join(dir, 'data');
    const cacheDir = path.join(dir, 'cache');
    const imported = await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', catalogueOf(dir, 0, 500), '--index-cache', cacheDir], { env: NO_RUN_CACHE });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/^Indexing 500 records for the server \(--index-cache off skips this\)\.\.\.$/m);
    expect(imported.stderr).toMatch(new RegExp(`^Indexed in \\d+\\.\\d s into ${cacheDir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'));
    expect(entries(cacheDir)).toHaveLength(1);

    const server = await startServerProcess(['--data-dir', dataDir], ['--index-cache', cacheDir, '--access-log', 'off'], NO_RUN_CACHE);
    try {
      expect(server.stderr()).toMatch(/catalogue index read from the index cache \(500 records/);
    } finally {
      await server.stop();
    }

    // RCAT_INDEX_CACHE=off (as for `start`): nothing is indexed ahead, and the JSON report says so.
    const off = await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', catalogueOf(dir, 500, 1000), '--json'], { env: { RCAT_INDEX_CACHE: 'off' } });
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ written: true, indexed: false, records: 500 });
    expect(existsSync(path.join(dataDir, 'index-cache'))).toBe(false);
    // By default the cache is the data dir's own, as for `start`.
    const byDefault = await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', catalogueOf(dir, 1000, 1500), '--json'], { env: NO_RUN_CACHE });
    expect(JSON.parse(byDefault.stdout)).toMatchObject({ written: true, indexed: true, records: 500 });
    expect(entries(path.join(dataDir, 'index-cache'))).toHaveLength(1);
    // A small catalogue is indexed by the server in no time: no cache entry.
    const small = path.join(dir, 'small.jsonl');
    writeFileSync(small, `${lines.slice(0, 20).join('\n')}\n`);
    const smallImport = await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', small, '--json', '--index-cache', path.join(dir, 'small-cache')], { env: NO_RUN_CACHE });
    expect(JSON.parse(smallImport.stdout)).toMatchObject({ written: true, indexed: false, records: 20 });
    expect(existsSync(path.join(dir, 'small-cache'))).toBe(false);
  });

  it('so a running server switches to it by reading the index, not building it', async () => {
    const dir = scratch.dir();
    const dataDir = path.join(dir, 'data');
    mkdirSync(dataDir);
    const { token } = (await seedDataDir(dataDir, { accounts: 1, records: 1 })).accounts[0]!;
    const first = catalogueOf(dir, 0, 500);
    expect((await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', first, '--index-cache', 'off'], { env: NO_RUN_CACHE })).code).toBe(0);
    const server = await startServerProcess(['--data-dir', dataDir], ['--access-log', 'off'], NO_RUN_CACHE);
    try {
      const second = catalogueOf(dir, 2000, 2500);
      const label = JSON.parse(lines[2000]!).label as string;
      const imported = await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', second], { env: NO_RUN_CACHE });
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toMatch(/^A server running on this data dir switches to it within seconds/m);
      const search = async () => {
        const res = await fetch(`${server.url}/api/agent/catalog/search?query=${encodeURIComponent(label)}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { results: { title: string }[] }).results[0]?.title;
      };
      await until(async () => ((await search()) === label ? true : undefined), `the server answering from the imported catalogue ("${label}" first)`);
      const log = server.stderr();
      expect(log).toMatch(/catalogue index read from the index cache \(500 records/);
      expect(log).toMatch(/catalogue reloaded from .* \(500 records\)/);
    } finally {
      await server.stop();
    }
  });
});
