// The catalogue's JSON Lines format (docs/catalogue-format.md): one source record per line.
// The shipped catalogue (data/catalogue.jsonl) and operator imports use the same format;
// `id` is optional on input and derived from `sourceId` when missing (UUIDv5, stable).
import crypto from 'node:crypto';
import { z } from 'zod';
import { ENTITY_TYPES, type EntityType, formatEntityId } from '../../shared/entity-id.js';
import { EntityId } from '../../shared/schemas.js';
import { combineFields } from './merged-terms.js';
import { CONTROL_IN_LINE, CONTROL_IN_TEXT, DAY, FIELD_LIMITS as L, isHttpUrl, isRealDate, plainRecord } from './record-check.js';

const httpUrl = z.string().max(L.url).refine(isHttpUrl, 'must be an http(s) URL');

const text = (max: number) =>
  z.string().trim().min(1).max(max).refine((v) => !CONTROL_IN_LINE.test(v), 'must not contain control characters or line breaks');
const optionalText = (max: number) =>
  z.string().max(max).refine((v) => !CONTROL_IN_LINE.test(v), 'must not contain control characters or line breaks');

/** Limits of the import format (docs/catalogue-format.md). */
export const CATALOGUE_LIMITS = {
  maxLineBytes: 256 * 1024,
  maxRecords: 2_000_000,
  maxFileBytes: 2 * 1024 * 1024 * 1024,
} as const;

const definitionText = z
  .string()
  .max(L.definition)
  .refine((v) => !CONTROL_IN_TEXT.test(v), 'must not contain control characters');
const updatedDay = z
  .string()
  .regex(DAY, { message: 'must be YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'must be a real calendar date');

/**
 * A term from another vocabulary that defines the same concept as the record it is merged into
 * (docs/catalogue-format.md, "Merged terms"). Its own ID is retired: it answers with the record.
 */
export const MergedTerm = z.strictObject({
  id: EntityId.optional(),
  sourceId: text(L.name),
  source: text(L.source).optional(),
  label: text(L.name),
  definition: definitionText.nullable().default(null),
  synonyms: z.array(text(L.name)).max(L.names).default([]),
  parents: z.array(text(L.name)).max(L.names).default([]),
  sourceUrls: z.array(httpUrl).max(L.urls).default([]),
  updated: updatedDay.nullable().default(null),
});
export type MergedTerm = z.infer<typeof MergedTerm>;

export const MAX_MERGED_TERMS = 20;

export const SourceRecord = z.strictObject({
  id: EntityId.optional(),
  sourceId: text(L.name),
  source: text(L.source).optional(),
  kind: z.enum(ENTITY_TYPES),
  label: text(L.name),
  definition: definitionText.nullable().default(null),
  synonyms: z.array(text(L.name)).max(L.names).default([]),
  parents: z.array(text(L.name)).max(L.names).default([]),
  sourceUrls: z.array(httpUrl).max(L.urls).default([]),
  updated: updatedDay.nullable().default(null),
  country: optionalText(L.place).nullable().optional(),
  city: optionalText(L.place).nullable().optional(),
  parentOrganizations: z.array(text(L.name)).max(L.parentOrganizations).optional(),
  established: z.number().int().min(0).max(L.established).nullable().optional(),
  manufacturer: optionalText(L.manufacturer).nullable().optional(),
  mergedTerms: z.array(MergedTerm).min(1).max(MAX_MERGED_TERMS).optional(),
}).superRefine((r, ctx) => {
  const wrongType = 'the type in "id" must be the record\'s "kind"';
  if (r.id !== undefined && !r.id.startsWith(`${r.kind}:`)) ctx.addIssue({ code: 'custom', message: wrongType, path: ['id'] });
  r.mergedTerms?.forEach((t, i) => {
    if (t.id !== undefined && !t.id.startsWith(`${r.kind}:`)) ctx.addIssue({ code: 'custom', message: wrongType, path: ['mergedTerms', i, 'id'] });
  });
});
export type SourceRecord = z.infer<typeof SourceRecord>;

/**
 * A source record with its stable entity ID, as the server uses it. For a record with merged
 * terms, `synonyms`, `parents`, `sourceUrls` and `updated` are combined over the record and its
 * terms (./merged-terms.ts), every merged term has its `id` (given or derived), `retiredIds`
 * lists those IDs, and `own` keeps the record's own values for its stored form (storedLine).
 */
export type CatalogueEntry = SourceRecord & {
  id: string;
  type: EntityType;
  uuid: string;
  retiredIds: readonly string[];
  own?: Pick<SourceRecord, 'synonyms' | 'parents' | 'sourceUrls' | 'updated'>;
};

const NO_RETIRED_IDS: readonly string[] = Object.freeze([]);

// Namespace for rcat entity IDs (a fixed random UUID; changing it would change every ID).
const RCAT_NAMESPACE = '6f1c2a7e-5b1d-4c8e-9a57-3d0f4b2e8c11';
const RCAT_NAMESPACE_BYTES = Buffer.from(RCAT_NAMESPACE.replace(/-/g, ''), 'hex');

/** The namespace's bytes then a name's, for the hash (reused: one per record of a large catalogue adds up). */
let scratch = Buffer.alloc(1024);

/** RFC 9562 UUIDv5 (SHA-1, name-based): the same source identifier always gives the same ID. */
export function uuidV5(name: string, namespace = RCAT_NAMESPACE): string {
  const ns = namespace === RCAT_NAMESPACE ? RCAT_NAMESPACE_BYTES : Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (16 + name.length * 3 > scratch.length) scratch = Buffer.alloc(16 + name.length * 3);
  ns.copy(scratch, 0, 0, 16);
  const end = 16 + scratch.write(name, 16, 'utf8');
  // One-shot hash (a Hash object per record costs several times more on a large catalogue).
  const hash = crypto.hash('sha1', scratch.subarray(0, end), 'buffer');
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The entity ID of a term: its explicit `id`, else derived from kind and source identifier. */
export function termId(kind: EntityType, term: { id?: string | undefined; sourceId: string }): string {
  return term.id ?? formatEntityId(kind, uuidV5(`${kind}\n${term.sourceId}`));
}

export function toEntry(record: SourceRecord): CatalogueEntry {
  const id = termId(record.kind, record);
  const uuid = id.slice(id.indexOf(':') + 1);
  // One copy of the record (the keys in the same order as `{ ...base, retiredIds }`).
  if (!record.mergedTerms) return { ...record, id, type: record.kind, uuid, retiredIds: NO_RETIRED_IDS };
  const base = { ...record, id, type: record.kind, uuid };
  // Each merged term's ID first, like a record's in the stored form.
  const mergedTerms = record.mergedTerms.map((term) => {
    const { id: _given, ...fields } = term;
    return { id: termId(record.kind, term), ...fields };
  });
  const { synonyms, parents, sourceUrls, updated } = record;
  return {
    ...base,
    ...combineFields(record, mergedTerms),
    mergedTerms,
    retiredIds: mergedTerms.map((t) => t.id),
    own: { synonyms, parents, sourceUrls, updated },
  };
}

/**
 * toEntry for a record the caller owns and drops (the parser's): the record itself becomes the
 * entry, its keys in the order toEntry's copy has them (no copy per record of a large file).
 */
function ownEntry(record: SourceRecord): CatalogueEntry {
  if (record.mergedTerms) return toEntry(record);
  const entry = record as SourceRecord & { -readonly [K in keyof CatalogueEntry]: CatalogueEntry[K] };
  entry.id = termId(record.kind, record);
  entry.type = record.kind;
  entry.uuid = entry.id.slice(entry.id.indexOf(':') + 1);
  entry.retiredIds = NO_RETIRED_IDS;
  return entry;
}

/**
 * The entry of a catalogue line that was read and found valid before (a record store's line,
 * ./record-store.ts): checked and filled in as the parser does, its IDs derived.
 */
export function entryOfLine(line: string): CatalogueEntry {
  const value: unknown = JSON.parse(line);
  const record = plainRecord(value) ?? SourceRecord.parse(value);
  // A line without its ID: the derived ID first, where the stored form (storedLine) has it.
  return ownEntry(record.id === undefined ? { id: termId(record.kind, record), ...record } : record);
}

/** The stored form of an entry: the documented format, `id` first, defaults and merged terms' IDs filled in. */
export function storedLine(entry: CatalogueEntry): string {
  const { id, type: _t, uuid: _u, retiredIds: _r, own, ...rest } = entry;
  return JSON.stringify({ id, ...rest, ...own });
}

export interface ParseIssue {
  line: number;
  message: string;
}

/**
 * Reads catalogue lines one at a time, collecting every problem with its line number instead of
 * stopping at the first (an operator fixes a file in one pass), and hands each valid record to
 * `accept` (the parser keeps no record). Blank lines are skipped; a byte-order mark at the start
 * is ignored.
 */
export class CatalogueParser {
  readonly issues: ParseIssue[] = [];
  /** Valid records so far. */
  count = 0;
  /** Every ID seen: the line it is on, negative when it is a merged term's (retired) ID. */
  private readonly seen = new Map<string, number>();

  /**
   * `accept` is given each valid record and, when the line came as bytes, the UTF-8 bytes of
   * the record's line (its stored form in the record store: ./record-store.ts).
   * `fromFileStart`: line 1 is the file's first line (a byte-order mark there is ignored).
   */
  constructor(
    private readonly accept: (entry: CatalogueEntry, line?: Uint8Array) => void,
    private readonly fromFileStart = true,
  ) {}

  /** `bytes`: the line as read, whose UTF-8 decoding (a leading byte-order mark dropped) is `raw`. */
  line(raw: string, lineNo: number, bytes?: Uint8Array): void {
    const line = (lineNo === 1 && this.fromFileStart ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
    if (line.trim() === '') return;
    const size = Buffer.byteLength(line, 'utf8');
    if (size > CATALOGUE_LIMITS.maxLineBytes) {
      this.issues.push({ line: lineNo, message: `longer than ${CATALOGUE_LIMITS.maxLineBytes} bytes` });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.issues.push({ line: lineNo, message: `not valid JSON (${(error as Error).message})` });
      return;
    }
    // The common record is checked without the schema; the schema decides the others.
    const plain = plainRecord(value);
    const parsed = plain ? { success: true as const, data: plain } : SourceRecord.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues
        .slice(0, 3)
        .map((iss) => `${iss.path.join('.') || 'record'}: ${iss.message}`)
        .join('; ');
      this.issues.push({ line: lineNo, message: first });
      return;
    }
    const entry = ownEntry(parsed.data);
    const clash = this.clash(entry);
    if (clash) {
      this.issues.push({ line: lineNo, message: clash });
      return;
    }
    if (this.count >= CATALOGUE_LIMITS.maxRecords) {
      this.issues.push({ line: lineNo, message: `more than ${CATALOGUE_LIMITS.maxRecords} records` });
      return;
    }
    this.seen.set(entry.id, lineNo);
    for (const id of entry.retiredIds) this.seen.set(id, -lineNo);
    this.count++;
    // The line's bytes without what was dropped from its text: byte-order marks before it, a carriage return after it.
    const end = bytes ? bytes.length - (raw.endsWith('\r') ? 1 : 0) : 0;
    this.accept(entry, bytes?.subarray(end - size, end));
  }

  /** A problem with the file as a whole, not with one of its lines (the file cannot be read on). */
  fail(lineNo: number, message: string): void {
    this.issues.push({ line: lineNo, message });
  }

  /**
   * Every ID, a record's or a retired one, names one record in the file: a retired ID answers
   * with the record that merged it, so it can be neither another record's ID nor retired twice.
   */
  private clash(entry: CatalogueEntry): string | null {
    const first = this.seen.get(entry.id);
    if (first !== undefined) {
      return first < 0
        ? `record ${entry.id} is a merged term of the record on line ${-first}`
        : `duplicate record ${entry.id} (first on line ${first})`;
    }
    if (entry.retiredIds.length === 0) return null;
    const own = new Set([entry.id]);
    for (const [i, id] of entry.retiredIds.entries()) {
      const where = `mergedTerms.${i}.id`;
      if (own.has(id)) return `${where}: ${id} names this record or another of its merged terms`;
      own.add(id);
      const other = this.seen.get(id);
      if (other !== undefined) return `${where}: ${id} is already ${other < 0 ? 'a merged term' : 'the record'} on line ${Math.abs(other)}`;
    }
    return null;
  }
}

/** Parses JSON Lines in one go (small catalogues, tests). */
export function parseCatalogueLines(content: string): { entries: CatalogueEntry[]; issues: ParseIssue[] } {
  const entries: CatalogueEntry[] = [];
  const parser = new CatalogueParser((e) => entries.push(e));
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) parser.line(lines[i]!, i + 1);
  return { entries, issues: parser.issues };
}
