// How tool outcomes become CallToolResults (MCP 2025-11-25, server/tools "Error Handling"):
// success = structuredContent plus the same JSON in a text block (for clients without structured
// output; JSON as rcat writes it on the wire, src/shared/json-text.ts) and, where it matters, a
// plain-words notice; domain failures, limits and outages are
// results with isError: true that a model can read and act on (their words:
// src/server/error-answers.ts). `_meta["rcat/error"]` carries a stable code (and retryAfter) for
// programs such as the rcat CLI.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode } from '../../shared/problem.js';
import { toolFailureAnswer } from '../error-answers.js';
import type { AppError } from '../errors.js';
import { jsonText } from '../../shared/json-text.js';

export const ERROR_META_KEY = 'rcat/error';

/** Where an ok result keeps its structuredContent's JSON text (a symbol: no serialiser sees it). */
const STRUCTURED_JSON = Symbol('rcat.structuredJson');

/**
 * The wire JSON of ok results by their structured content: a search answer comes from the
 * catalogue's answer cache, the same object each time the query repeats, so its result (the JSON
 * escaped once more as the text block) is written once, not on every call. Held weakly: an entry
 * lives as long as its structured content does.
 */
const WIRE = new WeakMap<object, { json: string; notice: string | undefined; wire: string }>();

/**
 * A successful result. `json` is `jsonText(structured)`, passed when the caller already has it
 * (a cached search answer); it is the text block, and kept so the answer can be serialised
 * without writing the structured content out again (./direct.ts). `structured` is not changed
 * afterwards (a cached answer is shared).
 */
export function okResult(structured: Record<string, unknown>, notice?: string, json = jsonText(structured)): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: json }, ...(notice ? [{ type: 'text' as const, text: notice }] : [])],
    structuredContent: structured,
  };
  Object.defineProperty(result, STRUCTURED_JSON, { value: json });
  return result;
}

/** The notice of a result as okResult built it (its text block is `json`), else null. */
function okNotice(result: CallToolResult, json: string): string | undefined | null {
  const keys = Object.keys(result);
  if (keys.length !== 2 || keys[0] !== 'content' || keys[1] !== 'structuredContent') return null;
  const [text, notice, ...rest] = result.content as { type: string; text?: string }[];
  if (rest.length > 0 || text?.type !== 'text' || text.text !== json) return null;
  if (notice === undefined) return undefined;
  return notice.type === 'text' && Object.keys(notice).length === 2 && typeof notice.text === 'string' ? notice.text : null;
}

/**
 * The result as JSON text for the wire, `jsonText(result)` byte for byte: an ok result's
 * structured content is taken from the JSON it was built with rather than serialised again, and
 * the whole is remembered for that structured content (WIRE).
 */
export function resultJson(result: CallToolResult): string {
  const json = (result as { [STRUCTURED_JSON]?: string })[STRUCTURED_JSON];
  const notice = json === undefined ? null : okNotice(result, json);
  if (json === undefined || notice === null) return jsonText(result);
  const structured = result.structuredContent!;
  const known = WIRE.get(structured);
  if (known && known.json === json && known.notice === notice) return known.wire;
  const wire = `{"content":${jsonText(result.content)},"structuredContent":${json}}`;
  WIRE.set(structured, { json, notice, wire });
  return wire;
}

// Keys in the order the SDK's CallToolResultSchema writes them (_meta, content,
// structuredContent, isError), so a result reads the same whichever path answered the call.
export function errorResult(code: ErrorCode, message: string, retryAfter?: number, limit?: string): CallToolResult {
  return {
    _meta: { [ERROR_META_KEY]: { code, ...(retryAfter !== undefined ? { retryAfter } : {}), ...(limit ? { limit } : {}) } },
    content: [{ type: 'text', text: message }],
    isError: true,
  };
}

/** A tool's failure (a domain error, a limit, an outage) as the isError result a model can act on. */
export function failureResult(error: AppError): CallToolResult {
  const { code, message, retryAfter, limit } = toolFailureAnswer(error);
  return errorResult(code, message, retryAfter, limit);
}
