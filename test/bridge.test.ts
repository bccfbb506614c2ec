// `rcat mcp` against the real rcat server on port 0, driven by the SDK's real Client over
// StdioClientTransport (the way a desktop host runs it: the first test), or over the same
// JSON-RPC lines to the command run in process (the others): every tool, concurrency, the
// negotiated protocol version, cancellation and timeouts. Failures and failover:
// bridge-failures.test.ts; raw stdio behaviour: bridge-stdio.test.ts.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CollectionService } from '../src/server/domain/collections.js';
import { ProjectService } from '../src/server/domain/projects.js';
import { domainStoresOf } from '../src/server/domain/stores.js';
import { assertBuilt, cliHome, type CliHome } from './cli-support.js';
import { type Gate, inProcessBridge, rpcError, spawnBridge, type SpawnedBridge, startGate } from './bridge-fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';

// Bounds "answered within a bounded time": if the bridge hung, the SDK client would give up
// after this and the test would fail with a RequestTimeout instead of the expected error.
const BOUND = { timeout: 45_000 };

let server: TestServer;
let home: CliHome;
let token: string;
let collectionId: string;
let projectId: string;
const bridges: SpawnedBridge[] = [];
const gates: Gate[] = [];

async function bridge(args: string[], env: NodeJS.ProcessEnv = { RCAT_TOKEN: token }, start = inProcessBridge): Promise<SpawnedBridge> {
  const spawned = await start(args, { ...home.env, ...env }, true);
  bridges.push(spawned);
  return spawned;
}

async function gate(): Promise<Gate> {
  const g = await startGate(server.url);
  gates.push(g);
  return g;
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  home = cliHome();
  const account = await server.addAccount();
  token = await server.token(account);
  const stores = domainStoresOf(server.deps.store);
  const project = await new ProjectService(stores, () => new Date()).create({ name: 'Bridge project', ownerAccountId: account.id });
  projectId = project.id;
  collectionId = (await new CollectionService(stores, () => new Date()).create({ name: 'Bridge list', projectId })).id;
});

afterEach(async () => {
  await Promise.all(bridges.splice(0).map((b) => b.client.close().catch(() => {})));
});

afterAll(async () => {
  await Promise.all(gates.map((g) => g.close()));
  await server.stop();
  home.cleanup();
});

describe('rcat mcp relays the remote server as it is', { timeout: 90_000 }, () => {
  it('initializes, lists the five tools and calls every one of them (as a child process)', async () => {
    const { client } = await bridge(['--server', server.url], { RCAT_TOKEN: token }, spawnBridge);
    expect(client.getServerVersion()?.name).toBeTruthy();
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual(['fetch', 'list_projects', 'prepare_inquiry', 'save_to_shortlist', 'search']);

    const search = (await client.callTool({ name: 'search', arguments: { query: 'electron microscopy' } })) as CallToolResult;
    expect(search.isError).toBeFalsy();
    const results = (search.structuredContent as { results: { id: string }[] }).results;
    expect(results.length).toBeGreaterThan(0);
    const entityId = results[0]!.id;

    const record = (await client.callTool({ name: 'fetch', arguments: { id: entityId } })) as CallToolResult;
    expect((record.structuredContent as { id: string }).id).toBe(entityId);

    const projects = (await client.callTool({ name: 'list_projects', arguments: {} })) as CallToolResult;
    expect(JSON.stringify(projects.structuredContent)).toContain(projectId);

    const save = { name: 'save_to_shortlist', arguments: { collectionId, entityId } };
    const first = (await client.callTool(save)) as CallToolResult;
    const again = (await client.callTool(save)) as CallToolResult;
    expect(first.isError).toBeFalsy();
    expect(JSON.stringify(again.structuredContent)).toContain(entityId);

    const inquiry = (await client.callTool({ name: 'prepare_inquiry', arguments: { entityId, question: 'Can we image frozen samples at 2 Å?' } })) as CallToolResult;
    expect(inquiry.isError).toBeFalsy();
    expect(JSON.stringify(inquiry.structuredContent)).toContain(entityId);

    // A tool's own refusal (bad arguments) comes back as the server made it, not rewritten.
    const bad = (await client.callTool({ name: 'fetch', arguments: { id: 'not-an-id' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
  });

  it('sends the negotiated MCP-Protocol-Version on every request after initialize', async () => {
    const g = await gate();
    const { client } = await bridge(['--server', g.url]);
    await client.listTools();
    await client.callTool({ name: 'search', arguments: { query: 'spectroscopy' } });
    const posts = g.seen.filter((s) => s.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const later of posts.slice(1)) expect(later.protocolVersion).toBe('2025-11-25');
  });

  it('answers concurrent calls each with its own result', async () => {
    const { client } = await bridge(['--server', server.url]);
    const queries = ['microscopy', 'chromatography', 'spectrometry', 'calorimetry', 'crystallography', 'sequencing', 'cytometry', 'tomography'];
    const answers = await Promise.all(queries.map((query) => client.callTool({ name: 'search', arguments: { query } }, undefined, BOUND)));
    for (const answer of answers) expect((answer as CallToolResult).isError).toBeFalsy();
    // Each answer matches its own query: the same search again yields the same first result.
    const again = (await client.callTool({ name: 'search', arguments: { query: queries[3]! } })) as CallToolResult;
    expect(JSON.stringify(again.structuredContent)).toBe(JSON.stringify((answers[3] as CallToolResult).structuredContent));
  });

  it('runs several bridges side by side', async () => {
    const [a, b] = await Promise.all([bridge(['--server', server.url]), bridge(['--server', server.url])]);
    const [la, lb] = await Promise.all([a.client.listTools(), b.client.listTools()]);
    expect(la.tools.length).toBe(5);
    expect(lb.tools.length).toBe(5);
  });
});

describe('cancellation and timeouts', { timeout: 90_000 }, () => {
  it('aborts the in-flight HTTP request when the host cancels, and keeps working', async () => {
    const g = await gate();
    const { client } = await bridge(['--server', g.url]);
    g.mode = { kind: 'hold' };
    const controller = new AbortController();
    const call = client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, { signal: controller.signal });
    await g.whenHeld(1);
    controller.abort('user pressed stop');
    await expect(call).rejects.toThrow();
    await g.whenAborted(1); // the bridge closed that HTTP exchange
    await g.whenSeen('notifications/cancelled'); // and told the server
    g.mode = { kind: 'pass' };
    const after = (await client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND)) as CallToolResult;
    expect(after.isError).toBeFalsy();
  });

  it('answers a request the server never answers with a timeout error (--timeout)', async () => {
    const g = await gate();
    const { client } = await bridge(['--server', g.url, '--timeout', '1']);
    g.mode = { kind: 'hold' };
    const error = await rpcError(client.callTool({ name: 'search', arguments: { query: 'microscopy' } }, undefined, BOUND));
    expect(error.code).toBe(-32001);
    expect(error.message).toMatch(/within 1 s/);
    await g.whenAborted(1);
  });
});
