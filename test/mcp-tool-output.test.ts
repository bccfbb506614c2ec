// Every kind of result each tool returns, through the real /mcp endpoint, checked against the
// tool's output schema: its zod schema (src/shared/tools.ts, the check the SDK's McpServer runs
// on every call) and the JSON Schema tools/list publishes (strict Ajv, as a client reads it).
// The direct dispatcher (src/server/mcp/direct.ts) does not re-check each result it sends, so
// this test is that check: search with and without truncation and with no results, fetch of
// each kind of record, list_projects empty, full and truncated, save_to_shortlist new (with and
// without a note) and already existing, prepare_inquiry with and without a project, about a
// facility and about a technique. Each result's JSON text block is its structuredContent.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponse } from '../src/shared/schemas.js';
import { TOOL_SCHEMAS, type ToolName } from '../src/shared/tools.js';
import type { Account } from '../src/server/store/ports/index.js';
import { callTool, connectMcp, GENEROUS_LIMITS, limitsFile } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

let server: TestServer;
let owner: Account;
let client: Client;
let loner: Client;
let publishedValidators: Map<string, (value: unknown) => boolean>;
const idsByKind = new Map<string, string>();
let projectId: string;
let collectionId: string;

beforeAll(async () => {
  server = await startTestServer({ limits: limitsFile(tempDir(), GENEROUS_LIMITS) });
  owner = await server.addAccount({ name: 'Otto Output' });
  const { projects, collections, catalogue } = server.deps.services;
  projectId = (await projects.create({ name: 'Spectra', ownerAccountId: owner.id })).id;
  collectionId = (await collections.create({ name: 'Candidates', projectId })).id;
  await collections.create({ name: 'Personal picks', ownerAccountId: owner.id });
  for (const query of ['mass spectrometry', 'electron microscope', 'university laboratory', 'institute of physics']) {
    for (const { id } of SearchResponse.parse(catalogue.search(query)).results) if (!idsByKind.has(id.split(':')[0]!)) idsByKind.set(id.split(':')[0]!, id);
  }
  client = await connectMcp(server.url, await server.token(owner));
  loner = await connectMcp(server.url, await server.token(await server.addAccount()));
  const ajv = new Ajv({ strict: true, strictTypes: true, allowUnionTypes: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  publishedValidators = new Map((await client.listTools()).tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema!)]));
});
afterAll(async () => {
  await client?.close();
  await loner?.close();
  await server?.stop();
});

/** Calls a tool and checks its successful result against both forms of its output schema. */
async function checked(name: ToolName, args: Record<string, unknown>, via = client): Promise<Record<string, unknown>> {
  const result: CallToolResult = await callTool(via, name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const structured = result.structuredContent!;
  const zod = TOOL_SCHEMAS[name].output.safeParse(structured);
  expect(zod.success, `${name}: ${JSON.stringify(zod.error?.issues)}`).toBe(true);
  const published = publishedValidators.get(name)!;
  expect(published(structured), `${name}: ${JSON.stringify((published as unknown as { errors: unknown }).errors)}`).toBe(true);
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(structured);
  return structured;
}

describe('every tool result matches its output schema', () => {
  it('search: truncated, not truncated, and no results', async () => {
    expect((await checked('search', { query: 'mass spectrometry' })).truncated).toBe(true);
    const few = await checked('search', { query: 'cryo-electron tomography' });
    expect(few.truncated).toBe(false);
    expect(await checked('search', { query: 'zzqxv wwkjq' })).toEqual({ results: [], truncated: false });
  });

  it('fetch: a record of each kind', async () => {
    expect([...idsByKind.keys()].sort()).toEqual(['equipment', 'laboratory', 'technique']);
    for (const id of idsByKind.values()) expect((await checked('fetch', { id })).id).toBe(id);
  });

  it('list_projects: none, some, and more than are listed', async () => {
    const none = await checked('list_projects', {}, loner);
    expect(none.projects).toEqual([]);
    const some = await checked('list_projects', {});
    expect((some.personalCollections as unknown[]).length).toBe(1);
    for (let i = 0; i < 21; i++) await server.deps.services.projects.create({ name: `Project ${i}`, ownerAccountId: owner.id });
    expect((await checked('list_projects', {})).truncated).toBe(true);
  });

  it('save_to_shortlist: new without a note, new with one, and already saved', async () => {
    const [first, second] = [...idsByKind.values()];
    expect(((await checked('save_to_shortlist', { collectionId, entityId: first })).item as { note: unknown }).note).toBeNull();
    expect(((await checked('save_to_shortlist', { collectionId, entityId: second, note: 'for the March run' })).item as { note: unknown }).note).toBe('for the March run');
    expect((await checked('save_to_shortlist', { collectionId, entityId: first })).alreadyExisted).toBe(true);
  });

  it('prepare_inquiry: about a facility and a technique, with and without a project', async () => {
    const question = 'Can we measure isotope ratios in small samples?';
    for (const entityId of [idsByKind.get('laboratory')!, idsByKind.get('technique')!]) {
      expect(((await checked('prepare_inquiry', { entityId, question })).draft as { projectId: unknown }).projectId).toBeNull();
      expect(((await checked('prepare_inquiry', { entityId, question, projectId })).draft as { projectId: unknown }).projectId).toBe(projectId);
    }
  });
});
