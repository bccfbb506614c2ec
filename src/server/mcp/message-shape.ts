// A hand-written check of the common, plainly well-formed /mcp message, so a tools/call or ping is
// not walked by the SDK's zod schemas on every POST (docs/benchmarks.md, "mcp"). It only vouches:
// it says yes to a subset of what the SDK's JSONRPCMessageSchema and CallToolRequestSchema accept
// (@modelcontextprotocol/sdk types.js), and for anything else — an unknown key, `_meta`, a task, a
// response, an id that is not a string or a safe integer — it says "not sure" and the caller asks
// the schemas, whose verdict and error answers stay the only ones (./request-checks.ts).
// test/mcp-direct.test.ts sends the same messages, generated ones too, through this check and
// through the schemas alone, and compares the answers.
import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';

type Plain = Record<string, unknown>;

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/** An object as JSON.parse makes one: not null, not an array, Object.prototype as its prototype. */
function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

const hasOwn = (value: Plain, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** The SDK's RequestIdSchema: a string or an integer (zod's int(): a safe integer). */
function isRequestId(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

/**
 * True when `message` is a JSON-RPC 2.0 request or notification the SDK's JSONRPCMessageSchema
 * accepts: exactly the keys jsonrpc "2.0", an id (requests), a string method and, if present,
 * params that are an object without `_meta`. False means "not sure", never "invalid".
 */
export function isPlainMessage(message: unknown): boolean {
  if (!isPlainObject(message)) return false;
  for (const key of Object.keys(message)) if (!MESSAGE_KEYS.has(key)) return false;
  if (message.jsonrpc !== '2.0' || typeof message.method !== 'string') return false;
  if (hasOwn(message, 'id') && !isRequestId(message.id)) return false;
  if (!hasOwn(message, 'params')) return true;
  return isPlainObject(message.params) && !hasOwn(message.params, '_meta');
}

/**
 * A tools/call already vouched for by isPlainMessage, as CallToolRequestSchema would parse it,
 * when its params are only a string `name` and, if present, an object of `arguments` (the
 * arguments object itself, not a copy: nothing mutates it); null means "not sure".
 */
export function plainToolCall(message: Plain): CallToolRequest | null {
  const params = message.params;
  if (message.method !== 'tools/call' || !isPlainObject(params) || typeof params.name !== 'string') return null;
  for (const key of Object.keys(params)) if (key !== 'name' && key !== 'arguments') return null;
  if (!hasOwn(params, 'arguments')) return { method: 'tools/call', params: { name: params.name } };
  const args = params.arguments;
  // zod's record() copies the arguments and drops an own "__proto__" key; leave that to it.
  if (!isPlainObject(args) || hasOwn(args, '__proto__')) return null;
  return { method: 'tools/call', params: { name: params.name, arguments: args } };
}
