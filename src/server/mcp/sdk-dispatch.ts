// The SDK's path for one checked /mcp message: a fresh McpServer (./mcp-server.ts) and a
// stateless Streamable HTTP transport answering with one bounded JSON response. It answers what
// the direct dispatcher (./direct.ts) leaves to it. The SDK serialises that answer itself, so the
// response is held and its U+2028, U+2029 and C1 controls escaped on the way out
// (src/server/util/escape-json-response.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { escapeJsonResponse } from '../util/escape-json-response.js';
import { idOf, INTERNAL_ERROR, sendJsonRpcError } from './json-rpc-errors.js';
import { createMcpServer } from './mcp-server.js';
import type { ToolContext } from './tools/index.js';

export async function dispatchToSdk(ctx: ToolContext, message: unknown, req: IncomingMessage, res: ServerResponse): Promise<void> {
  escapeJsonResponse(res);
  const server = createMcpServer(ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, message);
  } catch (error) {
    ctx.deps.log(`mcp: internal error: ${(error as Error)?.stack ?? String(error)}`);
    if (!res.headersSent) sendJsonRpcError(res, { status: 500, rpcCode: INTERNAL_ERROR, id: idOf(message), code: 'internal_error', message: 'Internal error.' });
  }
}
