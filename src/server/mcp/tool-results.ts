// How tool outcomes become CallToolResults (MCP 2025-11-25, server/tools "Error Handling"):
// success = structuredContent plus the same JSON in a text block (for clients without structured
// output) and, where it matters, a plain-words notice; domain failures, limits and outages are
// results with isError: true that a model can read and act on (their words:
// src/server/error-answers.ts). `_meta["rcat/error"]` carries a stable code (and retryAfter) for
// programs such as the rcat CLI.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode } from '../../shared/problem.js';
import { toolFailureAnswer } from '../error-answers.js';
import type { AppError } from '../errors.js';

export const ERROR_META_KEY = 'rcat/error';

export function okResult(structured: Record<string, unknown>, notice?: string): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }, ...(notice ? [{ type: 'text' as const, text: notice }] : [])],
    structuredContent: structured,
  };
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
