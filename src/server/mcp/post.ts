// POST /mcp, the one method that carries JSON-RPC (MCP 2025-11-25 Streamable HTTP, stateless).
// In order: Origin and Host checks (transport security), bearer authentication by the gate (same
// verifiers as REST, audience `${base}/mcp`), content type, a 1 MiB body limit, JSON and
// JSON-RPC validation (./request-checks.ts, ./message-shape.ts) and the per-tool scope gate;
// then the direct dispatcher (./direct.ts) answers the common messages and the SDK
// (./sdk-dispatch.ts) the rest.
// Written against node:http alone, so Express may route to it or the request listener may call
// it ahead of Express (src/server/app/request-listener.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCOPES } from '../../shared/scopes.js';
import { type BearerGate, bearerGate } from '../auth/gate.js';
import type { Principal } from '../auth/principal.js';
import type { AppDeps } from '../deps.js';
import { jsonRpcAnswer } from '../error-answers.js';
import { AppError } from '../errors.js';
import { answerDirectly } from './direct.js';
import { idOf, INTERNAL_ERROR, sendJsonRpcError } from './json-rpc-errors.js';
import { readMessage, transportGuard } from './request-checks.js';
import { dispatchToSdk } from './sdk-dispatch.js';
import { toolScopeRefusal } from './tool-scope-gate.js';
import type { ToolContext } from './tools/index.js';
import { transportPolicy } from './transport-security.js';

/** What /mcp uses of the application's dependencies. */
export type McpDeps = Pick<AppDeps, 'config' | 'verifiers' | 'limiter' | 'services' | 'now' | 'log'>;

export interface McpPostOptions {
  /**
   * false: every message is checked by the SDK's schemas alone and answered by the SDK, as before
   * the hand-written check and the direct dispatcher (test/mcp-direct.test.ts compares the paths).
   */
  direct?: boolean;
}

/** The caller, or null when the gate refused (answered here as a JSON-RPC error). */
export async function principalOf(gate: BearerGate, req: IncomingMessage, res: ServerResponse): Promise<Principal | null> {
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

function toolContext(deps: McpDeps, principal: Principal, res: ServerResponse): ToolContext {
  const setHeaders = (headers: Record<string, string>) => {
    if (!res.headersSent) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  };
  return { deps, principal, setHeaders };
}

export function mcpPostHandler(deps: McpDeps, options: McpPostOptions = {}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const guard = transportGuard(transportPolicy(deps.config));
  const gate = bearerGate(deps, 'mcp');
  const direct = options.direct ?? true;
  return async (req, res) => {
    if (!guard(req, res)) return;
    const principal = await principalOf(gate, req, res);
    if (!principal) return;
    const read = await readMessage(req, res, !direct);
    if (read === undefined) return;
    const refusal = toolScopeRefusal(read.message, principal, gate.options.resourceMetadataUrl);
    if (refusal) return sendJsonRpcError(res, refusal);
    const ctx = toolContext(deps, principal, res);
    if (direct) {
      try {
        if (await answerDirectly(ctx, req, res, read)) return;
      } catch (error) {
        deps.log(`mcp: internal error: ${(error as Error)?.stack ?? String(error)}`);
        if (!res.headersSent) sendJsonRpcError(res, { status: 500, rpcCode: INTERNAL_ERROR, id: idOf(read.message), code: 'internal_error', message: 'Internal error.' });
        return;
      }
    }
    await dispatchToSdk(ctx, read.message, req, res);
  };
}
