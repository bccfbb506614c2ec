// The catalogue line check without the schema (src/server/catalogue/record-check.ts) answers
// what the zod schema answers, or leaves the record to it: on every shipped record, and on
// records broken or unusual in each field in turn.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { plainRecord } from '../src/server/catalogue/record-check.js';
import { SourceRecord } from '../src/server/catalogue/source-record.js';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const shipped = readFileSync(path.join(ROOT, 'data/catalogue.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The check agrees with the schema: the same record (keys in the same order) or null; never accepts what the schema refuses. */
function agrees(value: unknown): 'checked' | 'schema' {
  const plain = plainRecord(value);
  const parsed = SourceRecord.safeParse(value);
  if (plain === null) return 'schema';
  expect(parsed.success, JSON.stringify(value)).toBe(true);
  expect(JSON.stringify(plain)).toBe(JSON.stringify(parsed.data));
  expect(plain).toEqual(parsed.data);
  return 'checked';
}

const base = { sourceId: 'CHMO:0000001', source: 'CHMO', kind: 'technique', label: 'colorimetry' };
const id = 'technique:2387e86a-2465-563a-9943-02cc11005eb4';
const VARIANTS: Record<string, unknown>[] = [
  {},
  { id },
  { id: id.replace('technique', 'equipment') },
  { id: `${id}x` },
  { id: 5 },
  { kind: 'gadget' },
  { kind: 'laboratory', id },
  { label: ' colorimetry' },
  { label: '' },
  { label: 'x'.repeat(500) },
  { label: 'x'.repeat(501) },
  { label: 'colori\nmetry' },
  { label: 'colori\u2028metry' },
  { label: 'colori\tmetry' },
  { label: 7 },
  { source: undefined },
  { source: 'y'.repeat(101) },
  { source: null },
  { sourceId: '' },
  { definition: null },
  { definition: 'two\nlines\r\nand\ttab' },
  { definition: 'bell\u0007' },
  { definition: 'd'.repeat(20_001) },
  { definition: 3 },
  { synonyms: ['a', 'b'] },
  { synonyms: ['a', ' b'] },
  { synonyms: ['a', ''] },
  { synonyms: 'a' },
  { synonyms: Array.from({ length: 201 }, (_, i) => `s${i}`) },
  { parents: [] },
  { parents: [null] },
  { sourceUrls: ['https://example.org/x', 'http://example.org'] },
  { sourceUrls: ['ftp://example.org'] },
  { sourceUrls: ['not a url'] },
  { sourceUrls: [`https://example.org/${'p'.repeat(2040)}`] },
  { updated: '2025-01-22' },
  { updated: '2025-02-30' },
  { updated: '2025-1-22' },
  { updated: null },
  { country: 'France', city: 'Paris' },
  { country: null, city: null, manufacturer: null, established: null },
  { country: '' },
  { country: ' France ' },
  { country: 'c'.repeat(201) },
  { city: 'Pa\u0000ris' },
  { manufacturer: 'Bruker', established: 1990 },
  { manufacturer: 'm'.repeat(501) },
  { established: 1990.5 },
  { established: -1 },
  { established: 3001 },
  { established: '1990' },
  { parentOrganizations: ['CNRS', 'Université Paris-Saclay'] },
  { parentOrganizations: null },
  { parentOrganizations: [' CNRS'] },
  { mergedTerms: [{ sourceId: 'OBI:1', label: 'colorimetry' }] },
  { extra: true },
  { ['__proto__']: { label: 'x' } },
];

describe('catalogue record check without the schema', () => {
  it('answers as the schema on every shipped record', () => {
    let checked = 0;
    for (const r of shipped) if (agrees(r) === 'checked') checked++;
    // Nearly every record is the common kind the check vouches for.
    expect(checked).toBeGreaterThan(shipped.length * 0.9);
  });

  it('answers as the schema, or leaves the record to it, for each field broken or unusual in turn', () => {
    const answers = VARIANTS.map((v) => agrees(JSON.parse(JSON.stringify({ ...base, ...v }))));
    for (const r of shipped.slice(0, 200)) {
      const { sourceUrls: _u, updated: _d, definition: _def, ...rest } = r;
      agrees(rest);
      agrees({ ...r, label: `${r.label as string} ` });
    }
    expect(answers.filter((a) => a === 'checked').length).toBeGreaterThan(10);
    for (const v of [null, [], 'text', 5, Object.create(null)]) expect(plainRecord(v)).toBeNull();
  });
});
