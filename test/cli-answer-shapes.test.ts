// `rcat search` and `rcat fetch` read the server's answer and check the query without zod when
// they have the documented shapes (src/cli/answer-shapes.ts, src/shared/query-rule.ts), and ask
// the zod schemas otherwise. What is read without zod must be exactly what the schema gives (same
// JSON, keys in the same order); whatever it leaves, the schema decides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCatalogRecord, readSearchResponse } from '../src/cli/answer-shapes.js';
import { isValidQuery } from '../src/shared/query-rule.js';
import { CatalogRecord, SearchQuery, SearchResponse } from '../src/shared/schemas.js';
import { anyString } from './support/hostile-input.js';

const ID = 'technique:0b7c1a2e-1111-4222-8333-444455556666';
const item = { id: ID, title: 'Confocal microscopy', url: 'https://rcat.example.org/catalogue/technique/0b7c1a2e-1111-4222-8333-444455556666' };
const metadata = { entityType: 'technique', updatedAt: '2025-01-02', verifiedAt: null, sourceUrls: ['https://source.example/x'], availability: 'unknown', limitations: ['not verified'] };
const record = { ...item, text: 'A technique.', metadata };

const searches: unknown[] = [
  { results: [item], truncated: false },
  { truncated: true, results: [{ url: item.url, title: 'x', id: ID }] },
  { results: [], truncated: false },
  { results: Array.from({ length: 20 }, () => item), truncated: true },
  { results: Array.from({ length: 21 }, () => item), truncated: true },
  { results: [item], truncated: false, more: 1 },
  { results: [{ ...item, extra: 1 }], truncated: false },
  { results: [{ ...item, id: 'technique:x' }], truncated: false },
  { results: [{ ...item, url: ' https://h/x' }], truncated: false },
  { results: [{ ...item, url: 'https://h/\tx' }], truncated: false },
  { results: [{ ...item, url: 'not a url' }], truncated: false },
  { results: [{ ...item, url: 'mailto:a@b' }], truncated: false },
  { results: [{ ...item, title: 3 }], truncated: false },
  { results: [item], truncated: 'no' },
  { results: [item] },
  JSON.parse(`{"results":[],"truncated":false,"__proto__":{}}`),
  [],
  null,
];
const records: unknown[] = [
  record,
  { metadata: { ...metadata, updatedAt: null, sourceUrls: [], limitations: [] }, text: '', url: item.url, title: '', id: 'laboratory:0b7c1a2e-1111-4222-8333-444455556666' },
  { ...record, metadata: { ...metadata, entityType: 'person' } },
  { ...record, metadata: { ...metadata, verifiedAt: '2025-01-01' } },
  { ...record, metadata: { ...metadata, availability: 'open' } },
  { ...record, metadata: { ...metadata, sourceUrls: ['x'] } },
  { ...record, metadata: { ...metadata, limitations: [1] } },
  { ...record, metadata: { ...metadata, more: 1 } },
  { ...record, text: null },
  { ...record, more: 1 },
  { ...record, metadata: undefined },
];

function same(read: (v: unknown) => unknown, schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, values: unknown[]) {
  let recognised = 0;
  for (const value of values) {
    const mine = read(value);
    if (mine === undefined) continue;
    recognised++;
    const theirs = schema.safeParse(value);
    expect(theirs.success, JSON.stringify(value)).toBe(true);
    expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs.data));
  }
  return recognised;
}

describe('answers read without zod', () => {
  it('are read as the zod schemas read them, or are left to them', () => {
    expect(same(readSearchResponse, SearchResponse, searches)).toBe(5);
    expect(same(readCatalogRecord, CatalogRecord, records)).toBe(2);
  });

  it('any URL taken without zod is one the schema takes unchanged', () => {
    fc.assert(fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.string().map((s) => `https://h/${s}`)), (url) => {
      same(readSearchResponse, SearchResponse, [{ results: [{ ...item, url }], truncated: false }]);
    }), { numRuns: 500 });
  });
});

describe('the search query rule without zod', () => {
  it('accepts exactly what SearchQuery accepts, unchanged', () => {
    const odd = ['', 'a', 'ab', '  ', ' a ', 'x'.repeat(120), 'x'.repeat(121), '\u{1F52C}\u{1F52C}', 'a\u0007b', 'a\tb', 'a\nb', '\ud800a', 'é'.repeat(120), '\u00a0\u00a0'];
    fc.assert(fc.property(fc.oneof(fc.constantFrom(...odd), anyString(130), fc.string({ maxLength: 4 })), (q) => {
      const theirs = SearchQuery.safeParse(q);
      expect(isValidQuery(q), JSON.stringify(q)).toBe(theirs.success);
      if (theirs.success) expect(theirs.data).toBe(q);
    }), { numRuns: 2000 });
  });
});
