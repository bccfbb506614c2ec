// `rcat-server catalogue import|info` (in this process through the program's entry), and a
// running server switching to a catalogue imported by a child process without a restart (and
// never to a bad one).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { runRcatServer, runRcatServerInProcess, until } from './support/run-rcat-server.js';
import { scratchDirs, startTestServer, type TestServer } from './support/server.js';

// Temporary data dirs of this file, removed at the end.
const scratch = scratchDirs();
const scratchDir = scratch.dir;
afterAll(scratch.cleanup);

const GOOD = [
  { sourceId: 'LAB:1', source: 'Test', kind: 'laboratory', label: 'Quokka Imaging Facility', synonyms: ['QIF'], city: 'Perth', country: 'Australia', sourceUrls: ['https://example.org/qif'], updated: '2025-03-01' },
  { sourceId: 'EQ:1', kind: 'equipment', label: 'quokka cryo-microscope', definition: 'A microscope for quokka samples.' },
  { id: 'technique:11111111-2222-4333-8444-555555555555', sourceId: 'T:1', kind: 'technique', label: 'quokka staining' },
];

function writeLines(dir: string, name: string, lines: (object | string)[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`);
  return file;
}

describe('rcat-server catalogue import', { timeout: 120_000 }, () => {
  const work = scratchDir();

  it('reports every invalid line with its number and writes nothing', async () => {
    const dataDir = path.join(work, 'bad');
    const file = writeLines(work, 'bad.jsonl', [
      GOOD[0]!,
      { sourceId: 'X:2', kind: 'gizmo', label: 'unknown kind' },
      'this is not json',
      { ...GOOD[0]!, label: 'same source id again' },
      { sourceId: 'X:5', kind: 'technique', label: 'has an unknown field', colour: 'red' },
      { sourceId: 'X:6', kind: 'technique', label: 'bad link', sourceUrls: ['javascript:alert(1)'] },
      { id: 'equipment:11111111-2222-4333-8444-555555555555', sourceId: 'X:7', kind: 'technique', label: 'type mismatch' },
      { sourceId: 'X:8', kind: 'technique', label: 'bad\u0007title' },
    ]);
    const text = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', file]);
    expect(text.code, text.stderr).toBe(1);
    for (const n of [2, 3, 4, 5, 6, 7, 8]) expect(text.stderr).toMatch(new RegExp(`^line ${n}: `, 'm'));
    expect(text.stderr).not.toMatch(/^line 1: /m);
    expect(text.stderr).toMatch(/nothing was imported/);
    expect(text.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(path.join(dataDir, 'catalogue.jsonl'))).toBe(false);

    const json = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', file, '--json']);
    expect(json.code, json.stderr).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.written).toBe(false);
    expect(report.issues.map((i: { line: number }) => i.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(existsSync(path.join(dataDir, 'catalogue.jsonl'))).toBe(false);
  });

  it('reports a line that is not UTF-8', async () => {
    const file = path.join(work, 'latin1.jsonl');
    writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(GOOD[1])}\n{"sourceId":"L:1","kind":"technique","label":"caf`), Buffer.from([0xe9]), Buffer.from('"}\n')]));
    const r = await runRcatServerInProcess(['--data-dir', path.join(work, 'latin1'), 'catalogue', 'import', file]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^line 2: not valid UTF-8/m);
  });

  it('--dry-run validates and counts without writing', async () => {
    const dataDir = path.join(work, 'dry');
    const file = writeLines(work, 'good.jsonl', GOOD);
    const r = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', file, '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ dryRun: true, written: false, records: 3, byType: { equipment: 1, laboratory: 1, technique: 1 }, issues: [] });
    expect(existsSync(path.join(dataDir, 'catalogue.jsonl'))).toBe(false);
  });

  it('imports a valid file, with stable ids, no temporary file left, and info reports it', async () => {
    const dataDir = path.join(work, 'ok');
    const file = writeLines(work, 'good.jsonl', GOOD);
    const r = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Imported 3 records \(equipment 1, laboratory 1, technique 1\)/);
    expect(readdirSync(dataDir)).toEqual(['catalogue.jsonl']);
    const stored = readFileSync(path.join(dataDir, 'catalogue.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(stored[2].id).toBe('technique:11111111-2222-4333-8444-555555555555');
    // Importing the same file again derives the same ids.
    await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', file]);
    const again = readFileSync(path.join(dataDir, 'catalogue.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(again.map((x) => x.id)).toEqual(stored.map((x) => x.id));

    const info = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'info', '--json']);
    expect(info.code, info.stderr).toBe(0);
    expect(JSON.parse(info.stdout)).toMatchObject({ origin: 'imported', valid: true, records: 3, byType: { equipment: 1, laboratory: 1, technique: 1 } });
  });

  it('info on a fresh data dir describes the shipped catalogue', async () => {
    const info = await runRcatServerInProcess(['--data-dir', path.join(work, 'fresh'), 'catalogue', 'info', '--json']);
    expect(info.code, info.stderr).toBe(0);
    const body = JSON.parse(info.stdout);
    expect(body.origin).toBe('shipped');
    expect(body.records).toBeGreaterThan(10_000);
    expect(body.byType.laboratory).toBeGreaterThan(0);
  });

  it('usage errors exit 2 with a clear message', async () => {
    const missingArg = await runRcatServerInProcess(['--data-dir', path.join(work, 'x'), 'catalogue', 'import']);
    expect(missingArg.code, missingArg.stderr).toBe(2);
    expect(missingArg.stderr).toMatch(/missing required argument 'file'/);
    const missingFile = await runRcatServerInProcess(['--data-dir', path.join(work, 'x'), 'catalogue', 'import', path.join(work, 'nope.jsonl')]);
    expect(missingFile.code, missingFile.stderr).toBe(1);
    expect(missingFile.stderr).toMatch(/cannot read .*nope\.jsonl: no such file/);
  });
});

describe('a running server picks up an import without a restart', { timeout: 120_000 }, () => {
  let server: TestServer;
  let token: string;
  const logs: string[] = [];
  const work = scratchDir();

  beforeAll(async () => {
    server = await startTestServer({}, { log: (line) => logs.push(line) });
    token = await server.token(await server.addAccount({ plan: 'paid', paidUntil: '2999-12-31' }), ['catalog:read']);
  });
  afterAll(() => server.stop());

  const get = async (p: string) => fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
  const search = async (q: string) => SearchResponse.parse(await (await get(`/api/agent/catalog/search?query=${encodeURIComponent(q)}`)).json());
  const waitForLog = (pattern: RegExp, after: number) =>
    until(() => (logs.slice(after).some((l) => pattern.test(l)) ? true : undefined), `log ${pattern}`);

  it('swaps to the imported catalogue, keeps it when a later import is invalid or the file is corrupted', async () => {
    expect((await search('scanning electron microscope')).results[0]!.title).toBe('scanning electron microscope');

    let mark = logs.length;
    const good = writeLines(work, 'good.jsonl', GOOD);
    const imported = await runRcatServer(['--data-dir', server.dataDir, 'catalogue', 'import', good]);
    expect(imported.code, imported.stderr).toBe(0);
    // A small catalogue is in use from the very next request.

    const found = await search('quokka');
    expect(logs.slice(mark).some((l) => /catalogue reloaded/.test(l))).toBe(true);
    expect(found.results.map((r) => r.title).sort()).toEqual(['Quokka Imaging Facility', 'quokka cryo-microscope', 'quokka staining']);
    expect(await search('nuclear magnetic resonance')).toEqual({ results: [], truncated: false });
    const lab = found.results.find((r) => r.title === 'Quokka Imaging Facility')!;
    expect(lab.url).toBe(`${server.url}/en/catalogue/laboratory/${lab.id.split(':')[1]}`);
    const record = CatalogRecord.parse(await (await get(`/api/agent/catalog/record?id=${encodeURIComponent(lab.id)}`)).json());
    expect(record.text).toMatch(/Perth, Australia/);

    // An invalid import is refused by the command; the server never sees it.
    const bad = writeLines(work, 'bad.jsonl', [GOOD[0]!, 'oops']);
    expect((await runRcatServer(['--data-dir', server.dataDir, 'catalogue', 'import', bad])).code).toBe(1);

    // A file corrupted behind the command's back is rejected by the server, which keeps serving.
    mark = logs.length;
    writeFileSync(path.join(server.dataDir, 'catalogue.jsonl'), '{"broken": \n');
    await waitForLog(/catalogue not reloaded/, mark);
    expect((await search('quokka')).results).toHaveLength(3);
  });
});
