// Helpers for /mcp tests: the SDK's real client over Streamable HTTP, and raw HTTP posts for the
// transport-level cases a well-behaved client never sends.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** Writes a limits config file (docs/limits.md format) into `dir` and returns its path. */
export function limitsFile(dir: string, config: Record<string, unknown>): string {
  const file = path.join(dir, `limits-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** Limits high enough that a test's own calls never reach them. */
export const GENEROUS_LIMITS = { preset: 'variant-a', standard: { perMinute: 100000 }, paid: { perMinute: 100000 }, company: { perMinute: 100000 } };

/** A small catalogue file (docs/catalogue-format.md), so a test server starts quickly. */
export function catalogueFile(dir: string, records: Record<string, unknown>[]): string {
  const file = path.join(dir, `catalogue-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return file;
}

/** `count` equipment records that all match the query "microscope". */
export function microscopes(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    sourceId: `TEST:${i}`,
    source: 'TEST',
    kind: 'equipment',
    label: `scanning electron microscope model ${i}`,
    definition: `A microscope of test series ${i}.`,
  }));
}
