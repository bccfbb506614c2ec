// The search classes of issue 13 through the REST API of a real server (port 0) over the small
// look-alike catalogue of ./support/search-catalogue.ts: the same ranking as SearchIndex, and
// the response keeps exactly the spec's shape (results of id, title, url; truncated).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchResponse } from '../src/shared/schemas.js';
import { classCatalogueLines } from './support/search-catalogue.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  const file = path.join(tempDir(), 'catalogue.jsonl');
  writeFileSync(file, classCatalogueLines());
  server = await startTestServer({ cataloguePath: file });
});
afterAll(() => server.stop());
beforeEach(async () => {
  token = await server.token(await server.addAccount(), ['catalog:read']);
});

async function search(query: string): Promise<SearchResponse> {
  const res = await fetch(`${server.url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  // The schema is strict: a field beyond the spec's, in the response or an item, fails.
  return SearchResponse.parse(body);
}

const titles = async (q: string) => (await search(q)).results.map((r) => r.title);

describe('search classes over REST', () => {
  it('normalisation: codes and hyphenation however typed', async () => {
    expect((await titles('UMR8223'))[0]).toBe('Institut de Recherche en Musicologie');
    expect((await titles('LCPDA'))[0]).toBe('liquid chromatography photodiode array detection');
  });

  it('British spelling finds the American record', async () => {
    expect((await titles('protein crystallisation'))[0]).toBe('protein crystallization');
  });

  it('a derived acronym, an acronym in capitals that is also an English word, a letter variant', async () => {
    expect((await titles('NSO'))[0]).toBe('National Solar Observatory');
    const its = await search('ITS');
    expect(its.results.length).toBeGreaterThan(0);
    expect(its.results[0]!.id).toMatch(/^laboratory:/);
    expect((await titles('TGA-MS'))[0]).toBe('thermogravimetry-mass spectrometry');
  });

  it('other scripts and abbreviations', async () => {
    expect((await titles('国家超级计算济南中心'))[0]).toBe('National Supercomputing Center in Jinan');
    expect((await titles('Czech Acad Sci, Inst Philosophy'))[0]).toBe('Czech Academy of Sciences, Institute of Philosophy');
  });

  it('organisation context and the plain concept', async () => {
    const cambridge = await titles('university of cambridge');
    expect(cambridge.indexOf('Cavendish Laboratory')).toBeLessThan(cambridge.indexOf('Whitehead Institute'));
    expect((await titles('PCR'))[0]).toBe('polymerase chain reaction assay');
    expect((await titles('HPLC'))[0]).toBe('high-performance liquid chromatography');
  });

  it('words that name members of a JavaScript object are plain words (200, nothing special)', async () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      expect(Array.isArray((await search(word)).results)).toBe(true);
      expect(Array.isArray((await search(`${word} microscope`)).results)).toBe(true);
    }
  });

  it('a query with no searchable words answers an empty, untruncated list', async () => {
    expect(await search('the of')).toEqual({ results: [], truncated: false });
  });
});
