// The MCP path against REST, in the same run: `tools/call search` through the SDK's real client
// (Streamable HTTP to the stateless /mcp) against GET /api/agent/catalog/search for the same
// queries, sequential calls in alternating rounds, reported as latency ratios; `tools/list` and
// `ping` as raw POSTs. The floor under each: the same clients against a bare node:http server in
// this process that answers with the bytes the real server sent (bench/support/canned-server.ts),
// so what the clients cost alone is told apart from what the server adds; a third floor, the same
// tools/call sent with `fetch` as one POST, splits the SDK client's cost into the POST itself and
// the client's own work on top of it (JSON parse, schemas, transport and Protocol bookkeeping).
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
import { type RunningServer, startServer } from '../src/server/app/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';
import { type CannedAnswers, startCannedServer } from './support/canned-server.js';

const QUERIES = ['scanning electron microscope', 'mass spectrometry', 'NMR', 'flow cytometry', 'cryo-EM', 'x-ray diffraction', 'chromatography', 'synchrotron'];
const CALLS_PER_ROUND = Number(process.env.RCAT_BENCH_MCP_CALLS ?? 100);
const ROUNDS = 3;
const PROTOCOL_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

type Call = (query: string) => Promise<void>;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function timeCalls(call: Call): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < CALLS_PER_ROUND; i++) {
    const t = performance.now();
    await call(QUERIES[i % QUERIES.length]!);
    times.push(performance.now() - t);
  }
  return times;
}

/** Each path warmed up, then ROUNDS rounds of CALLS_PER_ROUND calls, the paths taking turns; sorted times. */
async function alternate(paths: Record<string, Call>): Promise<Record<string, number[]>> {
  for (const call of Object.values(paths)) await timeCalls(call);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const [name, call] of Object.entries(paths)) times[name]!.push(...(await timeCalls(call)));
  for (const t of Object.values(times)) t.sort((a, b) => a - b);
  return times;
}

/** Mean µs to build one per-request McpServer with its five tools, `n` times in a row. */
function constructionMicros(build: () => McpServer, n = 2000): number {
  for (let i = 0; i < 200; i++) build();
  const t = performance.now();
  for (let i = 0; i < n; i++) build();
  return ((performance.now() - t) / n) * 1000;
}

async function sdkClient(base: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'rcat-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

const viaMcp = (client: Client): Call => async (query) => {
  const result = await client.callTool({ name: 'search', arguments: { query } });
  if (result.isError) throw new Error(`tools/call search failed: ${JSON.stringify(result.content)}`);
};

const viaRest = (base: string, headers: Record<string, string>): Call => async (query) => {
  const res = await fetch(`${base}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers });
  if (res.status !== 200) throw new Error(`REST search answered ${res.status}`);
  await res.arrayBuffer();
};

/** One raw JSON-RPC POST to /mcp; its `result` as JSON text. */
async function rawPost(base: string, headers: Record<string, string>, message: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...headers, ...PROTOCOL_HEADERS }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }) });
  if (res.status !== 200) throw new Error(`${String(message.method)} answered ${res.status}`);
  return JSON.stringify((JSON.parse(await res.text()) as { result: unknown }).result);
}

/** What the real server answers to every request the floor's clients will send. */
async function capture(base: string, headers: Record<string, string>): Promise<CannedAnswers> {
  const answers: CannedAnswers = { rest: new Map(), search: new Map(), initialize: '' };
  const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'rcat-bench', version: '1.0.0' } };
  answers.initialize = await rawPost(base, headers, { method: 'initialize', params });
  for (const query of QUERIES) {
    const res = await fetch(`${base}/api/agent/catalog/search?query=${encodeURIComponent(query)}`, { headers });
    answers.rest.set(query, Buffer.from(await res.arrayBuffer()));
    answers.search.set(query, await rawPost(base, headers, { method: 'tools/call', params: { name: 'search', arguments: { query } } }));
  }
  return answers;
}

/** `tools/call search` as one `fetch` POST, read as REST's answer is (bytes, no parse): the server's part with a client of REST's weight. */
const viaRawCall = (base: string, headers: Record<string, string>): Call => async (query) => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query } } });
  const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...headers, ...PROTOCOL_HEADERS }, body });
  if (res.status !== 200) throw new Error(`tools/call search answered ${res.status}`);
  await res.arrayBuffer();
};

/** A raw JSON-RPC POST of `method` (tools/list, ping): the SDK client compiles output-schema validators on every listTools, which would hide the server's part. */
const viaRaw = (base: string, headers: Record<string, string>, method: string): Call => async () => {
  await rawPost(base, headers, { method });
};

/** The per-request server the SDK path builds now, against the SDK defaults (a new Ajv validator in every Server constructor), alternating; best µs of each. */
function construction(server: RunningServer): { built: number; defaults: number } {
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
  return { built: Math.min(...built), defaults: Math.min(...defaults) };
}

function report(t: Record<string, number[]>, built: { built: number; defaults: number }): string {
  const p50 = (name: string) => quantile(t[name]!, 0.5);
  const row = (label: string, name: string) => `| ${label} | ${p50(name).toFixed(2)} | ${quantile(t[name]!, 0.95).toFixed(2)} | ${quantile(t[name]!, 0.99).toFixed(2)} |`;
  const ratio = (q: number) => (quantile(t.mcp!, q) / quantile(t.rest!, q)).toFixed(2);
  const x = (a: number, b: number) => (a / b).toFixed(2);
  return [
    '## MCP `tools/call search` vs REST search',
    '',
    `${ROUNDS} rounds in which each path in turn makes ${CALLS_PER_ROUND} sequential calls (same queries; one client per path; 127.0.0.1; clients and servers in one process). Latency in ms.`,
    '',
    '| path | p50 | p95 | p99 |',
    '| --- | ---: | ---: | ---: |',
    row('REST `GET /api/agent/catalog/search`', 'rest'),
    row('MCP `tools/call search` (SDK client)', 'mcp'),
    row('MCP `tools/call search` (raw POST, `fetch` as REST)', 'mcpRaw'),
    row('MCP `tools/list` (raw POST)', 'list'),
    row('MCP `ping` (raw POST)', 'ping'),
    row('floor: `fetch` GET against canned answers', 'restFloor'),
    row('floor: `fetch` POST `tools/call` against canned answers', 'postFloor'),
    row('floor: SDK client `tools/call` against canned answers', 'mcpFloor'),
    '',
    `Ratio MCP / REST: p50 **${ratio(0.5)}×**, p95 ${ratio(0.95)}×, p99 ${ratio(0.99)}×; \`ping\` / REST p50 **${x(p50('ping'), p50('rest'))}×**; \`tools/call search\` sent with \`fetch\`, as REST is, / REST p50 **${x(p50('mcpRaw'), p50('rest'))}×** (the same comparison without the SDK client's own cost). /mcp answers initialize, ping, tools/list and tools/call of its tools directly (src/server/mcp/direct.ts: JSON-RPC framing, input validation with the tool's zod schema, the result serialised once) and leaves the rest to the SDK.`,
    '',
    `Floor: the same clients against a bare node:http server in this process that answers with the bytes the real server sent (bench/support/canned-server.ts). The SDK client alone costs ${x(p50('mcpFloor'), p50('restFloor'))}× what \`fetch\` does: of its ${(p50('mcpFloor') - p50('restFloor')).toFixed(2)} ms more than a GET, ${(p50('postFloor') - p50('restFloor')).toFixed(2)} ms is the POST itself (the same message sent with \`fetch\`, read as bytes) and ${(p50('mcpFloor') - p50('postFloor')).toFixed(2)} ms the SDK client's own work. What the servers add at p50 (each row minus the floor of the same client): MCP ${(p50('mcp') - p50('mcpFloor')).toFixed(2)} ms with the SDK client, ${(p50('mcpRaw') - p50('postFloor')).toFixed(2)} ms with \`fetch\`; REST ${(p50('rest') - p50('restFloor')).toFixed(2)} ms.`,
    '',
    `Building the per-request McpServer of the SDK path with its five tools (best of ${ROUNDS} alternating runs of 2000, same process): **${built.built.toFixed(0)} µs** as built now (one JSON Schema validator per process) vs ${built.defaults.toFixed(0)} µs with the SDK defaults (a new Ajv instance in every Server constructor).`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, load average ${os.loadavg()[0]!.toFixed(1)} at the end (other processes share the CPU: compare rows within one run), Node ${process.version}.`,
    '',
  ].join('\n');
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
    const canned = await startCannedServer(await capture(server.url, headers));
    const client = await sdkClient(server.url, headers);
    const floorClient = await sdkClient(canned.url, headers);
    const times = await alternate({
      rest: viaRest(server.url, headers),
      mcp: viaMcp(client),
      mcpRaw: viaRawCall(server.url, headers),
      list: viaRaw(server.url, headers, 'tools/list'),
      ping: viaRaw(server.url, headers, 'ping'),
      restFloor: viaRest(canned.url, headers),
      postFloor: viaRawCall(canned.url, headers),
      mcpFloor: viaMcp(floorClient),
    });
    await client.close();
    await floorClient.close();
    await canned.close();
    return report(times, construction(server));
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(await mcpBench());
