// Helpers for /mcp tests: the SDK's real client over Streamable HTTP, and raw HTTP posts for the
// transport-level cases a well-behaved client never sends.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const PROTOCOL_VERSION = '2025-11-25';

export async function connectMcp(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'rcat-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

export interface RawPost {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  method?: string;
}

/** One raw HTTP request to /mcp with the headers a compliant client sends (overridable). */
export function rawMcp(baseUrl: string, req: RawPost = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
    ...req.headers,
  };
  const method = req.method ?? 'POST';
  const body = method === 'GET' || method === 'HEAD' ? undefined : (req.rawBody ?? JSON.stringify(req.body ?? {}));
  return fetch(`${baseUrl}/mcp`, { method, headers, body });
}

export const initializeMessage = (id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

export const toolCallMessage = (name: string, args: Record<string, unknown>, id: number | string = 7) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
