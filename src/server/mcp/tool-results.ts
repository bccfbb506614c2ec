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

/** What an ok result is written from (a symbol: no serialiser sees it): its structured content's JSON, and whether that was a cached answer's. */
const SOURCE = Symbol('rcat.resultSource');
interface Source {
  json: string;
  cached: boolean;
}

/**
 * The text blocks of cached answers (their JSON as a JSON string, `"{\"results\":…"`) by their
 * structured content: a repeated search's answer is the answer cache's own object, so the escape
 * is done once, not on every call. Only for a cached answer, so an entry lives as long as the
 * cache keeps that answer (a record read by `fetch` lives as long as the catalogue: not kept).
 */
const TEXT_BLOCKS = new WeakMap<object, { json: string; text: string }>();

/**
 * A successful result. `json`, when the caller passes it, is `jsonText(structured)` of a cached
 * answer (a search's); it is the text block, and kept, with the fact that it is cached, so the
 * answer can be serialised without writing the structured content out again (./direct.ts).
 * `structured` is not changed afterwards (a cached answer is shared).
 */
export function okResult(structured: Record<string, unknown>, notice?: string, json?: string): CallToolResult {
  const source: Source = { json: json ?? jsonText(structured), cached: json !== undefined };
  const result: CallToolResult = {
    content: [{ type: 'text', text: source.json }, ...(notice ? [{ type: 'text' as const, text: notice }] : [])],
    structuredContent: structured,
  };
  Object.defineProperty(result, SOURCE, { value: source });
  return result;
}

/** The notice of a result as okResult built it (its text block is `json`), undefined for none, else null. */
function okNotice(result: CallToolResult, json: string): string | undefined | null {
  const keys = Object.keys(result);
  if (keys.length !== 2 || keys[0] !== 'content' || keys[1] !== 'structuredContent') return null;
  const [text, notice, ...rest] = result.content as { type: string; text?: string }[];
  if (rest.length > 0 || text?.type !== 'text' || text.text !== json) return null;
  if (notice === undefined) return undefined;
  return notice.type === 'text' && Object.keys(notice).length === 2 && typeof notice.text === 'string' ? notice.text : null;
}

/** `json` as a JSON string: it holds no U+2028, U+2029 or C1 control (jsonText escaped them), so neither does this. */
function textBlock(structured: object, { json, cached }: Source): string {
  if (!cached) return JSON.stringify(json);
  const known = TEXT_BLOCKS.get(structured);
  if (known?.json === json) return known.text;
  const text = JSON.stringify(json);
  TEXT_BLOCKS.set(structured, { json, text });
  return text;
}

/**
 * The result as JSON text for the wire, `jsonText(result)` byte for byte: an ok result's
 * structured content is taken from the JSON it was built with rather than serialised again, and
 * a cached answer's text block from TEXT_BLOCKS.
 */
export function resultJson(result: CallToolResult): string {
  const source = (result as { [SOURCE]?: Source })[SOURCE];
  const notice = source === undefined ? null : okNotice(result, source.json);
  if (source === undefined || notice === null) return jsonText(result);
  const more = notice === undefined ? '' : `,${jsonText({ type: 'text', text: notice })}`;
  return `{"content":[{"type":"text","text":${textBlock(result.structuredContent!, source)}}${more}],"structuredContent":${source.json}}`;
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
