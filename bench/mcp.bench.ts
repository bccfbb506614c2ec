// The MCP path against REST, in the same run: `tools/call search` through the SDK's real client
// (Streamable HTTP, a fresh stateless McpServer per POST) against GET /api/agent/catalog/search
// for the same queries, sequential calls in alternating rounds, reported as latency ratios.
// Limits are raised so nothing is refused. Traffic goes only to 127.0.0.1.
// Run by bench/run.ts, or alone: node --import tsx bench/mcp.bench.ts (after `npx tsc -p .`)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer } from '../src/server/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';

const QUERIES = ['scanning electron microscope', 'mass spectrometry', 'NMR', 'flow cytometry', 'cryo-EM', 'x-ray diffraction', 'chromatography', 'synchrotron'];
const CALLS_PER_ROUND = Number(process.env.RCAT_BENCH_MCP_CALLS ?? 100);
const ROUNDS = 3;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function timeCalls(call: (query: string) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < CALLS_PER_ROUND; i++) {
    const t = performance.now();
    await call(QUERIES[i % QUERIES.length]!);
    times.push(performance.now() - t);
  }
  return times;
}

export default async function mcpBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bench-mcp-'));
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e9, perDay: null, perMonth: null };
  writeFileSync(limits, JSON.stringify({ preset: 'variant-a', standard: huge, paid: huge, company: huge }));
  const server = await startServer({ port: 0, dataDir: path.join(dir, 'data'), limits }, { log: () => {} });
  try {
    const account = await server.deps.store.accounts.create({ email: 'bench@example.test', name: 'Bench', company: null, plan: 'standard', paidUntil: null, passwordHash: null });
    const { token } = await mintAgentToken(server.deps.store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' });
    const headers = { authorization: `Bearer ${token}` };
    const client = new Client({ name: 'rcat-bench', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));

    const viaMcp = async (query: string) => {
      const result = await client.callTool({ name: 'search', arguments: { query } });
      if (result.isError) throw new Error(`tools/call search failed: ${JSON.stringify(result.content)}`);
    };
    const viaRest = async (query: string) => {
      const res = await fetch(`${server.url}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers });
      if (res.status !== 200) throw new Error(`REST search answered ${res.status}`);
      await res.arrayBuffer();
    };
    await timeCalls(viaMcp); // warm-up both paths
    await timeCalls(viaRest);
    const mcp: number[] = [];
    const rest: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      mcp.push(...(await timeCalls(viaMcp)));
      rest.push(...(await timeCalls(viaRest)));
    }
    await client.close();
    mcp.sort((a, b) => a - b);
    rest.sort((a, b) => a - b);
    const row = (name: string, t: number[]) => `| ${name} | ${quantile(t, 0.5).toFixed(2)} | ${quantile(t, 0.95).toFixed(2)} | ${quantile(t, 0.99).toFixed(2)} |`;
    const ratio = (q: number) => (quantile(mcp, q) / quantile(rest, q)).toFixed(2);
    return [
      '## MCP `tools/call search` vs REST search',
      '',
      `${ROUNDS} alternating rounds of ${CALLS_PER_ROUND} sequential calls each, same queries, one client, 127.0.0.1. Latency in ms.`,
      '',
      '| path | p50 | p95 | p99 |',
      '| --- | ---: | ---: | ---: |',
      row('REST `GET /api/agent/catalog/search`', rest),
      row('MCP `tools/call search` (SDK client)', mcp),
      '',
      `Ratio MCP / REST: p50 **${ratio(0.5)}×**, p95 ${ratio(0.95)}×, p99 ${ratio(0.99)}×. The MCP path adds JSON-RPC framing, a fresh stateless McpServer and transport per POST, tool input/output schema validation and the result twice (structuredContent and a JSON text block).`,
      '',
    ].join('\n');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(await mcpBench());
