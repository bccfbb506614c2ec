// What /mcp checks before a message is dispatched (./post.ts: directly or by the SDK), each
// failure answered as a JSON-RPC error:
//  - Origin and Host (MCP 2025-11-25, basic/transports, "Security Warning": servers MUST validate
//    Origin; Host against DNS rebinding), with CORS headers for an allowed browser origin;
//  - the content type, a 1 MiB body, JSON, one JSON-RPC 2.0 message (no batches: 2025-11-25
//    removed them), and a well-formed tools/call. The message is checked against the SDK's own
//    schemas, except a plainly well-formed one, which a hand-written check vouches for
//    (./message-shape.ts); with `schemasOnly` every message goes to the schemas.
import type { IncomingMessage as Request, ServerResponse as Response } from 'node:http';
import { type CallToolRequest, CallToolRequestSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { idOf, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, sendJsonRpcError, SERVER_ERROR } from './json-rpc-errors.js';
import { isPlainMessage, plainToolCall } from './message-shape.js';
import { MCP_MAX_BODY_BYTES, readBody } from './request-body.js';
import type { TransportPolicy } from './transport-security.js';

const CORS_EXPOSE_HEADERS = 'WWW-Authenticate, Retry-After, Mcp-Session-Id, RateLimit, RateLimit-Policy';

/** Origin and Host checks; answers 403 itself and returns false when the request is refused. */
export function transportGuard(policy: TransportPolicy): (req: Request, res: Response) => boolean {
  return (req, res) => {
    const origin = req.headers.origin;
    if (!policy.hostAllowed(req.headers.host)) {
      sendJsonRpcError(res, { status: 403, rpcCode: SERVER_ERROR, code: 'forbidden', message: 'Forbidden: the Host header does not name this server (DNS-rebinding protection).' });
      return false;
    }
    if (!policy.originAllowed(origin)) {
      sendJsonRpcError(res, { status: 403, rpcCode: SERVER_ERROR, code: 'forbidden', message: 'Forbidden: requests from this Origin are not allowed.' });
      return false;
    }
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
      res.setHeader('Vary', 'Origin');
    }
    return true;
  };
}

function isJsonContentType(value: string | undefined): boolean {
  return (value ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** One checked JSON-RPC message: as parsed from the body, and for tools/call as the SDK's schema reads it. */
export interface ReadMessage {
  message: unknown;
  /** A tools/call as CallToolRequestSchema parses it (its `arguments` are what the SDK would hand to a tool). */
  call?: CallToolRequest;
  /** True when the hand-written check vouched for the message (./message-shape.ts: no `_meta`, no other params keys). */
  plain?: boolean;
}

/** The one JSON-RPC message of the POST, or undefined when the request was refused (answered here). */
export async function readMessage(req: Request, res: Response, schemasOnly = false): Promise<ReadMessage | undefined> {
  if (!isJsonContentType(req.headers['content-type'])) {
    sendJsonRpcError(res, { status: 415, rpcCode: SERVER_ERROR, code: 'unsupported_media_type', message: 'Unsupported Media Type: Content-Type must be application/json.' });
    return undefined;
  }
  const body = await readBody(req);
  if (!body.ok) {
    if (body.reason === 'too_large') {
      res.setHeader('Connection', 'close');
      sendJsonRpcError(res, { status: 413, rpcCode: SERVER_ERROR, code: 'payload_too_large', message: `Payload Too Large: the request body must not exceed ${MCP_MAX_BODY_BYTES} bytes.` });
    } else {
      sendJsonRpcError(res, { status: 400, rpcCode: PARSE_ERROR, message: 'Parse error: the body is not UTF-8 JSON.' });
    }
    return undefined;
  }
  let message: unknown;
  try {
    message = JSON.parse(body.text);
  } catch {
    sendJsonRpcError(res, { status: 400, rpcCode: PARSE_ERROR, message: 'Parse error: the body is not valid JSON.' });
    return undefined;
  }
  return checkedMessage(message, res, schemasOnly);
}

function checkedMessage(message: unknown, res: Response, schemasOnly: boolean): ReadMessage | undefined {
  if (Array.isArray(message)) {
    sendJsonRpcError(res, {
      status: 400,
      rpcCode: INVALID_REQUEST,
      message: 'Invalid Request: JSON-RPC batches are not supported (MCP 2025-11-25 removed batching); send one message per POST.',
    });
    return undefined;
  }
  const plain = !schemasOnly && isPlainMessage(message);
  if (!plain && !JSONRPCMessageSchema.safeParse(message).success) {
    sendJsonRpcError(res, { status: 400, rpcCode: INVALID_REQUEST, id: idOf(message), message: 'Invalid Request: the body is not a JSON-RPC 2.0 request, notification or response.' });
    return undefined;
  }
  // A malformed tools/call is the caller's mistake: JSON-RPC "Invalid params", not the SDK's
  // internal error. Like every JSON-RPC error answer, it travels with HTTP 200.
  if ((message as { method?: unknown }).method !== 'tools/call') return { message, plain };
  const vouched = plain ? plainToolCall(message as Record<string, unknown>) : null;
  if (vouched) return { message, call: vouched, plain };
  const call = CallToolRequestSchema.safeParse(message);
  if (!call.success) {
    sendJsonRpcError(res, { status: 200, rpcCode: INVALID_PARAMS, id: idOf(message), message: 'Invalid params: tools/call needs params.name (a string) and, if given, params.arguments (an object).' });
    return undefined;
  }
  return { message, call: call.data };
}
