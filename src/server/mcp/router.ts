// /mcp: the remote MCP endpoint (spec 4.3; MCP 2025-11-25 Streamable HTTP, stateless).
// Before the SDK sees a request: Origin and Host checks (transport security), bearer
// authentication by the gate (same verifiers as REST, audience `${base}/mcp`), content type, a
// 1 MiB body limit, JSON and JSON-RPC validation (./request-checks.ts) and the per-tool scope
// gate. Then a fresh McpServer and transport answer with one bounded JSON response.
import type { Request, Response } from 'express';
import { Router } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SCOPES } from '../../shared/scopes.js';
import { type BearerGate, bearerGate } from '../auth/gate.js';
import type { Principal } from '../auth/principal.js';
import type { AppDeps } from '../deps.js';
import { jsonRpcAnswer } from '../error-answers.js';
import { AppError } from '../errors.js';
import { MCP_PATH } from '../paths.js';
import { idOf, INTERNAL_ERROR, sendJsonRpcError, SERVER_ERROR } from './json-rpc-errors.js';
import { createMcpServer } from './mcp-server.js';
import { readMessage, transportGuard } from './request-checks.js';
import { toolScopeRefusal } from './tool-scope-gate.js';
import { transportPolicy } from './transport-security.js';
import { escapeJsonResponse } from '../util/escape-json-response.js';

const ALLOW = 'POST, OPTIONS';
const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';

/** What /mcp uses of the application's dependencies. */
export type McpDeps = Pick<AppDeps, 'config' | 'verifiers' | 'limiter' | 'services' | 'now' | 'log'>;

/** The caller, or null when the gate refused (answered here as a JSON-RPC error). */
async function principalOf(gate: BearerGate, req: Request, res: Response): Promise<Principal | null> {
  try {
    return await gate.authenticate(req);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const answer = jsonRpcAnswer(error);
    // MCP authorization 2025-11-25: the 401 challenge names the scopes this resource uses.
    if (error.status === 401 && answer.headers?.['WWW-Authenticate']) answer.headers['WWW-Authenticate'] += `, scope="${SCOPES.join(' ')}"`;
    sendJsonRpcError(res, answer);
    return null;
  }
}

/** Hands one checked message to a fresh McpServer and transport. */
async function dispatch(deps: McpDeps, principal: Principal, message: unknown, req: Request, res: Response): Promise<void> {
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
    if (!res.headersSent) sendJsonRpcError(res, { status: 500, rpcCode: INTERNAL_ERROR, id: idOf(message), code: 'internal_error', message: 'Internal error.' });
  }
}

export function createMcpRouter(deps: McpDeps): Router {
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

  router.post(MCP_PATH, async (req, res) => {
    escapeJsonResponse(res); // the SDK serialises the answer: U+2028/2029 and C1 escaped here
    if (!guard(req, res)) return;
    const principal = await principalOf(gate, req, res);
    if (!principal) return;
    const message = await readMessage(req, res);
    if (message === undefined) return;
    const refusal = toolScopeRefusal(message, principal, gate.options.resourceMetadataUrl);
    if (refusal) return sendJsonRpcError(res, refusal);
    await dispatch(deps, principal, message, req, res);
  });

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
