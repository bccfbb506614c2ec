// The reviewed tool definitions: what tools/list shows a model of each tool (title, description,
// input and output schemas, annotations), through the MCP SDK's real client, against one snapshot
// file per tool in test/__snapshots__/tools/<name>.json. A tool without a snapshot fails: review
// its definition, then record it on purpose with
//   npx vitest run test/mcp-tool-definitions.test.ts -u
// (which also rewrites a snapshot whose tool changed).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../src/shared/tools.js';
import { connectMcp } from './support/mcp-client.js';
import { startTestServer, type TestServer } from './support/server.js';

const SNAPSHOTS = path.join(import.meta.dirname, '__snapshots__', 'tools');
const snapshotOf = (name: string) => path.join(SNAPSHOTS, `${name}.json`);

/** True under `vitest -u`: snapshots are being recorded on purpose. */
function recording(): boolean {
  const state = expect.getState().snapshotState as unknown as { _updateSnapshot?: string };
  return state._updateSnapshot === 'all';
}

let server: TestServer;
let tools: Awaited<ReturnType<Awaited<ReturnType<typeof connectMcp>>['listTools']>>['tools'];

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.addAccount();
  const client = await connectMcp(server.url, await server.token(account));
  ({ tools } = await client.listTools());
  await client.close();
});
afterAll(() => server.stop());

describe('tool definitions', () => {
  it('are the five tools of the spec, each with an output schema and no open world', () => {
    expect(tools.map((t) => t.name)).toEqual([...TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.annotations?.openWorldHint).toBe(false);
      expect(tool.outputSchema).toBeDefined();
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.search!.annotations?.readOnlyHint).toBe(true);
    expect(byName.fetch!.annotations?.readOnlyHint).toBe(true);
    expect(byName.list_projects!.annotations?.readOnlyHint).toBe(true);
    expect(byName.save_to_shortlist!.annotations?.idempotentHint).toBe(true);
    expect(byName.save_to_shortlist!.annotations?.readOnlyHint).toBe(false);
  });

  it('each match its reviewed snapshot, and every tool has one', async () => {
    for (const tool of tools) {
      if (!recording()) expect(existsSync(snapshotOf(tool.name)), `no snapshot for the tool ${tool.name}: review it and record it with -u`).toBe(true);
      await expect(`${JSON.stringify(tool, null, 2)}\n`).toMatchFileSnapshot(snapshotOf(tool.name));
    }
  });

  it('no snapshot is left for a tool that is gone', () => {
    const names = new Set(tools.map((t) => t.name));
    expect(readdirSync(SNAPSHOTS).filter((file) => !names.has(path.basename(file, '.json')))).toEqual([]);
  });

  it('are the same on every tools/list (built once per process, each answer a separate copy)', async () => {
    const client = await connectMcp(server.url, await server.token(await server.addAccount()));
    const lists = await Promise.all(Array.from({ length: 5 }, () => client.listTools()));
    await client.close();
    for (const list of lists) expect(list.tools).toEqual(tools);
  });
});
