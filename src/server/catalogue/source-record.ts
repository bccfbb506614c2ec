// The catalogue's JSON Lines format (docs/catalogue-format.md): one source record per line.
// The shipped catalogue (data/catalogue.jsonl) and operator imports use the same format;
// `id` is optional on input and derived from `sourceId` when missing (UUIDv5, stable).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ENTITY_TYPES, type EntityType, formatEntityId } from '../../shared/entity-id.js';
import { EntityId } from '../../shared/schemas.js';

const httpUrl = z
  .string()
  .max(2048)
  .refine((u) => {
    try {
      const p = new URL(u);
      return p.protocol === 'http:' || p.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const text = (max: number) => z.string().trim().min(1).max(max);

export const SourceRecord = z.strictObject({
  id: EntityId.optional(),
  sourceId: text(500),
  source: text(100).optional(),
  kind: z.enum(ENTITY_TYPES),
  label: text(500),
  definition: z.string().max(20_000).nullable().default(null),
  synonyms: z.array(text(500)).max(200).default([]),
  parents: z.array(text(500)).max(200).default([]),
  sourceUrls: z.array(httpUrl).max(50).default([]),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').nullable().default(null),
  country: z.string().max(200).nullable().optional(),
  city: z.string().max(200).nullable().optional(),
  parentOrganizations: z.array(text(500)).max(100).optional(),
  established: z.number().int().min(0).max(3000).nullable().optional(),
  manufacturer: z.string().max(500).nullable().optional(),
});
export type SourceRecord = z.infer<typeof SourceRecord>;

/** A source record with its stable entity ID. */
export type CatalogueEntry = SourceRecord & { id: string; type: EntityType; uuid: string };

// Namespace for rcat entity IDs (a fixed random UUID; changing it would change every ID).
const RCAT_NAMESPACE = '6f1c2a7e-5b1d-4c8e-9a57-3d0f4b2e8c11';

/** RFC 9562 UUIDv5 (SHA-1, name-based): the same source identifier always gives the same ID. */
export function uuidV5(name: string, namespace = RCAT_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function toEntry(record: SourceRecord): CatalogueEntry {
  const uuid = record.id ? record.id.slice(record.id.indexOf(':') + 1) : uuidV5(`${record.kind}\n${record.sourceId}`);
  return { ...record, id: formatEntityId(record.kind, uuid), type: record.kind, uuid };
}

export interface ParseIssue {
  line: number;
  message: string;
}

/** Parses JSON Lines; collects every problem with its line number instead of stopping at the first. */
export function parseCatalogueLines(content: string): { entries: CatalogueEntry[]; issues: ParseIssue[] } {
  const entries: CatalogueEntry[] = [];
  const issues: ParseIssue[] = [];
  const seen = new Map<string, number>();
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const lineNo = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      issues.push({ line: lineNo, message: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    const parsed = SourceRecord.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues
        .slice(0, 3)
        .map((iss) => `${iss.path.join('.') || 'record'}: ${iss.message}`)
        .join('; ');
      issues.push({ line: lineNo, message: first });
      continue;
    }
    const entry = toEntry(parsed.data);
    const previous = seen.get(entry.id);
    if (previous !== undefined) {
      issues.push({ line: lineNo, message: `duplicate record ${entry.id} (first on line ${previous})` });
      continue;
    }
    seen.set(entry.id, lineNo);
    entries.push(entry);
  }
  return { entries, issues };
}
