// REST requests and MCP tool calls draw on one limits ledger (spec 8.4): requests per minute and
// units per day are shared, and a refused tool call says when to retry. The clock is fixed, so
// the minute window cannot roll over during the test.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { callTool, catalogueFile, connectMcp, limitsFile, microscopes, rawMcp, textOf, toolCallMessage } from './support/mcp-client.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

const fixedClock = () => {
  const at = new Date();
  return () => new Date(at);
};

async function setup(limits: Record<string, unknown>) {
  const dir = tempDir();
  const server = await startTestServer({ limits: limitsFile(dir, limits), cataloguePath: catalogueFile(dir, microscopes(25)) }, { now: fixedClock() });
  servers.push(server);
  const account = await server.addAccount();
  const token = await server.token(account);
  const client = await connectMcp(server.url, token);
  const rest = (query: string) => fetch(`${server.url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${token}` } });
  return { client, rest, token, url: server.url };
}

describe('limits shared by REST and /mcp', () => {
  it('requests per minute: REST requests and tool calls count against one budget', async () => {
    const { client, rest, token, url } = await setup({ preset: 'variant-a', standard: { perMinute: 5 } });
    for (let i = 0; i < 3; i++) expect((await rest('microscope')).status).toBe(200);
    expect((await callTool(client, 'search', { query: 'microscope' })).isError).toBeFalsy();
    expect((await callTool(client, 'list_projects')).isError).toBeFalsy();

    const refused = await callTool(client, 'search', { query: 'microscope' });
    expect(refused.isError).toBe(true);
    const meta = refused._meta?.['rcat/error'] as { code: string; retryAfter: number };
    expect(meta.code).toBe('rate_limited');
    expect(meta.retryAfter).toBeGreaterThanOrEqual(1);
    expect(textOf(refused)).toMatch(/^Rate limit reached \(your account's per-minute limit\); retry in (\d+ s|1 min \(at \d\d:\d\d UTC\))\. Limits are shared/);
    expect(refused.structuredContent).toBeUndefined();

    const restRefused = await rest('microscope');
    expect(restRefused.status).toBe(429);
    expect(Number(restRefused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Over raw HTTP: the refused call is a 200 JSON-RPC result with isError and a Retry-After header.
    const raw = await rawMcp(url, { token, body: toolCallMessage('fetch', { id: 'technique:00000000-0000-0000-0000-000000000000' }) });
    expect(raw.status).toBe(200);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = await raw.json();
    expect(body.result.isError).toBe(true);
    expect(body.result._meta['rcat/error'].code).toBe('rate_limited');
    await client.close();
  });

  it('units per day: results disclosed over REST use up what a tool call may disclose, and the reverse', async () => {
    const { client, rest } = await setup({ preset: 'variant-b', standard: { perMinute: 1000, perDay: 30, perMonth: 1000 } });
    // "microscope" discloses 20 results = at least 20 units.
    expect((await rest('microscope')).status).toBe(200);
    const refused = await callTool(client, 'search', { query: 'microscope' });
    expect(refused.isError).toBe(true);
    expect((refused._meta?.['rcat/error'] as { code: string }).code).toBe('rate_limited');
    await client.close();

    const second = await setup({ preset: 'variant-b', standard: { perMinute: 1000, perDay: 30, perMonth: 1000 } });
    expect((await callTool(second.client, 'search', { query: 'microscope' })).isError).toBeFalsy();
    expect((await second.rest('microscope')).status).toBe(429);
    await second.client.close();
  });

  it('protocol messages (initialize, tools/list) are not charged; tool calls are', async () => {
    const { client, rest } = await setup({ preset: 'variant-a', standard: { perMinute: 2 } });
    for (let i = 0; i < 5; i++) await client.listTools();
    expect((await callTool(client, 'list_projects')).isError).toBeFalsy();
    expect((await rest('microscope')).status).toBe(200);
    expect((await callTool(client, 'list_projects')).isError).toBe(true);
    await client.close();
  });
});
