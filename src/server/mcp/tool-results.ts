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
 * A successful result. `json` is `jsonText(structured)`, passed when the caller already has it
 * (a cached search answer); it is the text block, and kept so the answer can be serialised
 * without writing the structured content out again (./direct.ts).
 */
export function okResult(structured: Record<string, unknown>, notice?: string, json = jsonText(structured)): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: json }, ...(notice ? [{ type: 'text' as const, text: notice }] : [])],
    structuredContent: structured,
  };
  Object.defineProperty(result, STRUCTURED_JSON, { value: json });
  return result;
}

/**
 * The result as JSON text for the wire, `jsonText(result)` byte for byte: an ok result's
 * structured content is taken from the JSON it was built with rather than serialised again.
 */
export function resultJson(result: CallToolResult): string {
  const json = (result as { [STRUCTURED_JSON]?: string })[STRUCTURED_JSON];
  const keys = Object.keys(result);
  if (json === undefined || keys.length !== 2 || keys[0] !== 'content' || keys[1] !== 'structuredContent') return jsonText(result);
  return `{"content":${jsonText(result.content)},"structuredContent":${json}}`;
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
