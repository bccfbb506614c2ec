// Bridge overhead: the latency of one MCP `tools/call` (fetch of one record) from the SDK's
// Client, measured three ways against the same rcat server in the same run:
//   direct     – Client over StreamableHTTPClientTransport straight to /mcp (the baseline);
//   rcat mcp   – Client over StdioClientTransport spawning `node bin/rcat.js mcp`;
//   mcp-remote – Client over StdioClientTransport spawning node_modules/.bin/mcp-remote.
// Calls rotate between the three so load and noise on the shared machine hit them alike.
// Traffic goes only to 127.0.0.1; ceilings are raised so no call is refused.
// Run by bench/run.ts, or alone: node --import tsx bench/bridge.bench.ts (after `npm run build`)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { startServer } from '../src/server/app/server.js';
import { mintAgentToken } from '../src/server/services/agent-tokens.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CALLS = Number(process.env.RCAT_BENCH_CALLS ?? 300);
const WARMUP = 30;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of ['PATH', 'SYSTEMROOT', 'TMPDIR']) if (process.env[k]) env[k] = process.env[k]!;
  return { ...env, ...extra };
}

async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'bridge-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export default async function bridgeBench(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rcat-bridge-bench-'));
  const limits = path.join(dir, 'limits.json');
  const huge = { perMinute: 1e9, perDay: null, perMonth: null };
  writeFileSync(limits, JSON.stringify({ preset: 'variant-a', standard: huge, paid: huge, company: huge }));
  const server = await startServer({ port: 0, dataDir: path.join(dir, 'data'), limits }, { log: () => {} });
  const clients: Client[] = [];
  try {
    const account = await server.deps.store.accounts.create({ email: 'bench@example.test', name: 'Bench', company: null, plan: 'standard', paidUntil: null, passwordHash: null });
    const { token } = await mintAgentToken(server.deps.store, { accountId: account.id, scopes: ['catalog:read'], label: 'bench' });
    const mcpUrl = `${server.url}/mcp`;
    const home = path.join(dir, 'home');

    const direct = await connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const bridge = await connect(
      new StdioClientTransport({ command: process.execPath, args: [path.join(ROOT, 'bin/rcat.js'), 'mcp', '--server', server.url], env: childEnv({ HOME: home, RCAT_CONFIG_DIR: path.join(home, 'rcat'), RCAT_TOKEN: token }), stderr: 'ignore' }),
    );
    // The token reaches mcp-remote through the environment (its ${VAR} expansion), not argv.
    const remote = await connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(ROOT, 'node_modules/mcp-remote/dist/proxy.js'), mcpUrl, '--allow-http', '--header', 'Authorization:${RCAT_BENCH_AUTH}', '--silent'],
        env: childEnv({ HOME: home, MCP_REMOTE_CONFIG_DIR: path.join(home, 'mcp-auth'), RCAT_BENCH_AUTH: `Bearer ${token}` }),
        stderr: 'ignore',
      }),
    );
    clients.push(direct, bridge, remote);

    const search = await direct.callTool({ name: 'search', arguments: { query: 'microscopy' } });
    const id = (search.structuredContent as { results: { id: string }[] }).results[0]!.id;
    const call = async (client: Client): Promise<number> => {
      const start = performance.now();
      const result = await client.callTool({ name: 'fetch', arguments: { id } });
      const elapsed = performance.now() - start;
      if (result.isError) throw new Error(`fetch failed during the benchmark: ${JSON.stringify(result.content)}`);
      return elapsed;
    };
    const names = ['direct', 'rcat mcp', 'mcp-remote'] as const;
    const samples: number[][] = [[], [], []];
    for (let i = 0; i < WARMUP + CALLS; i++) {
      for (let k = 0; k < 3; k++) {
        const which = (i + k) % 3;
        const ms = await call(clients[which]!);
        if (i >= WARMUP) samples[which]!.push(ms);
      }
    }
    const stats = samples.map((s) => {
      const sorted = [...s].sort((a, b) => a - b);
      return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    });
    const [d, b, r] = stats as [(typeof stats)[0], (typeof stats)[0], (typeof stats)[0]];
    const fmt = (x: number) => x.toFixed(2);
    const rows = names.map((name, i) => {
      const s = stats[i]!;
      const added = i === 0 ? '—' : `${fmt(s.p50 - d.p50)} / ${fmt(s.p99 - d.p99)}`;
      return `| ${name} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${added} | ${fmt(s.p50 / d.p50)}× |`;
    });
    return [
      '## Bridge: `rcat mcp` overhead per tools/call',
      '',
      `One \`tools/call\` (\`fetch\` of one record) from the SDK Client, ${CALLS} calls per path after ${WARMUP} warm-up calls,`,
      'rotating between the three paths against one rcat server on 127.0.0.1. Latency in ms; "added" = path − direct.',
      '',
      '| path | p50 | p99 | added p50 / p99 | p50 ratio to direct |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `rcat mcp ÷ mcp-remote: ${fmt(b.p50 / r.p50)}× at the median, ${fmt(b.p99 / r.p99)}× at p99 (below 1 = rcat mcp is faster).`,
      `rcat mcp adds ${fmt(b.p50 - d.p50)} ms at the median (target: under 1 ms).`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}; mcp-remote ${mcpRemoteVersion()}.`,
      'Every call crosses one or two extra processes (host → bridge → server); on a busy machine the',
      'scheduling of those processes, not the bridge\'s own work, is most of the added time.',
      '',
    ].join('\n');
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function mcpRemoteVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/mcp-remote/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await bridgeBench());
}
