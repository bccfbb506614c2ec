// The compact catalogue of issue 19: records read back from their compressed stored lines
// (the file's lines as written) exactly as parsed, IDs found through the typed-array table, an index built in the indexer
// child process answering exactly as one built in this thread, a bad large file refused with
// its line numbers from the child, and `catalogue import` streaming with a progress line.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndexHere } from '../src/server/catalogue/catalogue-build.js';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue.js';
import { RecordStore } from '../src/server/catalogue/record-store.js';
import { parseCatalogueLines } from '../src/server/catalogue/source-record.js';
import { fromDist } from './support/built.js';
import { runRcatServerInProcess } from './support/run-rcat-server.js';
import { answerDigests, goldenQueries } from './support/search-golden.js';
import { scratchDirs } from './support/server.js';

// The indexer children as a server starts them, from dist/ (./support/built.ts); the index each
// build is compared with is built here, from the sources.
const { buildIndexInChild, IN_THREAD_MAX_BYTES, InvalidCatalogueError } = fromDist.catalogueBuild;

const scratch = scratchDirs();
afterAll(scratch.cleanup);
const shipped = parseCatalogueLines(readFileSync(SHIPPED_CATALOGUE, 'utf8')).entries;

describe('the record store', () => {
  const store = RecordStore.fromEntries(shipped);

  it('gives every record back as parsed, with its ID, title and type resident', () => {
    expect(store.size).toBe(shipped.length);
    shipped.forEach((e, d) => {
      expect(store.id(d)).toBe(e.id);
      expect(store.label(d)).toBe(e.label);
      expect(store.type(d)).toBe(e.type);
      expect(store.uuid(d)).toBe(e.uuid);
    });
    // Read in an order that defeats the recent-block cache: a spread of 3,000 records, whole.
    for (let i = 0; i < 3000; i++) {
      const d = (i * 7919) % shipped.length;
      expect(store.entry(d)).toEqual(shipped[d]);
    }
  });

  it('finds records by ID, merged terms by their retired IDs, and nothing else', () => {
    shipped.forEach((e, d) => {
      expect(store.find(e.id)).toBe(d);
      for (const r of e.retiredIds) expect(store.retiredOwner(r)).toBe(d);
    });
    expect(shipped.some((e) => e.retiredIds.length > 0)).toBe(true);
    const [type, uuid] = shipped[0]!.id.split(':') as [string, string];
    const otherType = type === 'technique' ? 'equipment' : 'technique';
    for (const id of [`${otherType}:${uuid}`, `${type}:00000000-0000-4000-8000-000000000000`, `${type}:${uuid.toUpperCase()}`, `${type}:${uuid}x`, '', 'technique:', '__proto__', 'constructor']) {
      expect(store.find(id)).toBe(-1);
    }
  });

  it('orders IDs as strings do (ties in the ranking go to the ID)', () => {
    for (let i = 1; i < 2000; i++) {
      const [x, y] = [(i * 31) % shipped.length, (i * 17) % shipped.length];
      const expected = Math.sign(shipped[x]!.id < shipped[y]!.id ? -1 : shipped[x]!.id > shipped[y]!.id ? 1 : 0);
      expect(Math.sign(store.compareIds(x, y))).toBe(expected);
    }
  });
});

describe('the indexer child process', { timeout: 180_000 }, () => {
  it('builds the same index as this thread, in one process or in parts merged', async () => {
    // A fifth of the shipped catalogue (the parts are asked for, so the size does not matter),
    // with merged terms in it.
    const dir = scratch.dir();
    const file = path.join(dir, 'fifth.jsonl');
    writeFileSync(file, `${readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n').slice(0, 2700).join('\n')}\n`);
    const fifth = shipped.slice(0, 2700);
    expect(readFileSync(file).length).toBeGreaterThan(IN_THREAD_MAX_BYTES);
    const here = buildIndexHere(file);
    const queries = goldenQueries(fifth).filter((_, i) => i % 5 === 0);
    expect(queries.length).toBeGreaterThan(500);
    const expected = answerDigests(here, queries);
    const merged = fifth.find((e) => e.retiredIds.length > 0)!;
    expect(merged).toBeDefined();
    for (const parts of [1, 3]) {
      const child = await buildIndexInChild(file, parts);
      expect(child.size).toBe(here.size);
      expect(answerDigests(child, queries)).toEqual(expected);
      for (const e of [fifth[0]!, fifth[1350]!, fifth.at(-1)!]) expect(child.records.entry(child.records.find(e.id))).toEqual(e);
      expect(child.records.retiredOwner(merged.retiredIds[0]!)).toBe(child.records.find(merged.id));
    }
  });

  it('keeps each line as the file has it and reads every record back as parsed', async () => {
    // Lines without their IDs (merged terms' too), a byte-order mark, CRLF line ends, a title the
    // schema trims; over 1 MiB, so lines also cross the reader's chunks.
    const all = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n');
    const lines = [...all.slice(3000).filter((l) => l.includes('"mergedTerms"')).slice(0, 10), ...all.slice(0, 3000)];
    const written = lines.map((l, i) => (i % 2 === 0 ? l.replace(/"id":"[^"]*",/g, '') : l));
    written.push(JSON.stringify({ sourceId: 'X:trim', kind: 'technique', label: '  a title the schema trims ', synonyms: [' spaced '] }));
    const content = `\uFEFF${written.join('\r\n')}\r\n`;
    const file = path.join(scratch.dir(), 'as-written.jsonl');
    writeFileSync(file, content);
    expect(content.length).toBeGreaterThan(1024 * 1024);
    const expected = parseCatalogueLines(content.replace(/\r/g, '')).entries;
    expect(expected.length).toBe(written.length);
    // The entries given as objects are kept in their stored form (the ID first).
    const stored = RecordStore.fromEntries(expected);
    for (const index of [buildIndexHere(file), await buildIndexInChild(file, 2)]) {
      expect(index.size).toBe(expected.length);
      expected.forEach((e, d) => {
        const read = index.records.entry(d);
        expect(read).toEqual(e);
        // The same keys in the same order: a record's answer lists them as the entry has them.
        expect(JSON.stringify(read)).toBe(JSON.stringify(stored.entry(d)));
      });
    }
  });

  it('reports an ID used in two parts with the line of each, as one build does', async () => {
    const dir = scratch.dir();
    // Part of the shipped catalogue, in two parts: the second part repeats an ID of the first.
    const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n').slice(0, 1000);
    lines.push(lines[10]!.replace(/"label":"[^"]*"/, '"label":"a second record with the same ID"'));
    const file = path.join(dir, 'twice.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const error = await buildIndexInChild(file, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCatalogueError);
    expect((error as InvalidCatalogueError).issues).toEqual([{ line: lines.length, message: expect.stringMatching(/^duplicate record .* \(first on line 11\)$/) }]);
  });

  it('reports a record whose ID a merged term of another part retired, as one build does', async () => {
    const dir = scratch.dir();
    const all = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n');
    const mergedLine = all.find((l) => l.includes('"mergedTerms"'))!;
    const merged = JSON.parse(mergedLine) as { kind: string; mergedTerms: { id: string }[] };
    const retired = merged.mergedTerms[0]!.id;
    const lines = [mergedLine, ...all.filter((l) => l !== mergedLine).slice(0, 999)];
    lines.push(JSON.stringify({ id: retired, sourceId: 'X:1', kind: merged.kind, label: 'a record with a retired ID' }));
    const file = path.join(dir, 'retired.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const error = await buildIndexInChild(file, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCatalogueError);
    expect((error as InvalidCatalogueError).issues).toEqual([{ line: lines.length, message: `record ${retired} is a merged term of the record on line 1` }]);
  });

  it('refuses a large file with a bad line, naming the line, from the child', async () => {
    const dir = scratch.dir();
    const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n').slice(0, 1500);
    expect(Buffer.byteLength(lines.join('\n'))).toBeGreaterThan(IN_THREAD_MAX_BYTES);
    lines.splice(1000, 0, '{"sourceId": "X", "kind": "gizmo", "label": "no such kind"}');
    const file = path.join(dir, 'bad.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const error = await buildIndexInChild(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCatalogueError);
    expect((error as InvalidCatalogueError).issues).toEqual([expect.objectContaining({ line: 1001 })]);
    await expect(buildIndexInChild(path.join(dir, 'missing.jsonl'))).rejects.toThrow(/missing\.jsonl/);
  });

  it('refuses a file built in parts with bad lines in two of them, naming each line as one build does', async () => {
    const dir = scratch.dir();
    const lines = readFileSync(SHIPPED_CATALOGUE, 'utf8').trimEnd().split('\n').slice(0, 1500);
    lines.splice(100, 0, '{"sourceId": "X", "kind": "gizmo", "label": "no such kind"}');
    lines.splice(1400, 0, 'not JSON');
    const file = path.join(dir, 'bad-parts.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    // Three parts: the first and the last are invalid (the other children are stopped), the whole file says where.
    const error = await buildIndexInChild(file, 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidCatalogueError);
    expect((error as InvalidCatalogueError).issues).toEqual([expect.objectContaining({ line: 101 }), expect.objectContaining({ line: 1401 })]);
  });
});

describe('catalogue import of a large file', { timeout: 180_000 }, () => {
  it('streams it, shows progress when asked, and stores every record', async () => {
    const dataDir = scratch.dir();
    // Indexing ahead is test/catalogue-import-index.test.ts's.
    const withProgress = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', SHIPPED_CATALOGUE, '--progress', '--index-cache', 'off']);
    expect(withProgress.code, withProgress.stderr).toBe(0);
    expect(withProgress.stderr).toMatch(/validated [\d,]+ lines \(\d+%\), [\d,]+ lines\/s/);
    expect(withProgress.stdout).toMatch(new RegExp(`Imported ${shipped.length} records`));
    const stored = readFileSync(path.join(dataDir, 'catalogue.jsonl'), 'utf8');
    expect(stored).toBe(readFileSync(SHIPPED_CATALOGUE, 'utf8'));

    const quiet = await runRcatServerInProcess(['--data-dir', dataDir, 'catalogue', 'import', SHIPPED_CATALOGUE, '--no-progress', '--index-cache', 'off']);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toMatch(/validated/);
  });

  it('reports a line longer than the format allows, without keeping it', async () => {
    const dir = scratch.dir();
    const file = path.join(dir, 'long.jsonl');
    writeFileSync(file, `${JSON.stringify({ sourceId: 'A', kind: 'technique', label: 'fine' })}\n${'x'.repeat(600 * 1024)}\n${JSON.stringify({ sourceId: 'B', kind: 'technique', label: 'also fine' })}`);
    const result = await runRcatServerInProcess(['--data-dir', path.join(dir, 'data'), 'catalogue', 'import', file, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.issues).toEqual([{ line: 2, message: 'longer than 262144 bytes' }]);
    expect(report.records).toBe(2);
    expect(report.written).toBe(false);
  });
});
