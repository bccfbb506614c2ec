// Insufficient scope for a tool is an HTTP-level answer (MCP 2025-11-25, basic/authorization,
// "Scope Challenge Handling"): 403 with WWW-Authenticate error="insufficient_scope", the scopes
// needed and resource_metadata, so a client can step up its authorization. The scope depends on
// the tool, so the JSON-RPC `tools/call` is inspected before the SDK dispatches it. tools/list
// shows every tool whatever the token's scopes.
import { isToolName, scopesForToolCall } from '../../shared/tools.js';
import type { Principal } from '../auth/principal.js';
import { wwwAuthenticate } from '../auth/bearer.js';
import { idOf, type JsonRpcHttpError, SERVER_ERROR } from './json-rpc-errors.js';

/** Returns the 403 to send when `message` is a tools/call this token may not make, else null. */
export function toolScopeRefusal(message: unknown, principal: Principal, resourceMetadataUrl: string): JsonRpcHttpError | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as { method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (m.method !== 'tools/call' || !isToolName(m.params?.name)) return null; // unknown tools: the SDK answers
  const needed = scopesForToolCall(m.params.name, m.params.arguments);
  const missing = needed.filter((s) => !principal.scopes.includes(s));
  if (missing.length === 0) return null;
  const scope = needed.join(' ');
  const description = `The tool ${m.params.name} needs the scope ${missing.join(' and ')}, which this token lacks.`;
  return {
    status: 403,
    rpcCode: SERVER_ERROR,
    message: `Forbidden: ${description}`,
    id: idOf(message),
    code: 'insufficient_scope',
    headers: { 'WWW-Authenticate': wwwAuthenticate(resourceMetadataUrl, { error: 'insufficient_scope', scope, error_description: description }) },
    data: { requiredScope: scope },
  };
}
