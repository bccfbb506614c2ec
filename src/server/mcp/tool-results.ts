// How tool outcomes become CallToolResults (MCP 2025-11-25, server/tools "Error Handling"):
// success = structuredContent plus the same JSON in a text block (for clients without structured
// output) and, where it matters, a plain-words notice; domain failures, limits and outages are
// results with isError: true that a model can read and act on. `_meta["rcat/error"]` carries a
// stable code (and retryAfter) for programs such as the rcat CLI.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode } from '../../shared/problem.js';

export const ERROR_META_KEY = 'rcat/error';

export function okResult(structured: Record<string, unknown>, notice?: string): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }, ...(notice ? [{ type: 'text' as const, text: notice }] : [])],
    structuredContent: structured,
  };
}

export function errorResult(code: ErrorCode, message: string, retryAfter?: number): CallToolResult {
  return {
    content: [{ type: 'text', text: message }],
    isError: true,
    _meta: { [ERROR_META_KEY]: { code, ...(retryAfter !== undefined ? { retryAfter } : {}) } },
  };
}

export function rateLimitedResult(retryAfter: number, blockedBy?: string): CallToolResult {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  const which = blockedBy ? `the ${blockedBy.replace(/-/g, ' ')} limit` : 'a usage limit';
  return errorResult(
    'rate_limited',
    `Rate limit reached (${which}; limits are shared by the REST API, the website and these tools). Retry after ${seconds} second(s). Nothing was disclosed or saved by this call.`,
    seconds,
  );
}
