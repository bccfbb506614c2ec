// The bridge reads the messages every session sends without the MCP SDK's schemas
// (src/cli/bridge/jsonrpc.ts) and asks the schema whenever it cannot tell. Whatever it accepts
// on its own must be exactly what the SDK's JSONRPCMessageSchema gives: the same JSON, keys in
// the same order (the bytes the bridge forwards and relays).
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { parseMessage, plainMessage } from '../src/cli/bridge/jsonrpc.js';

const common: unknown[] = [
  { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 'a-1', method: 'tools/list', params: {} },
  { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search', arguments: { query: 'x' }, _meta: { progressToken: 7 } } },
  { method: 'tools/call', params: { arguments: { query: 'x' }, name: 'search', _meta: { other: 1, progressToken: 'p' } }, id: 8, jsonrpc: '2.0' },
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 1, total: 2 } },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'user' } },
  { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'rcat', version: '1' } } },
  { result: { content: [{ type: 'text', text: 'x' }], _meta: { a: 1 } }, id: 3, jsonrpc: '2.0' },
  { jsonrpc: '2.0', id: 3, result: {} },
  { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'bad' } },
  { error: { data: { why: 1 }, message: 'bad', code: -32000 }, jsonrpc: '2.0', id: 'x' },
  { jsonrpc: '2.0', error: { code: -32700, message: 'parse' } },
];

const unusual: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'x', extra: 1 },
  { jsonrpc: '2.0', id: 1.5, method: 'x' },
  { jsonrpc: '2.0', id: null, method: 'x' },
  { jsonrpc: '2.0', id: 2 ** 60, method: 'x' },
  { jsonrpc: '1.0', id: 1, method: 'x' },
  { jsonrpc: '2.0', id: 1, method: 2 },
  { jsonrpc: '2.0', id: 1, method: 'x', params: [] },
  { jsonrpc: '2.0', id: 1, method: 'x', params: null },
  { jsonrpc: '2.0', method: 'x', params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: '2.0', method: 'x', params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't', extra: 1 } } } },
  { jsonrpc: '2.0', method: 'x', params: { _meta: null } },
  { jsonrpc: '2.0', id: 1, result: [] },
  { jsonrpc: '2.0', id: 1, result: { _meta: 'x' } },
  { jsonrpc: '2.0', result: {} },
  { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'm', extra: true } },
  { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'm' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1 } },
  { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'm' } },
  { jsonrpc: '2.0', id: 1, method: 'x', result: {} },
  { jsonrpc: '2.0' },
  JSON.parse('{"jsonrpc":"2.0","id":1,"method":"x","params":{"__proto__":{"a":1}}}'),
  [],
  null,
  'text',
  [{ jsonrpc: '2.0', id: 1, method: 'x' }],
];

describe('bridge JSON-RPC reading without the SDK schema', () => {
  it('reads the messages every session sends exactly as the SDK schema does', () => {
    for (const value of common) {
      const plain = plainMessage(value);
      expect(plain, JSON.stringify(value)).toBeDefined();
      expect(JSON.stringify(plain)).toBe(JSON.stringify(JSONRPCMessageSchema.parse(value)));
    }
  });

  it('leaves every other message to the SDK schema, and never accepts what it rejects', async () => {
    for (const value of [...common, ...unusual]) {
      const plain = plainMessage(value);
      const sdk = JSONRPCMessageSchema.safeParse(value);
      if (plain !== undefined) expect(sdk.success && JSON.stringify(plain) === JSON.stringify(sdk.data), JSON.stringify(value)).toBe(true);
      if (sdk.success) expect(JSON.stringify(await parseMessage(value))).toBe(JSON.stringify(sdk.data));
      else await expect(parseMessage(value)).rejects.toThrow();
    }
    // The unusual ones really are decided by the schema (some valid, some not).
    expect(unusual.filter((v) => plainMessage(v) === undefined)).toHaveLength(unusual.length);
  });
});
