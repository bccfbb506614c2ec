// A limiter outage is 503 everywhere (docs/limits.md "Responses", docs/mcp.md "Limits"): while the
// usage journal cannot be written, an account already at a ceiling gets 503 with Retry-After,
// never a 429 decided by a limiter that cannot count; /mcp answers a tool call in band
// (isError, code `unavailable`, retryAfter) and the HTTP response carries Retry-After. Once the
// journal takes writes again, the same account gets its 429 and others are served.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../src/shared/problem.js';
import { type LimitsServer, startLimitsServer, statuses } from './limits-helpers.js';

let server: LimitsServer;

beforeAll(async () => {
  server = await startLimitsServer();
});
afterAll(() => server.stop());

/** Makes the journal path a directory (appends fail) and returns how to undo it. */
function breakJournal(): () => void {
  const usageDir = path.join(server.dataDir, 'usage');
  const journal = readdirSync(usageDir).find((f) => /^journal-\d+\.log$/.test(f))!;
  renameSync(path.join(usageDir, journal), path.join(usageDir, `${journal}.moved`));
  mkdirSync(path.join(usageDir, journal));
  return () => {
    rmSync(path.join(usageDir, journal), { recursive: true });
    renameSync(path.join(usageDir, `${journal}.moved`), path.join(usageDir, journal));
  };
}

/** An MCP client whose last HTTP response's headers the test can read. */
async function mcpWithHeaders(token: string): Promise<{ client: Client; last: () => Headers }> {
  let headers = new Headers();
  const client = new Client({ name: 'outage-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: async (url, init) => {
      const res = await fetch(url, init);
      headers = res.headers;
      return res;
    },
  });
  await client.connect(transport);
  return { client, last: () => headers };
}

describe('when the usage journal cannot be written', { timeout: 120_000 }, () => {
  it('an account already at its minute ceiling gets 503 with Retry-After, not 429; 429 again once the journal works', async () => {
    const full = await server.token(await server.addAccount());
    const other = await server.token(await server.addAccount());
    expect(await statuses(30, () => server.read(full))).toEqual(Array(30).fill(200));
    expect((await server.read(full)).status).toBe(429);
    const restore = breakJournal();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await server.read(full);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(Problem.parse(await res.json()).code).toBe('unavailable');
      }
      expect((await server.read(other)).status).toBe(503);
    } finally {
      restore();
    }
    expect((await server.read(full)).status).toBe(429);
    expect((await server.read(other)).status).toBe(200);
  });

  it('/mcp: a tool call is answered in band as unavailable, and the HTTP response carries Retry-After', async () => {
    const token = await server.token(await server.addAccount());
    const { client, last } = await mcpWithHeaders(token);
    expect(((await client.callTool({ name: 'search', arguments: { query: 'microscope' } })) as CallToolResult).isError).toBeFalsy();
    const restore = breakJournal();
    try {
      for (let i = 0; i < 2; i++) {
        const result = (await client.callTool({ name: 'search', arguments: { query: 'microscope' } })) as CallToolResult;
        expect(result.isError).toBe(true);
        const meta = result._meta?.['rcat/error'] as { code: string; retryAfter: number };
        expect(meta.code).toBe('unavailable');
        expect(meta.retryAfter).toBeGreaterThanOrEqual(1);
        expect(last().get('retry-after')).toBe(String(meta.retryAfter));
      }
    } finally {
      restore();
    }
    const after = (await client.callTool({ name: 'search', arguments: { query: 'microscope' } })) as CallToolResult;
    expect(after.isError).toBeFalsy();
    expect(last().get('retry-after')).toBeNull();
    await client.close();
  });
});
