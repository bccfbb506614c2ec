// The import format's value rules (./source-record.ts) in plain code, for the common record: a
// catalogue line is checked here first, and only a record this check cannot vouch for goes
// through the zod schema, which says what is wrong with it. The schema allocates a good deal
// per record (issue lists, copies of every array), about a fifth of what building an index
// allocates. `plainRecord` answers exactly what the schema's `safeParse(value).data` would
// (the same keys in the same order, defaults filled in), or null: then the schema decides. It
// never accepts a record the schema refuses (test/catalogue-record-check.test.ts compares the
// two on every shipped record and on many broken ones). It leaves to the schema every record
// with merged terms, and any text the schema would trim.
import { ENTITY_ID_PATTERN, ENTITY_TYPES } from '../../shared/entity-id.js';
import type { SourceRecord } from './source-record.js';

// Control characters (other than tab and, in long text, line breaks) are never real catalogue
// text; refusing them keeps titles printable in terminals, pages and tool results.
export const CONTROL_IN_LINE = /[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/;
export const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Catalogue dates repeat (a vocabulary's release date on every one of its terms): each is checked once.
const realDates = new Map<string, boolean>();

export function isRealDate(day: string): boolean {
  let real = realDates.get(day);
  if (real === undefined) {
    const t = Date.parse(`${day}T00:00:00Z`);
    real = !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
    if (realDates.size >= 4096) realDates.clear();
    realDates.set(day, real);
  }
  return real;
}

export function isHttpUrl(u: string): boolean {
  try {
    const p = new URL(u);
    return p.protocol === 'http:' || p.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The format's field limits (docs/catalogue-format.md), shared with the zod schema (./source-record.ts). */
export const FIELD_LIMITS = {
  name: 500,
  source: 100,
  definition: 20_000,
  names: 200,
  urls: 50,
  url: 2048,
  place: 200,
  parentOrganizations: 100,
  manufacturer: 500,
  established: 3000,
} as const;
const L = FIELD_LIMITS;

const KINDS: ReadonlySet<unknown> = new Set(ENTITY_TYPES);

/** text(max) of the schema, for a value it would not trim. */
function isText(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.length >= 1 && v.length <= max && v.trim() === v && !CONTROL_IN_LINE.test(v);
}

/** optionalText(max) of the schema, null allowed. */
function isOptionalText(v: unknown, max: number): boolean {
  return v === null || (typeof v === 'string' && v.length <= max && !CONTROL_IN_LINE.test(v));
}

function isTextList(v: unknown, maxItems: number): v is string[] {
  if (!Array.isArray(v) || v.length > maxItems) return false;
  for (const x of v) if (!isText(x, L.name)) return false;
  return true;
}

function isUrlList(v: unknown): v is string[] {
  if (!Array.isArray(v) || v.length > L.urls) return false;
  for (const x of v) if (typeof x !== 'string' || x.length > L.url || !isHttpUrl(x)) return false;
  return true;
}

/** The keys of a plain record, in the schema's order (its output's order). */
const KEYS = ['id', 'sourceId', 'source', 'kind', 'label', 'definition', 'synonyms', 'parents', 'sourceUrls', 'updated', 'country', 'city', 'parentOrganizations', 'established', 'manufacturer'] as const;
const KNOWN: ReadonlySet<string> = new Set(KEYS);
/** Stands for a new empty array (each record gets its own, as from the schema). */
const EMPTY: readonly string[] = [];
/** What the schema fills in for a missing key. */
const DEFAULTS: Record<string, unknown> = { definition: null, synonyms: EMPTY, parents: EMPTY, sourceUrls: EMPTY, updated: null };

function fieldsValid(r: Record<string, unknown>): boolean {
  const { id, kind, definition, updated, established } = r;
  if (!KINDS.has(kind)) return false;
  if (id !== undefined && (typeof id !== 'string' || !ENTITY_ID_PATTERN.test(id) || !id.startsWith(`${kind as string}:`))) return false;
  if (!isText(r.sourceId, L.name) || !isText(r.label, L.name) || (r.source !== undefined && !isText(r.source, L.source))) return false;
  if (definition !== undefined && definition !== null && (typeof definition !== 'string' || definition.length > L.definition || CONTROL_IN_TEXT.test(definition))) return false;
  if ((r.synonyms !== undefined && !isTextList(r.synonyms, L.names)) || (r.parents !== undefined && !isTextList(r.parents, L.names))) return false;
  if (r.sourceUrls !== undefined && !isUrlList(r.sourceUrls)) return false;
  if (updated !== undefined && updated !== null && (typeof updated !== 'string' || !DAY.test(updated) || !isRealDate(updated))) return false;
  if ((r.country !== undefined && !isOptionalText(r.country, L.place)) || (r.city !== undefined && !isOptionalText(r.city, L.place))) return false;
  if (r.manufacturer !== undefined && !isOptionalText(r.manufacturer, L.manufacturer)) return false;
  if (r.parentOrganizations !== undefined && !isTextList(r.parentOrganizations, L.parentOrganizations)) return false;
  if (established !== undefined && established !== null && !(Number.isInteger(established) && (established as number) >= 0 && (established as number) <= L.established)) return false;
  return true;
}

/** The schema's answer for a record it accepts as it is, or null: let the schema decide. */
export function plainRecord(value: unknown): SourceRecord | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const r = value as Record<string, unknown>;
  for (const key in r) if (!KNOWN.has(key)) return null;
  if (!fieldsValid(r)) return null;
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const v = r[key] === undefined ? DEFAULTS[key] : r[key];
    if (v !== undefined) out[key] = v === EMPTY ? [] : v;
  }
  return out as SourceRecord;
}
