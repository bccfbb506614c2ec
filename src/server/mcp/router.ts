// /mcp: the remote MCP endpoint (spec 4.3; MCP 2025-11-25 Streamable HTTP, stateless). POST
// carries the JSON-RPC messages (./post.ts); OPTIONS answers a browser's preflight; every other
// method is 405 once the caller is authenticated.
import { Router } from 'express';
import { bearerGate } from '../auth/gate.js';
import { MCP_PATH } from '../paths.js';
import { sendJsonRpcError, SERVER_ERROR } from './json-rpc-errors.js';
import { type McpDeps, type McpPostOptions, mcpPostHandler, principalOf } from './post.js';
import { transportGuard } from './request-checks.js';
import { transportPolicy } from './transport-security.js';

export type { McpDeps } from './post.js';

const ALLOW = 'POST, OPTIONS';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';

export function createMcpRouter(deps: McpDeps, options: McpPostOptions = {}): Router {
  const router = Router();
  const guard = transportGuard(transportPolicy(deps.config));
  const gate = bearerGate(deps, 'mcp');

  router.options(MCP_PATH, (req, res) => {
    if (!guard(req, res)) return;
    res.setHeader('Allow', ALLOW);
    res.setHeader('Access-Control-Allow-Methods', ALLOW);
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  router.post(MCP_PATH, mcpPostHandler(deps, options));

  // The endpoint is stateless and JSON-only: no GET stream to resume, no session to DELETE
  // (basic/transports: a server without them answers 405). The caller is authenticated first,
  // so an unauthenticated GET gets the same 401 challenge (resource metadata, scope) as a POST:
  // clients probe with GET to learn whether, and where, to authorize (MCP authorization,
  // "Authorization Server Discovery"; RFC 9728 section 5.1), and a bare 405 would say no
  // authorization is needed.
  router.all(MCP_PATH, async (req, res) => {
    if (!guard(req, res)) return;
    if (!(await principalOf(gate, req, res))) return;
    res.setHeader('Allow', ALLOW);
    sendJsonRpcError(res, { status: 405, rpcCode: SERVER_ERROR, code: 'method_not_allowed', message: `Method Not Allowed: ${req.method} is not supported on /mcp; POST one JSON-RPC message.` });
  });

  return router;
}
