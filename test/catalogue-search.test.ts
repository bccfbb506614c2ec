// Search quality over the real shipped catalogue, through the REST API of a real server, plus
// the exact `truncated` rule over a small catalogue whose match counts we control.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchResponse } from '../src/shared/schemas.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
// A fresh account per test keeps every test well inside the per-minute request limit.
beforeEach(async () => {
  token = await server.token(await server.addAccount(), ['catalog:read']);
});

async function search(query: string, on: TestServer = server, bearer = token): Promise<SearchResponse> {
  const res = await fetch(`${on.url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(res.status).toBe(200);
  return SearchResponse.parse(await res.json());
}

const titles = (r: SearchResponse) => r.results.map((x) => x.title);

describe('ranking over the shipped catalogue', () => {
  it('puts an exact title first: "scanning electron microscope"', async () => {
    const r = await search('scanning electron microscope');
    expect(r.results[0]!.title).toBe('scanning electron microscope');
    expect(r.results[0]!.id).toMatch(/^equipment:/);
    // The technique of the same name (up to the word ending) comes right after.
    expect(r.results[1]!.title).toBe('scanning electron microscopy');
  });

  it('finds a record by its acronym: "SEM"', async () => {
    const top = titles(await search('SEM'))[0];
    expect(['scanning electron microscope', 'scanning electron microscopy']).toContain(top);
  });

  it('finds NMR techniques for "NMR", the spelled-out technique first', async () => {
    const r = await search('NMR');
    expect(r.results[0]!.title).toBe('nuclear magnetic resonance spectroscopy');
    expect(r.truncated).toBe(true);
    expect(r.results).toHaveLength(20);
  });

  it('prefers an exact alternative name over a longer word: "CERN"', async () => {
    const r = await search('CERN');
    expect(r.results[0]!.title).toBe('European Organization for Nuclear Research');
    const cerna = titles(r).findIndex((t) => t.includes('CERNA'));
    expect(cerna === -1 || cerna > 0).toBe(true);
  });

  it('completes a partial last word: "mass spec"', async () => {
    const top = titles(await search('mass spec')).slice(0, 3);
    for (const t of top) expect(t.toLowerCase()).toMatch(/^mass spectrom/);
    expect(top[0]).toBe('mass spectrometry');
  });

  it('matches every word of a multi-word query, in any order', async () => {
    const r = await search('diffraction x-ray');
    expect(r.results.length).toBeGreaterThan(5);
    for (const t of titles(r).slice(0, 10)) expect(t.toLowerCase()).toMatch(/x-ray.*diffraction|diffraction.*x-ray/);
  });

  it('puts an exact multi-word facility name first', async () => {
    expect(titles(await search('Max Planck Institute for Chemistry'))[0]).toBe('Max Planck Institute for Chemistry');
  });

  it('treats microscope and microscopy as the same word, exact form first', async () => {
    const r = await search('electron microscopy');
    expect(r.results[0]!.title).toBe('electron microscopy');
    expect(titles(r).slice(0, 4)).toContain('electron microscope');
  });

  it('folds accents and case both ways', async () => {
    const plain = await search('spectrometrie');
    expect(plain.results.length).toBeGreaterThan(0);
    expect(titles(plain).some((t) => t.includes('Spectrométrie'))).toBe(true);
    expect(await search('SPECTROMÉTRIE')).toEqual(plain);
    expect(await search('électron microscopy')).toEqual(await search('electron microscopy'));
  });

  it('tolerates a typo in a long word, ranking as if it were spelt right', async () => {
    expect(titles(await search('scaning electron microscope'))[0]).toBe('scanning electron microscope');
    expect(titles(await search('spectroscpy'))[0]).toBe('spectroscopy');
    expect(titles(await search('confocal mikroscope')).slice(0, 3)).toContain('confocal microscopy');
  });

  it('finds the issue 13 examples on the shipped catalogue', async () => {
    expect(titles(await search('PCR'))[0]).toBe('polymerase chain reaction assay');
    expect(titles(await search('HPLC'))[0]).toBe('high-performance liquid chromatography');
    expect(titles(await search('confocal')).slice(0, 2)).toContain('confocal microscopy');
    expect((await search('ITS')).results.length).toBeGreaterThan(0);
    expect(titles(await search('UMR8223'))[0]).toBe(titles(await search('UMR 8223'))[0]);
    expect(titles(await search('LCPDA'))[0]).toBe('liquid chromatography-photodiode array detection');
    expect(titles(await search('Czech Acad Sci, Inst Philosophy'))[0]).toBe('Czech Academy of Sciences, Institute of Philosophy');
    expect(titles(await search('国家超级计算济南中心'))[0]).toBe('National Supercomputing Center in Jinan');
    expect(titles(await search('colourimetric method'))[0]).toBe('colorimetry');
  });

  it('gives the same order every time (deterministic tie-break)', async () => {
    for (const q of ['microscope', 'assay', 'Institute']) expect(await search(q)).toEqual(await search(q));
  });

  it('answers 200 with no results for queries with no searchable words', async () => {
    for (const q of ['!!', '--  --', 'the', 'zzqxv']) {
      const r = await search(q);
      expect(r).toEqual({ results: [], truncated: false });
    }
  });
});

describe('truncated is true exactly when more matched than returned', () => {
  let small: TestServer;
  let smallToken: string;

  beforeAll(async () => {
    const dir = tempDir();
    const file = path.join(dir, 'catalogue.jsonl');
    const lines: string[] = [];
    for (let i = 0; i < 20; i++) lines.push(JSON.stringify({ sourceId: `T:${i}`, kind: 'technique', label: `twenty widget ${i}` }));
    for (let i = 0; i < 21; i++) lines.push(JSON.stringify({ sourceId: `E:${i}`, kind: 'equipment', label: `twentyone gadget ${i}` }));
    writeFileSync(file, `${lines.join('\n')}\n`);
    small = await startTestServer({ cataloguePath: file });
    smallToken = await small.token(await small.addAccount(), ['catalog:read']);
  });
  afterAll(() => small.stop());

  it('20 matches: all returned, not truncated', async () => {
    const r = await search('widget', small, smallToken);
    expect(r.results).toHaveLength(20);
    expect(r.truncated).toBe(false);
  });

  it('21 matches: 20 returned, truncated', async () => {
    const r = await search('gadget', small, smallToken);
    expect(r.results).toHaveLength(20);
    expect(r.truncated).toBe(true);
  });

  it('a handful of matches: not truncated', async () => {
    const r = await search('gadget 7', small, smallToken);
    expect(r.results[0]!.title).toBe('twentyone gadget 7');
    expect(r.truncated).toBe(false);
  });
});
