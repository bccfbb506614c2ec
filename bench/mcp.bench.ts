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
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpServer } from '../src/server/mcp/mcp-server.js';
import { registerTools, SERVER_INSTRUCTIONS, type ToolContext } from '../src/server/mcp/tools/index.js';
import { startServer } from '../src/server/app/server.js';
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

/** Mean µs to build one per-request McpServer with its five tools, `n` times in a row. */
function constructionMicros(build: () => McpServer, n = 2000): number {
  for (let i = 0; i < 200; i++) build();
  const t = performance.now();
  for (let i = 0; i < n; i++) build();
  return ((performance.now() - t) / n) * 1000;
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
    // tools/list and ping as raw POSTs (the SDK client compiles output-schema validators on every
    // listTools, which would hide the server's part), alternating.
    const rawHeaders = { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
    const post = async (method: string) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: rawHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }) });
      if (res.status !== 200) throw new Error(`${method} answered ${res.status}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    const list: number[] = [];
    const ping: number[] = [];
    for (let i = 0; i < ROUNDS * CALLS_PER_ROUND; i++) {
      list.push(await post('tools/list'));
      ping.push(await post('ping'));
    }
    list.sort((a, b) => a - b);
    ping.sort((a, b) => a - b);
    // The per-request server as built now, against the SDK defaults (a new Ajv validator in every
    // Server constructor), alternating, in this process.
    const ctx = { deps: server.deps, principal: null, setHeaders: () => {} } as unknown as ToolContext;
    const sdkDefault = () => {
      const s = new McpServer({ name: 'rcat', version: '0' }, { instructions: SERVER_INSTRUCTIONS });
      registerTools(s, ctx);
      return s;
    };
    const built: number[] = [];
    const defaults: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      built.push(constructionMicros(() => createMcpServer(ctx)));
      defaults.push(constructionMicros(sdkDefault));
    }
    const best = (xs: number[]) => Math.min(...xs).toFixed(0);
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
      row('MCP `tools/list` (raw POST)', list),
      row('MCP `ping` (raw POST)', ping),
      '',
      `Ratio MCP / REST: p50 **${ratio(0.5)}×**, p95 ${ratio(0.95)}×, p99 ${ratio(0.99)}×. The MCP path adds JSON-RPC framing, a fresh stateless McpServer and transport per POST, tool input/output schema validation and the result twice (structuredContent and a JSON text block).`,
      '',
      `Building the per-request McpServer with its five tools (best of ${ROUNDS} alternating runs of 2000, same process): **${best(built)} µs** as built now (one JSON Schema validator per process) vs ${best(defaults)} µs with the SDK defaults (a new Ajv instance in every Server constructor). tools/list is answered from a per-process copy of the SDK's first answer, not converted from zod per request.`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, load average ${os.loadavg()[0]!.toFixed(1)} at the end (other processes share the CPU: compare rows within one run), Node ${process.version}.`,
      '',
    ].join('\n');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(await mcpBench());
