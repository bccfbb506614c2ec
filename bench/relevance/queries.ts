// The hand-written queries (bench/relevance/queries.jsonl): one JSON object per line,
//   {"query": "...", "expected": "<entity id>" | ["<id>", ...], "class": "<class>", "note": "..."}
// `expected` lists every record a researcher would accept first (usually one). An expected ID the
// catalogue no longer has is looked for in the records' lists of IDs (a merged record that lists
// the IDs it replaced); if no record has it, the query is skipped and reported.
import { readFileSync } from 'node:fs';
import type { CatalogueEntry } from '../../src/server/catalogue/source-record.js';
import { QUERY_MAX_CODE_POINTS, QUERY_MIN_CODE_POINTS, codePointLength } from '../../src/shared/schemas.js';
import type { ScoredCase } from './score.js';

export const QUERY_CLASSES = [
  'spelling', 'british-american', 'acronym', 'other-script', 'other-language', 'abbreviation', 'typo',
  'organisation-context', 'plain-concept',
] as const;

export interface HandWritten {
  cases: ScoredCase[];
  /** Queries whose expected records are not in the catalogue, with the reason. */
  skipped: { query: string; reason: string }[];
}

interface Line {
  query: string;
  expected: string | string[];
  class: string;
  note?: string;
}

function parseLine(raw: string, lineNo: number, file: string): Line {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new Error(`${file}:${lineNo}: not valid JSON (${(error as Error).message})`);
  }
  const line = value as Partial<Line>;
  const ids = typeof line.expected === 'string' ? [line.expected] : line.expected;
  if (typeof line.query !== 'string' || !Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
    throw new Error(`${file}:${lineNo}: needs "query" (string) and "expected" (an ID or a list of IDs)`);
  }
  if (!(QUERY_CLASSES as readonly string[]).includes(line.class ?? '')) {
    throw new Error(`${file}:${lineNo}: "class" must be one of ${QUERY_CLASSES.join(', ')}`);
  }
  const n = codePointLength(line.query);
  if (n < QUERY_MIN_CODE_POINTS || n > QUERY_MAX_CODE_POINTS) {
    throw new Error(`${file}:${lineNo}: the query must be ${QUERY_MIN_CODE_POINTS}–${QUERY_MAX_CODE_POINTS} characters`);
  }
  return line as Line;
}

/** The record now answering for `id`: itself, or a record that lists it among its fields. */
function resolve(id: string, byId: ReadonlyMap<string, CatalogueEntry>, all: readonly CatalogueEntry[]): CatalogueEntry | undefined {
  return byId.get(id) ?? all.find((e) => Object.values(e).some((v) => Array.isArray(v) && v.includes(id)));
}

export function loadHandWritten(file: string, entries: readonly CatalogueEntry[]): HandWritten {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const cases: ScoredCase[] = [];
  const skipped: HandWritten['skipped'] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() === '') continue;
    const line = parseLine(lines[i]!, i + 1, file);
    const wanted = typeof line.expected === 'string' ? [line.expected] : line.expected;
    const found = wanted.map((id) => resolve(id, byId, entries));
    const missing = wanted.filter((_, k) => found[k] === undefined);
    if (missing.length === wanted.length) {
      skipped.push({ query: line.query, reason: `no record ${missing.join(', ')}` });
      continue;
    }
    const records = found.filter((e): e is CatalogueEntry => e !== undefined);
    cases.push({ query: line.query, expected: [...new Set(records.map((e) => e.id))], kind: records[0]!.type, groups: [line.class] });
  }
  return { cases, skipped };
}
