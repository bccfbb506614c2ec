// HTTP-level answers of /mcp as JSON-RPC error bodies, so an MCP client can read every failure.
// JSON-RPC 2.0 section 5.1 codes (src/server/error-answers.ts `JSON_RPC`): -32700 parse error,
// -32600 invalid request, -32602 invalid params; -32000 (server error range) for transport
// refusals (auth, scope, origin, size, limits), with the HTTP status and our stable problem code
// in `data`. Written with node:http's own response methods, so the same answers leave whether
// Express routed the request or the /mcp POST handler answered it ahead of Express.
import type { ServerResponse } from 'node:http';
import { JSON_RPC, type JsonRpcHttpError } from '../error-answers.js';
import { jsonText } from '../../shared/json-text.js';

export type { JsonRpcHttpError } from '../error-answers.js';
export const PARSE_ERROR = JSON_RPC.parseError;
export const INVALID_REQUEST = JSON_RPC.invalidRequest;
export const INVALID_PARAMS = JSON_RPC.invalidParams;
export const INTERNAL_ERROR = JSON_RPC.internalError;
export const SERVER_ERROR = JSON_RPC.serverError;

export type JsonRpcId = string | number | null;

/** Sends `json` (already JSON text for the wire) as the whole answer, in one write. */
export function sendJsonText(res: ServerResponse, status: number, json: string, contentType = 'application/json; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

export function sendJsonRpcError(res: ServerResponse, e: JsonRpcHttpError): void {
  for (const [k, v] of Object.entries(e.headers ?? {})) res.setHeader(k, v);
  const data = { status: e.status, ...(e.code ? { code: e.code } : {}), ...e.data };
  sendJsonText(res, e.status, jsonText({ jsonrpc: '2.0', id: e.id ?? null, error: { code: e.rpcCode, message: e.message, data } }));
}

/** The id of a message when it is a valid JSON-RPC id, else null (JSON-RPC 2.0 section 5). */
export function idOf(message: unknown): JsonRpcId {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const id = (message as Record<string, unknown>).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
