// /mcp: the remote MCP endpoint (spec 4.3; MCP 2025-11-25 Streamable HTTP, stateless).
// Before the SDK sees a request: Origin and Host checks (transport security), bearer
// authentication (same verifiers as REST, audience `${base}/mcp`), content type, a 1 MiB body
// limit, JSON and JSON-RPC validation (no batches: 2025-11-25 removed them) and the per-tool scope
// gate. Then a fresh McpServer and transport answer with one bounded JSON response.
import type { Request, Response } from 'express';
import { Router } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { SCOPES } from '../../shared/scopes.js';
import { authenticate } from '../auth/bearer.js';
import type { Principal } from '../auth/principal.js';
import { AppError } from '../errors.js';
import type { AppDeps } from '../deps.js';
import { protectedResourceMetadataUrl } from '../auth/gate.js';
import { idOf, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, sendJsonRpcError, SERVER_ERROR } from './json-rpc-errors.js';
import { createMcpServer } from './mcp-server.js';
import { MCP_MAX_BODY_BYTES, readBody } from './request-body.js';
import { toolScopeRefusal } from './tool-scope-gate.js';
import { transportPolicy } from './transport-security.js';
import { MCP_PATH } from '../paths.js';

const ALLOW = 'POST, OPTIONS';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
const CORS_EXPOSE_HEADERS = 'WWW-Authenticate, Retry-After, Mcp-Session-Id, RateLimit, RateLimit-Policy';

function isJsonContentType(value: string | undefined): boolean {
  return (value ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

export function createMcpRouter(deps: AppDeps): Router {
  const router = Router();
  const policy = transportPolicy(deps.config);
  const resource = `${deps.config.baseUrl}${MCP_PATH}`;
  const resourceMetadataUrl = protectedResourceMetadataUrl(deps.config.baseUrl, MCP_PATH);
  const authOptions = { verifiers: deps.verifiers, resource, resourceMetadataUrl, now: deps.now };

  /** Origin and Host checks; answers 403 itself and returns false when the request is refused. */
  function guard(req: Request, res: Response): boolean {
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
  }

  async function principalOf(req: Request, res: Response): Promise<Principal | null> {
    try {
      return await authenticate(req, authOptions);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const headers = { ...error.options.headers };
      // MCP authorization 2025-11-25: the 401 challenge names the scopes this resource uses.
      if (error.status === 401 && headers['WWW-Authenticate']) headers['WWW-Authenticate'] += `, scope="${SCOPES.join(' ')}"`;
      if (error.options.retryAfter !== undefined) headers['Retry-After'] = String(error.options.retryAfter);
      const message = error.status >= 500 ? 'Access controls are unavailable; retry later.' : (error.options.detail ?? error.message);
      sendJsonRpcError(res, { status: error.status, rpcCode: SERVER_ERROR, code: error.code, message: `${error.message}: ${message}`, headers });
      return null;
    }
  }

  router.options(MCP_PATH, (req, res) => {
    if (!guard(req, res)) return;
    res.setHeader('Allow', ALLOW);
    res.setHeader('Access-Control-Allow-Methods', ALLOW);
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  router.post(MCP_PATH, async (req, res) => {
    if (!guard(req, res)) return;
    const principal = await principalOf(req, res);
    if (!principal) return;

    if (!isJsonContentType(req.headers['content-type'])) {
      sendJsonRpcError(res, { status: 415, rpcCode: SERVER_ERROR, code: 'unsupported_media_type', message: 'Unsupported Media Type: Content-Type must be application/json.' });
      return;
    }
    const body = await readBody(req);
    if (!body.ok) {
      if (body.reason === 'too_large') {
        res.setHeader('Connection', 'close');
        sendJsonRpcError(res, { status: 413, rpcCode: SERVER_ERROR, code: 'payload_too_large', message: `Payload Too Large: the request body must not exceed ${MCP_MAX_BODY_BYTES} bytes.` });
      } else {
        sendJsonRpcError(res, { status: 400, rpcCode: PARSE_ERROR, message: 'Parse error: the body is not UTF-8 JSON.' });
      }
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(body.text);
    } catch {
      sendJsonRpcError(res, { status: 400, rpcCode: PARSE_ERROR, message: 'Parse error: the body is not valid JSON.' });
      return;
    }
    if (Array.isArray(message)) {
      sendJsonRpcError(res, {
        status: 400,
        rpcCode: INVALID_REQUEST,
        message: 'Invalid Request: JSON-RPC batches are not supported (MCP 2025-11-25 removed batching); send one message per POST.',
      });
      return;
    }
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      sendJsonRpcError(res, { status: 400, rpcCode: INVALID_REQUEST, id: idOf(message), message: 'Invalid Request: the body is not a JSON-RPC 2.0 request, notification or response.' });
      return;
    }
    // A malformed tools/call is the caller's mistake: JSON-RPC "Invalid params", not the SDK's
    // internal error. Like every JSON-RPC error answer, it travels with HTTP 200.
    if ((message as { method?: unknown }).method === 'tools/call' && !CallToolRequestSchema.safeParse(message).success) {
      sendJsonRpcError(res, { status: 200, rpcCode: INVALID_PARAMS, id: idOf(message), message: 'Invalid params: tools/call needs params.name (a string) and, if given, params.arguments (an object).' });
      return;
    }
    const refusal = toolScopeRefusal(message, principal, resourceMetadataUrl);
    if (refusal) {
      sendJsonRpcError(res, refusal);
      return;
    }

    const setHeaders = (headers: Record<string, string>) => {
      if (!res.headersSent) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    };
    const server = createMcpServer({ deps, principal, setHeaders });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, message);
    } catch (error) {
      deps.log(`mcp: internal error: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) sendJsonRpcError(res, { status: 500, rpcCode: -32603, id: idOf(message), code: 'internal_error', message: 'Internal error.' });
    }
  });

  // The endpoint is stateless and JSON-only: no GET stream to resume, no session to DELETE
  // (basic/transports: a server without them answers 405).
  router.all(MCP_PATH, (req, res) => {
    if (!guard(req, res)) return;
    res.setHeader('Allow', ALLOW);
    sendJsonRpcError(res, { status: 405, rpcCode: SERVER_ERROR, code: 'method_not_allowed', message: `Method Not Allowed: ${req.method} is not supported on /mcp; POST one JSON-RPC message.` });
  });

  return router;
}
