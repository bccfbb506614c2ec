// The REST answers the CLI reads (a search, a record, usage, whoami), each as a shape: `read`
// checks the common answers without zod and gives exactly what the shared schema's parse gives
// (the schema's keys in its order, objects and arrays copied) or undefined; the schema, and
// zod with it, is loaded only then, and decides as it always did. So `rcat search` and `rcat
// fetch` do not load zod when the server answers as documented. test/cli-answer-shapes.test.ts
// compares the readers with the schemas.
import type { z } from 'zod';
import { ENTITY_ID_PATTERN, ENTITY_TYPES } from '../shared/entity-id.js';
import { SEARCH_RESULT_LIMIT } from '../shared/limits.js';
import type { CatalogRecord, SearchResponse } from '../shared/schemas.js';
import type { UsageReport } from '../shared/usage.js';
import type { WhoAmI } from '../shared/whoami.js';

export interface AnswerShape<T> {
  /** The parsed answer, or undefined when the schema must decide. */
  read(value: unknown): T | undefined;
  schema(): Promise<z.ZodType<T>>;
}

type Plain = Record<string, unknown>;

/** A plain object with exactly these keys (JSON.parse's own `__proto__` key left to the schema). */
function withKeys(value: unknown, keys: readonly string[]): value is Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key)) && !own.includes('__proto__');
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isEntityId = (v: unknown): v is string => isString(v) && ENTITY_ID_PATTERN.test(v);
/** A URL the schema keeps as it is: no surrounding space, no tab or newline to strip. */
const isPlainUrl = (v: unknown): v is string => isString(v) && v.trim() === v && !/[\t\n\r]/.test(v) && URL.canParse(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

const SEARCH_KEYS = ['results', 'truncated'] as const;
const ITEM_KEYS = ['id', 'title', 'url'] as const;
const RECORD_KEYS = ['id', 'title', 'url', 'text', 'metadata'] as const;
const METADATA_KEYS = ['entityType', 'updatedAt', 'verifiedAt', 'sourceUrls', 'availability', 'limitations'] as const;

export function readSearchResponse(value: unknown): SearchResponse | undefined {
  if (!withKeys(value, SEARCH_KEYS) || typeof value.truncated !== 'boolean') return undefined;
  const { results } = value;
  if (!Array.isArray(results) || results.length > SEARCH_RESULT_LIMIT) return undefined;
  const items: SearchResponse['results'] = [];
  for (const item of results) {
    if (!withKeys(item, ITEM_KEYS) || !isEntityId(item.id) || !isString(item.title) || !isPlainUrl(item.url)) return undefined;
    items.push({ id: item.id, title: item.title, url: item.url });
  }
  return { results: items, truncated: value.truncated };
}

function readMetadata(m: unknown): CatalogRecord['metadata'] | undefined {
  if (!withKeys(m, METADATA_KEYS)) return undefined;
  const { entityType, updatedAt, sourceUrls, limitations } = m;
  if (!(ENTITY_TYPES as readonly unknown[]).includes(entityType) || !(updatedAt === null || isString(updatedAt))) return undefined;
  if (m.verifiedAt !== null || m.availability !== 'unknown') return undefined;
  if (!Array.isArray(sourceUrls) || !sourceUrls.every(isPlainUrl) || !isStringArray(limitations)) return undefined;
  return {
    entityType: entityType as CatalogRecord['metadata']['entityType'],
    updatedAt,
    verifiedAt: null,
    sourceUrls: [...sourceUrls],
    availability: 'unknown',
    limitations: [...limitations],
  };
}

export function readCatalogRecord(value: unknown): CatalogRecord | undefined {
  if (!withKeys(value, RECORD_KEYS) || !isEntityId(value.id) || !isString(value.title) || !isPlainUrl(value.url) || !isString(value.text)) return undefined;
  const metadata = readMetadata(value.metadata);
  if (!metadata) return undefined;
  return { id: value.id, title: value.title, url: value.url, text: value.text, metadata };
}

type Schemas = typeof import('./answer-schemas.js');
let schemas: Promise<Schemas> | undefined;
/** The zod schemas, loaded on first use. */
function answerSchemas(): Promise<Schemas> {
  schemas ??= import('./answer-schemas.js');
  return schemas;
}

export const SEARCH_ANSWER: AnswerShape<SearchResponse> = { read: readSearchResponse, schema: async () => (await answerSchemas()).SearchResponse };
export const RECORD_ANSWER: AnswerShape<CatalogRecord> = { read: readCatalogRecord, schema: async () => (await answerSchemas()).CatalogRecord };
// `rcat status` only: read by the schema.
export const USAGE_ANSWER: AnswerShape<UsageReport> = { read: () => undefined, schema: async () => (await answerSchemas()).UsageReport };
export const WHOAMI_ANSWER: AnswerShape<WhoAmI> = { read: () => undefined, schema: async () => (await answerSchemas()).WhoAmI };
