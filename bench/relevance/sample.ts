// The leave-one-out sample: for each kind, the records with alternative names in the order of a
// seeded hash of their ID (so the sample is the same on every run and changes little when a few
// records are added, merged or removed), the first `perKind` of them; of each, one alternative
// name chosen by the same hash is taken out of the record and becomes the query.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { QUERY_MAX_CODE_POINTS, QUERY_MIN_CODE_POINTS, codePointLength } from '../../src/shared/schemas.js';
import { type CatalogueEntry, parseCatalogueLines } from '../../src/server/catalogue/source-record.js';
import type { EntityType } from '../../src/shared/entity-id.js';
import { type Slice, foldedWords, slicesOf } from './slices.js';

export const KINDS: readonly EntityType[] = ['equipment', 'laboratory', 'technique'];

export interface HeldOutCase {
  query: string;
  expected: string;
  kind: EntityType;
  slices: Slice[];
}

export interface LeaveOneOut {
  /** Every record of the catalogue, the sampled ones without their held-out name. */
  entries: CatalogueEntry[];
  cases: HeldOutCase[];
  /** Per kind: records with alternative names, and held-out names skipped for the 2–120 rule. */
  eligible: Record<EntityType, number>;
  skipped: Record<EntityType, number>;
}

export function loadCatalogue(file: string): CatalogueEntry[] {
  const { entries, issues } = parseCatalogueLines(readFileSync(file, 'utf8'));
  if (issues.length > 0) {
    const first = issues.slice(0, 3).map((i) => `line ${i.line}: ${i.message}`).join('; ');
    throw new Error(`${file} has ${issues.length} invalid line(s): ${first}`);
  }
  if (entries.length === 0) throw new Error(`${file} has no records`);
  return entries;
}

function seeded(seed: string, id: string): Buffer {
  return createHash('sha256').update(`${seed}\n${id}`).digest();
}

function withinQueryBounds(name: string): boolean {
  const n = codePointLength(name);
  return n >= QUERY_MIN_CODE_POINTS && n <= QUERY_MAX_CODE_POINTS && name.trim().length > 0;
}

/** Folded-word name keys → the IDs of the records that have a name with them. */
function namesIndex(entries: readonly CatalogueEntry[]): Map<string, Set<string>> {
  const byName = new Map<string, Set<string>>();
  for (const e of entries) {
    for (const name of [e.label, ...e.synonyms]) {
      const key = foldedWords(name).join(' ');
      let ids = byName.get(key);
      if (!ids) byName.set(key, (ids = new Set()));
      ids.add(e.id);
    }
  }
  return byName;
}

export function drawLeaveOneOut(all: readonly CatalogueEntry[], perKind: number, seed: string): LeaveOneOut {
  const eligible = { equipment: 0, laboratory: 0, technique: 0 };
  const skipped = { equipment: 0, laboratory: 0, technique: 0 };
  const held = new Map<string, { index: number; query: string }>();
  for (const kind of KINDS) {
    const candidates = all
      .filter((e) => e.type === kind && e.synonyms.length > 0)
      .map((e) => ({ e, hash: seeded(seed, e.id) }))
      .sort((a, b) => Buffer.compare(a.hash, b.hash) || (a.e.id < b.e.id ? -1 : 1));
    eligible[kind] = candidates.length;
    for (const { e, hash } of candidates.slice(0, perKind)) {
      const index = hash.readUInt32BE(28) % e.synonyms.length;
      if (withinQueryBounds(e.synonyms[index]!)) held.set(e.id, { index, query: e.synonyms[index]! });
      else skipped[kind]++;
    }
  }
  const entries = all.map((e) => {
    const h = held.get(e.id);
    return h ? { ...e, synonyms: e.synonyms.filter((_, i) => i !== h.index) } : e;
  });
  const byName = namesIndex(entries);
  const cases: HeldOutCase[] = [];
  for (const e of entries) {
    const h = held.get(e.id);
    if (!h) continue;
    const query = h.query;
    const otherRecordNamed = (key: string) => [...(byName.get(key) ?? [])].some((id) => id !== e.id);
    cases.push({ query, expected: e.id, kind: e.type, slices: slicesOf(query, { label: e.label, remaining: e.synonyms, otherRecordNamed }) });
  }
  return { entries, cases, eligible, skipped };
}
