// The relevance benchmark (bench/relevance.bench.ts) measures what it says: run as a program on a
// small catalogue of its own, it holds out one alternative name per sampled record, skips names
// outside the 2–120 rule, scores rcat and MiniSearch, and writes its JSON and failure files; the
// sample is deterministic; the slice rules put names where docs/benchmarks.md says; and every
// hand-written query names records of the shipped catalogue.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadHandWritten, QUERY_CLASSES } from '../bench/relevance/queries.js';
import { drawLeaveOneOut, loadCatalogue } from '../bench/relevance/sample.js';
import { isAcronym, isOtherLanguage, isOtherScript, labelOverlap } from '../bench/relevance/slices.js';
import { SHIPPED_CATALOGUE } from '../src/server/catalogue/catalogue-location.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-relevance-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function record(kind: string, n: number, label: string, synonyms: string[], extra: object = {}): string {
  return JSON.stringify({ sourceId: `T:${kind}${n}`, kind, label, synonyms, ...extra });
}

// Every record with alternative names is sampled (3 per kind at most, fewer here). One equipment
// record's only alternative name is one character long, one laboratory's is 130: both skipped.
const catalogueLines = [
  record('equipment', 1, 'scanning electron microscope', ['SEM']),
  record('equipment', 2, 'nuclear magnetic resonance spectrometer', ['NMR spectrometer']),
  record('equipment', 3, 'centrifuge', ['Z']),
  record('equipment', 4, 'microscope', []),
  record('technique', 1, 'high-performance liquid chromatography', ['HPLC']),
  record('technique', 2, 'X-ray diffraction', ['XRD']),
  record('technique', 3, 'colorimetry', ['colourimetry']),
  record('laboratory', 1, 'China National Rice Research Institute', ['中国水稻研究所'], { city: 'Hangzhou', country: 'China' }),
  record('laboratory', 2, 'Laboratoire de Météorologie Dynamique', ['LMD'], { city: 'Palaiseau', country: 'France' }),
  record('laboratory', 3, 'Long Name Institute', ['x'.repeat(130)]),
];
const cataloguePath = path.join(dir, 'catalogue.jsonl');
writeFileSync(cataloguePath, `${catalogueLines.join('\n')}\n`);
const entries = loadCatalogue(cataloguePath);
const idOf = (label: string) => entries.find((e) => e.label === label)!.id;
const queriesPath = path.join(dir, 'queries.jsonl');
writeFileSync(queriesPath, [
  JSON.stringify({ query: 'HPLC', expected: idOf('high-performance liquid chromatography'), class: 'plain-concept' }),
  JSON.stringify({ query: 'Laboratoire de Meteorologie Dynamique', expected: [idOf('Laboratoire de Météorologie Dynamique')], class: 'other-language' }),
  JSON.stringify({ query: 'retired record', expected: 'technique:00000000-0000-5000-8000-000000000000', class: 'spelling' }),
].join('\n'));

describe('bench/relevance', () => {
  it('runs as a program on an operator catalogue and writes JSON and failures', { timeout: 120_000 }, async () => {
    const json = path.join(dir, 'out.json');
    const failures = path.join(dir, 'failures.jsonl');
    const { stdout, stderr } = await run(process.execPath, [
      '--import', 'tsx', 'bench/relevance.bench.ts', `--catalogue=${cataloguePath}`, `--queries=${queriesPath}`,
      '--per-kind=3', `--json=${json}`, `--failures=${failures}`,
    ], { cwd: ROOT });
    expect(stdout).toContain('## Search relevance');
    expect(stdout).toMatch(/\| \*\*all\*\* \| 7 \|/); // 9 sampled, 2 skipped
    expect(stderr).toContain('skipped "retired record"');
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result.catalogue.records).toBe(10);
    expect(result.leaveOneOut.sampled).toBe(7);
    expect(result.leaveOneOut.skippedForLength).toEqual({ equipment: 1, laboratory: 1, technique: 0 });
    expect(Object.keys(result.leaveOneOut.figures)).toEqual(['rcat', 'MiniSearch']);
    const rcat = result.leaveOneOut.figures.rcat;
    expect(rcat.byKind.technique.n).toBe(3);
    expect(rcat.byGroup['other-script'].n).toBe(1);
    expect(rcat.overall.recallAt20).toBeGreaterThanOrEqual(rcat.overall.recallAt1);
    // The every-record set holds one name out of every record with alternative names (rcat only).
    expect(stdout).toContain('Every record: the same protocol over every record with alternative names, 7 held-out names');
    expect(Object.keys(result.everyRecord.figures)).toEqual(['rcat']);
    expect(result.everyRecord.figures.rcat.overall.n).toBe(7);
    expect(result.everyRecord.skippedForLength).toEqual({ equipment: 1, laboratory: 1, technique: 0 });
    expect(result.handWritten.queries).toBe(2);
    expect(result.handWritten.skipped).toHaveLength(1);
    // Each failure names the query, the record expected, what came first and its rank.
    for (const line of readFileSync(failures, 'utf8').trim().split('\n').filter(Boolean)) {
      const f = JSON.parse(line);
      expect(f).toMatchObject({ set: expect.any(String), query: expect.any(String), expected: [{ id: expect.any(String) }] });
      expect(f.rank === null || f.rank > 1).toBe(true);
    }
  });

  it('draws the same sample every time and holds the name out of the record', () => {
    const a = drawLeaveOneOut(entries, 2, 'seed');
    const b = drawLeaveOneOut(entries, 2, 'seed');
    expect(a.cases).toEqual(b.cases);
    for (const c of a.cases) {
      const held = a.entries.find((e) => e.id === c.expected)!;
      expect(held.synonyms).not.toContain(c.query);
      expect(entries.find((e) => e.id === c.expected)!.synonyms).toContain(c.query);
    }
    expect(a.cases.filter((c) => c.kind === 'technique')).toHaveLength(2);
  });

  it('puts names in the documented slices', () => {
    expect(isAcronym('ENRI')).toBe(true);
    expect(isAcronym('LC-MS/MS')).toBe(true);
    expect(isAcronym('UPR 5301')).toBe(true);
    expect(isAcronym('TIMA Laboratory')).toBe(false);
    expect(isOtherScript('電子航法研究所')).toBe(true);
    expect(isOtherScript('Карельский научный центр')).toBe(true);
    expect(isOtherLanguage('Institut für Teilchen- und Astrophysik')).toBe(true);
    expect(isOtherLanguage('Centre de la lutte antiparasitaire')).toBe(true);
    expect(isOtherLanguage('discrete-dynode EM')).toBe(false); // "EM" is not Portuguese "em"
    expect(isOtherLanguage('transmission electron microscope')).toBe(false);
    expect(labelOverlap('ultraviolet detection', 'ultraviolet detection')).toBe(1);
    expect(labelOverlap('Agropolymer Engineering and Emerging Technologies', 'Ingénierie des Agropolymères et Technologies Emergentes')).toBe(0.25);
  });

  it('has at least 100 hand-written queries over every class and kind, all naming shipped records', () => {
    const shipped = loadCatalogue(SHIPPED_CATALOGUE);
    const file = path.join(ROOT, 'bench/relevance/queries.jsonl');
    const { cases, skipped } = loadHandWritten(file, shipped);
    // A record retired by a merge must be listed by the record that replaced it, or the query updated.
    expect(skipped).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(100);
    for (const cls of QUERY_CLASSES) expect(cases.filter((c) => c.groups.includes(cls)).length, cls).toBeGreaterThanOrEqual(10);
    for (const kind of ['equipment', 'laboratory', 'technique']) expect(cases.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
  });
});
