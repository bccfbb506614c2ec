// The five tools' schemas as a strict client reads them from tools/list (the SDK's real client
// over /mcp): no `type` arrays such as ["string","null"], which the MCP Inspector's `--strict`
// flags and single-type dialects (Gemini's function declarations) refuse; nullability is an
// `anyOf` of single types instead. Ajv in strict mode (strictTypes, no union types) compiles
// every schema, and the values the tools really return, null and not null, still validate.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponse } from '../src/shared/schemas.js';
import { callTool, connectMcp } from './support/mcp-client.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let client: Client;
let tools: { name: string; inputSchema: object; outputSchema?: object }[];
let collectionId: string;

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.addAccount();
  collectionId = (await server.deps.services.collections.create({ name: 'Strict picks', ownerAccountId: account.id })).id;
  client = await connectMcp(server.url, await server.token(account, ['catalog:read', 'projects:read', 'shortlist:write']));
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

/** JSON paths of every `type` keyword whose value is an array. */
function typeArrays(schema: unknown, at = '$'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => typeArrays(s, `${at}[${i}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === 'type' && Array.isArray(value) ? [`${at}.type`] : typeArrays(value, `${at}.${key}`));
}

function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, strictTypes: true, allowUnionTypes: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

describe('tool schemas for strict clients', () => {
  it('no schema uses a type array, and strict Ajv compiles every input and output schema', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(['fetch', 'list_projects', 'prepare_inquiry', 'save_to_shortlist', 'search']);
    for (const tool of tools) {
      expect(typeArrays(tool.inputSchema), `${tool.name} input`).toEqual([]);
      expect(typeArrays(tool.outputSchema), `${tool.name} output`).toEqual([]);
      const ajv = strictAjv();
      expect(() => ajv.compile(tool.inputSchema), `${tool.name} input`).not.toThrow();
      expect(() => ajv.compile(tool.outputSchema!), `${tool.name} output`).not.toThrow();
    }
  });

  it('the wire shape is unchanged: null and string values validate where they did, other types do not', async () => {
    const schemaOf = (name: string) => strictAjv().compile(tools.find((t) => t.name === name)!.outputSchema!);
    const id = SearchResponse.parse(server.deps.services.catalogue.search('confocal microscope')).results[0]!.id;
    const fetched = (await callTool(client, 'fetch', { id })).structuredContent as { metadata: { updatedAt: unknown } };
    const validFetch = schemaOf('fetch');
    for (const updatedAt of [null, '2025-01-22']) expect(validFetch({ ...fetched, metadata: { ...fetched.metadata, updatedAt } }), String(updatedAt)).toBe(true);
    expect(validFetch({ ...fetched, metadata: { ...fetched.metadata, updatedAt: 20250122 } })).toBe(false);

    const saved = (await callTool(client, 'save_to_shortlist', { collectionId, entityId: id })).structuredContent as { item: Record<string, unknown> };
    const validSave = schemaOf('save_to_shortlist');
    expect(saved.item.note).toBeNull();
    expect(validSave(saved), JSON.stringify(validSave.errors)).toBe(true);
    expect(validSave({ ...saved, item: { ...saved.item, note: 'for the March run', removedAt: '2026-01-01T00:00:00.000Z' } })).toBe(true);
    expect(validSave({ ...saved, item: { ...saved.item, removedAt: false } })).toBe(false);
  });
});
