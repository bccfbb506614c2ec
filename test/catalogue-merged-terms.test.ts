// Terms that define one concept in two vocabularies (docs/catalogue-format.md, "Merged terms"):
// `npm run build:catalogue` on a small folder of sources merges them (and only them), and
// `rcat-server catalogue import` validates the `mergedTerms` field strictly, as child processes.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { termId } from '../src/server/catalogue/source-record.js';
import { runRcatServer } from './support/run-rcat-server.js';
import { scratchDirs } from './support/server.js';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const scratch = scratchDirs();
afterAll(scratch.cleanup);

const purl = (curie: string) => `http://purl.obolibrary.org/obo/${curie.replace(':', '_')}`;
const term = (sourceId: string, source: string, kind: string, label: string, extra: Record<string, unknown> = {}) => ({
  sourceId, source, kind, label, definition: `${source} definition of ${label}.`, synonyms: [], parents: [], sourceUrls: [purl(sourceId)], updated: source === 'OBI' ? '2026-05-08' : '2025-01-22', ...extra,
});

const TECHNIQUES = [
  term('CHMO:0000001', 'CHMO', 'technique', 'chromatography', { synonyms: ['analytical chromatography'] }),
  term('CHMO:0000002', 'CHMO', 'technique', 'electrospray ionisation', { synonyms: ['electrospray ionization', 'ESI'], parents: ['ionisation method'] }),
  term('MS:1000073', 'CHMO', 'technique', 'electrospray ionization', { synonyms: ['ESI'], parents: ['planned process'] }),
  term('OBI:0000001', 'OBI', 'technique', 'analytical chromatography'),
  // The source's "mu" written as "μ" (scripts/source-repairs.ts), next to units that keep it.
  term('CHMO:0000153', 'CHMO', 'technique', 'aziμthal photoelectron diffraction', { synonyms: ['APD', 'aziμthal-photoelectron diffraction'], definition: 'The angle μst be within 10 μm; 2 μmol of μPIV tracer.' }),
];
const EQUIPMENT = [
  term('CHMO:0001125', 'CHMO', 'equipment', 'confocal microscope', { parents: ['optical microscope'] }),
  term('CHMO:0001200', 'CHMO', 'equipment', 'widget meter'),
  term('CHMO:0001201', 'CHMO', 'equipment', 'Widget-Meter'),
  term('CHMO:0001300', 'CHMO', 'equipment', 'plate reader', { sourceUrls: [purl('CHMO:0001300'), purl('OBI:0000777')] }),
  term('MS:1000999', 'PSI-MS', 'equipment', 'Quokka 9000', { manufacturer: 'Quokka Instruments' }),
  term('OBI:0001079', 'OBI', 'equipment', 'Confocal  microscope', { synonyms: ['CLSM'], parents: ['microscope'], sourceUrls: [purl('OBI:0001079'), 'https://en.wikipedia.org/wiki/Confocal_microscopy'] }),
  term('OBI:0000500', 'OBI', 'equipment', 'widget meter'),
  term('OBI:0000777', 'OBI', 'equipment', 'microplate reader'),
  term('OBI:0000900', 'OBI', 'equipment', 'Quokka 9000'),
];
const ror = (n: number, label: string) => ({ sourceId: `https://ror.org/0${n}abcdef0`, source: 'ROR', kind: 'laboratory', label, city: `City ${n}`, country: 'Australia', parentOrganizations: [], established: null, sourceUrls: [`https://ror.org/0${n}abcdef0`], updated: '2025-03-01' });
const LABORATORIES = [ror(1, 'Central Laboratory'), ror(2, 'Central Laboratory')];

function writeSources(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const lines = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
  writeFileSync(path.join(dir, 'techniques.jsonl'), lines(TECHNIQUES));
  writeFileSync(path.join(dir, 'equipment.jsonl'), lines(EQUIPMENT));
  writeFileSync(path.join(dir, 'laboratories.jsonl'), lines(LABORATORIES));
  writeFileSync(path.join(dir, 'SOURCES.md'), '# Test sources\n');
}

function buildCatalogue(sourceDir: string, outDir: string): Promise<{ code: number | null; stderr: string }> {
  mkdirSync(outDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-catalogue.ts', sourceDir, outDir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

type Line = Record<string, unknown> & { id: string; sourceId: string; label: string; mergedTerms?: (Record<string, unknown> & { id: string; sourceId: string })[] };
const readLines = (file: string): Line[] => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);

describe('npm run build:catalogue merges terms that define one concept', { timeout: 120_000 }, () => {
  it('makes one record of each cross-vocabulary pair, keeps every other term, and is deterministic', async () => {
    const work = scratch.dir();
    writeSources(path.join(work, 'src'));
    const built = await buildCatalogue(path.join(work, 'src'), path.join(work, 'out'));
    expect(built.code, built.stderr).toBe(0);
    const lines = readLines(path.join(work, 'out', 'catalogue.jsonl'));
    const bySource = new Map(lines.map((l) => [l.sourceId, l]));

    // Same label ignoring case and spacing: CHMO's term survives, OBI's is its merged term.
    const confocal = bySource.get('CHMO:0001125')!;
    expect(bySource.has('OBI:0001079')).toBe(false);
    expect(confocal.id).toBe(termId('equipment', { sourceId: 'CHMO:0001125' }));
    expect(confocal.mergedTerms).toEqual([
      expect.objectContaining({ id: termId('equipment', { sourceId: 'OBI:0001079' }), sourceId: 'OBI:0001079', source: 'OBI', label: 'Confocal  microscope', definition: 'OBI definition of Confocal  microscope.', synonyms: ['CLSM'] }),
    ]);
    // One lists the other's label as an alternative name; one names the other's address.
    expect(bySource.get('CHMO:0000002')!.mergedTerms!.map((t) => t.sourceId)).toEqual(['MS:1000073']);
    expect(bySource.get('CHMO:0001300')!.mergedTerms!.map((t) => t.sourceId)).toEqual(['OBI:0000777']);
    // Not merged: a narrower label ("analytical chromatography"), a term with a manufacturer,
    // two facilities that share a name, and a second term of one vocabulary.
    for (const kept of ['CHMO:0000001', 'OBI:0000001', 'MS:1000999', 'OBI:0000900', 'CHMO:0001201']) expect(bySource.get(kept)!.mergedTerms).toBeUndefined();
    expect(lines.filter((l) => l.label === 'Central Laboratory')).toHaveLength(2);
    expect(bySource.get('CHMO:0001200')!.mergedTerms!.map((t) => t.sourceId)).toEqual(['OBI:0000500']);
    expect(lines).toHaveLength(TECHNIQUES.length + EQUIPMENT.length + LABORATORIES.length - 4);
    expect(built.stderr).toMatch(/merged 4 concepts \(4 terms folded in; 1 links skipped/);

    const sources = readFileSync(path.join(work, 'out', 'SOURCES.md'), 'utf8');
    expect(sources).toMatch(/^# Test sources\n/);
    expect(sources).toMatch(/\| equipment \| confocal microscope \| CHMO:0001125 \(CHMO\), OBI:0001079 \(OBI\) \| same label \|/);
    expect(sources).toMatch(/4 records combine 8 terms \(4 IDs retired\)/);

    // Text the source wrote with "μ" for "mu" is repaired, and the repair is listed.
    expect(bySource.get('CHMO:0000153')).toMatchObject({ label: 'azimuthal photoelectron diffraction', synonyms: ['APD', 'azimuthal-photoelectron diffraction'], definition: 'The angle must be within 10 μm; 2 μmol of μPIV tracer.' });
    expect(sources).toMatch(/## Repaired text[^]*Terms repaired: CHMO:0000153\.\n$/);
    expect(sources).not.toMatch(/Terms repaired:.*CHMO:0000001/);

    // A rebuild writes the same bytes (every ID, every survivor).
    const again = await buildCatalogue(path.join(work, 'src'), path.join(work, 'again'));
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(path.join(work, 'again', 'catalogue.jsonl'), 'utf8')).toBe(readFileSync(path.join(work, 'out', 'catalogue.jsonl'), 'utf8'));

    // The output is a valid import, stored unchanged.
    const dataDir = path.join(work, 'data');
    const imported = await runRcatServer(['--data-dir', dataDir, 'catalogue', 'import', path.join(work, 'out', 'catalogue.jsonl')]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(readFileSync(path.join(dataDir, 'catalogue.jsonl'), 'utf8')).toBe(readFileSync(path.join(work, 'out', 'catalogue.jsonl'), 'utf8'));
  });
});

describe('rcat-server catalogue import validates merged terms', { timeout: 120_000 }, () => {
  const survivor = { sourceId: 'EQ:1', source: 'Register', kind: 'equipment', label: 'quokka scope', sourceUrls: ['https://example.org/eq/1'] };
  const merged = { sourceId: 'OTHER:9', source: 'Other register', label: 'Quokka microscope', definition: 'Seen elsewhere.', synonyms: ['QSc'], sourceUrls: ['https://example.org/other/9'], updated: '2024-02-29' };
  const writeFile = (dir: string, lines: object[]) => {
    const file = path.join(dir, 'catalogue.jsonl');
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    return file;
  };

  it('stores a good line with each merged term\'s ID filled in, first', async () => {
    const work = scratch.dir();
    const file = writeFile(work, [{ ...survivor, mergedTerms: [merged] }]);
    const r = await runRcatServer(['--data-dir', path.join(work, 'data'), 'catalogue', 'import', file]);
    expect(r.code, r.stderr).toBe(0);
    const [stored] = readLines(path.join(work, 'data', 'catalogue.jsonl'));
    expect(Object.keys(stored!.mergedTerms![0]!)[0]).toBe('id');
    expect(stored!.mergedTerms![0]).toEqual({ id: termId('equipment', merged), ...merged, parents: [] });
    expect(stored!.synonyms).toEqual([]); // the record's own names, as written
    expect(r.stdout).toMatch(/Imported 1 records \(equipment 1, laboratory 0, technique 0; 1 retired IDs of merged terms\)/);
    const info = await runRcatServer(['--data-dir', path.join(work, 'data'), 'catalogue', 'info', '--json']);
    expect(JSON.parse(info.stdout)).toMatchObject({ records: 1, retiredIds: 1, sources: ['Other register', 'Register'] });
  });

  it('reports every bad merged term with its line and writes nothing', async () => {
    const work = scratch.dir();
    const otherId = termId('equipment', { sourceId: 'EQ:2' });
    const lines = [
      { ...survivor, sourceId: 'EQ:2' },
      { ...survivor, sourceId: 'EQ:3', mergedTerms: [] },
      { ...survivor, sourceId: 'EQ:4', mergedTerms: [{ ...merged, colour: 'red' }] },
      { ...survivor, sourceId: 'EQ:5', mergedTerms: [{ ...merged, sourceUrls: ['ftp://example.org/x'] }] },
      { ...survivor, sourceId: 'EQ:6', mergedTerms: [{ ...merged, id: 'technique:11111111-2222-4333-8444-555555555555' }] },
      { ...survivor, sourceId: 'EQ:7', mergedTerms: [{ ...merged, sourceId: 'EQ:7' }] },
      { ...survivor, sourceId: 'EQ:8', mergedTerms: [{ ...merged, id: otherId }] },
      { ...survivor, sourceId: 'EQ:9', mergedTerms: [merged] },
      { ...survivor, sourceId: 'EQ:10', mergedTerms: [merged] },
      { ...survivor, sourceId: 'OTHER:9' },
      { ...survivor, sourceId: 'EQ:12', mergedTerms: Array.from({ length: 21 }, (_, i) => ({ ...merged, sourceId: `OTHER:${100 + i}` })) },
      { ...survivor, sourceId: 'EQ:13', mergedTerms: [{ ...merged, updated: '2025-02-30' }] },
    ];
    const r = await runRcatServer(['--data-dir', path.join(work, 'data'), 'catalogue', 'import', writeFile(work, lines), '--json']);
    expect(r.code, r.stderr).toBe(1);
    const issues = new Map((JSON.parse(r.stdout).issues as { line: number; message: string }[]).map((i) => [i.line, i.message]));
    expect([...issues.keys()]).toEqual([2, 3, 4, 5, 6, 7, 9, 10, 11, 12]);
    expect(issues.get(2)).toMatch(/mergedTerms: /);
    expect(issues.get(3)).toMatch(/mergedTerms\.0: .*colour/);
    expect(issues.get(4)).toMatch(/mergedTerms\.0\.sourceUrls\.0: must be an http\(s\) URL/);
    expect(issues.get(5)).toMatch(/mergedTerms\.0\.id: the type in "id" must be the record's "kind"/);
    expect(issues.get(6)).toMatch(/mergedTerms\.0\.id: .* names this record/);
    expect(issues.get(7)).toMatch(/mergedTerms\.0\.id: .* is already the record on line 1/);
    expect(issues.get(9)).toMatch(/mergedTerms\.0\.id: .* is already a merged term on line 8/);
    expect(issues.get(10)).toMatch(/is a merged term of the record on line 8/);
    expect(issues.get(11)).toMatch(/mergedTerms: /);
    expect(issues.get(12)).toMatch(/mergedTerms\.0\.updated: must be a real calendar date/);
  });
});
