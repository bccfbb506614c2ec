// JSON-RPC messages as the bridge reads them, without loading the MCP SDK's schemas (zod and
// every MCP type, most of `rcat mcp`'s start-up) for the messages every session sends.
//
// `plainMessage` gives exactly what the SDK's JSONRPCMessageSchema.parse gives (same keys, same
// order: the schema's keys first, then the rest as they came) for the shapes it recognises: a
// request, notification, result or error with only the keys JSON-RPC defines, params, result
// and `_meta` objects, integer or string ids and progress tokens. Anything else (an extra key,
// a task's related-task metadata, an error object with extra members, any doubt) is undefined:
// the caller then asks the SDK's schema (`sdkMessage`), which decides as it always did.
// test/bridge-jsonrpc.test.ts compares the two on a corpus of valid and invalid messages.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC / MCP error codes (the SDK's ErrorCode, whose module loads every MCP schema). */
export const ErrorCode = {
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
  ParseError: -32700,
  InvalidRequest: -32600,
  InternalError: -32603,
} as const;

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.hasOwn(v, '__proto__');
/** Ids and progress tokens: a string or an integer (safe integers only: any other number goes to the schema). */
const isId = (v: unknown): boolean => typeof v === 'string' || Number.isSafeInteger(v);
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

function onlyKeys(value: Plain, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

/** A loose object: the schema's keys first (when present), then the others in their order. */
function loose(value: Plain, first: string, firstValue: unknown): Plain {
  const out: Plain = first in value ? { [first]: firstValue } : {};
  for (const key in value) if (key !== first) out[key] = value[key];
  return out;
}

/** `_meta` (RequestMetaSchema): progressToken first; a related-task entry goes to the schema. */
function meta(value: unknown): Plain | undefined {
  if (!isPlain(value) || RELATED_TASK in value) return undefined;
  if ('progressToken' in value && !isId(value.progressToken)) return undefined;
  return loose(value, 'progressToken', value.progressToken);
}

/** params of a request or notification, or a result: loose objects whose `_meta` is RequestMetaSchema. */
function withMeta(value: unknown): Plain | undefined {
  if (!isPlain(value)) return undefined;
  if (!('_meta' in value)) return loose(value, '_meta', undefined);
  const m = meta(value._meta);
  return m === undefined ? undefined : loose(value, '_meta', m);
}

function call(value: Plain, withId: boolean): JSONRPCMessage | undefined {
  if (!onlyKeys(value, withId ? ['jsonrpc', 'id', 'method', 'params'] : ['jsonrpc', 'method', 'params'])) return undefined;
  if (typeof value.method !== 'string') return undefined;
  if (withId && !isId(value.id)) return undefined;
  const out: Plain = withId ? { jsonrpc: '2.0', id: value.id, method: value.method } : { jsonrpc: '2.0', method: value.method };
  if ('params' in value) {
    const params = withMeta(value.params);
    if (params === undefined) return undefined;
    out.params = params;
  }
  return out as JSONRPCMessage;
}

function result(value: Plain): JSONRPCMessage | undefined {
  if (!onlyKeys(value, ['jsonrpc', 'id', 'result']) || !isId(value.id)) return undefined;
  const body = withMeta(value.result);
  return body === undefined ? undefined : ({ jsonrpc: '2.0', id: value.id, result: body } as JSONRPCMessage);
}

function error(value: Plain): JSONRPCMessage | undefined {
  if (!onlyKeys(value, ['jsonrpc', 'id', 'error']) || ('id' in value && !isId(value.id))) return undefined;
  const e = value.error;
  if (!isPlain(e) || !onlyKeys(e, ['code', 'message', 'data']) || !Number.isSafeInteger(e.code) || typeof e.message !== 'string') return undefined;
  const body: Plain = 'data' in e ? { code: e.code, message: e.message, data: e.data } : { code: e.code, message: e.message };
  return ('id' in value ? { jsonrpc: '2.0', id: value.id, error: body } : { jsonrpc: '2.0', error: body }) as JSONRPCMessage;
}

/** The message as the SDK's schema would give it, or undefined when only the schema can tell. */
export function plainMessage(value: unknown): JSONRPCMessage | undefined {
  if (!isPlain(value) || value.jsonrpc !== '2.0') return undefined;
  if ('method' in value) return call(value, 'id' in value);
  if ('result' in value) return result(value);
  if ('error' in value) return error(value);
  return undefined;
}

type Schema = (typeof import('@modelcontextprotocol/sdk/types.js'))['JSONRPCMessageSchema'];
let schema: Promise<Schema> | undefined;

/** The SDK's JSONRPCMessageSchema, loaded on first use. */
export function sdkMessageSchema(): Promise<Schema> {
  schema ??= import('@modelcontextprotocol/sdk/types.js').then((m) => m.JSONRPCMessageSchema);
  return schema;
}

/**
 * Parses a message as the SDK's transports do (JSONRPCMessageSchema.parse: throws when the value
 * is no JSON-RPC message), loading the schema only when `plainMessage` cannot tell.
 */
export async function parseMessage(value: unknown): Promise<JSONRPCMessage> {
  return plainMessage(value) ?? (await sdkMessageSchema()).parse(value);
}
