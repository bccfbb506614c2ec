// `rcat mcp` as a child process seen from its pipes: stdout carries only JSON-RPC lines, bad
// input gets JSON-RPC errors instead of silence, it exits when stdin closes (after answering
// what is in flight), when its host is killed, and on SIGTERM; large answers and progress pass
// through; `--print-config` prints a command that really starts it. The line-level cases run
// the command in process with in-memory pipes (startInProcess); signals, a killed host, a 5 MB
// answer and the printed config's command run it as a child process.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliHome, type CliHome, type InProcessRun, rcat, spawnCli, startInProcess, watch } from './cli-support.js';
import { BIN, type FixtureMcp, type Gate, spawnBridge, startFixtureMcp, startGate } from './bridge-fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';
import { processAlive as alive } from '../src/server/util/file-lock.js';

let server: TestServer;
let fixture: FixtureMcp;
let home: CliHome;
let env: NodeJS.ProcessEnv;
const gates: Gate[] = [];
const children: ChildProcess[] = [];

const init = (id: number | string = 0) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

function bridgeProcess(args: string[]): ChildProcess {
  const child = spawnCli(['mcp', ...args], env);
  children.push(child);
  return child;
}

/** `rcat mcp …args` in process, stdin open. */
function bridgeInProcess(args: string[]): InProcessRun {
  return startInProcess(['mcp', ...args], env, { open: true });
}

/** Parses stdout: every line must be one JSON-RPC 2.0 message (MCP stdio transport). */
function messages(stdout: string): Record<string, unknown>[] {
  const lines = stdout.split('\n');
  expect(lines.pop()).toBe(''); // newline-terminated
  return lines.map((line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    expect(message.jsonrpc).toBe('2.0');
    return message;
  });
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  fixture = await startFixtureMcp();
  home = cliHome();
  env = { ...home.env, RCAT_TOKEN: await server.token(await server.addAccount()) };
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(gates.map((g) => g.close()));
  await fixture.close();
  await server.stop();
  home.cleanup();
});

describe('stdout is JSON-RPC only, and every request is answered once', { timeout: 90_000 }, () => {
  it('answers valid and malformed lines alike, then exits 0 when stdin closes', async () => {
    const run = bridgeInProcess(['--server', server.url]);
    const input = [
      init(0),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      'this is not json',
      JSON.stringify({ jsonrpc: '2.0', id: 2 }),
      JSON.stringify([{ jsonrpc: '2.0', id: 3, method: 'ping' }]),
      '',
      JSON.stringify({ jsonrpc: '2.0', id: 'four', method: 'tools/call', params: { name: 'search', arguments: { query: 'microscopy' } } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'nobody' } }),
    ];
    run.stdin.end(`${input.join('\n')}\n`);
    const result = await run.exited;
    expect(result.code).toBe(0);
    const out = messages(result.stdout);
    const byId = (id: unknown) => out.filter((m) => m.id === id);
    expect(byId(0)).toHaveLength(1);
    expect(byId(1)).toHaveLength(1);
    expect((byId(1)[0]!.result as { tools: unknown[] }).tools).toHaveLength(5);
    expect((byId(2)[0]!.error as { code: number }).code).toBe(-32600);
    expect((byId('four')[0]!.result as CallToolResult).isError).toBeFalsy();
    const anonymous = out.filter((m) => m.id === undefined).map((m) => (m.error as { code: number }).code).sort();
    expect(anonymous).toEqual([-32700, -32600].sort()); // the non-JSON line and the batch
    expect(result.stderr).not.toContain(env.RCAT_TOKEN!);
  });

  it('skips a line larger than 8 MiB with an error and goes on', async () => {
    const run = bridgeInProcess(['--server', server.url]);
    run.stdin.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'a'.repeat(9 * 1024 * 1024)}"}}\n`);
    run.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n`);
    const result = await run.exited;
    expect(result.code).toBe(0);
    const out = messages(result.stdout);
    expect(out).toHaveLength(2);
    expect((out.find((m) => m.id === undefined)!.error as { message: string }).message).toMatch(/larger than/);
    expect(out.find((m) => m.id === 2)!.result).toBeDefined();
  });

  it('answers what is in flight when stdin closes, then exits', async () => {
    const gate = await startGate(server.url);
    gates.push(gate);
    gate.mode = { kind: 'hold' };
    const run = bridgeInProcess(['--server', gate.url, '--timeout', '1']);
    run.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' })}\n`);
    await gate.whenHeld(1);
    run.stdin.end();
    const result = await run.exited;
    expect(result.code).toBe(0);
    const [answer] = messages(result.stdout);
    expect(answer!.id).toBe(9);
    expect((answer!.error as { code: number }).code).toBe(-32001);
  });

  it('exits on SIGTERM', async () => {
    const child = bridgeProcess(['--server', server.url]);
    const run = watch(child);
    await run.waitFor(/bridging stdio/);
    child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
  });

  it('leaves no orphan when its host is killed', async () => {
    // A stand-in host: starts the bridge on pipes, reports its pid, and is then SIGKILLed.
    const hostScript = `
      const { spawn } = require('node:child_process');
      const bridge = spawn(process.execPath, [${JSON.stringify(BIN)}, 'mcp', '--server', ${JSON.stringify(server.url)}], { stdio: ['pipe', 'pipe', 'inherit'] });
      bridge.stderr?.resume();
      process.stdout.write(String(bridge.pid) + '\\n');
      setInterval(() => {}, 1000);`;
    const host = spawn(process.execPath, ['-e', hostScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(host);
    const pid = await new Promise<number>((resolve) => host.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    expect(alive(pid)).toBe(true);
    host.kill('SIGKILL');
    while (alive(pid)) await new Promise((r) => setTimeout(r, 50)); // bounded by the test timeout
    expect(alive(pid)).toBe(false);
  });
});

describe('large answers and progress pass through', { timeout: 90_000 }, () => {
  it('relays a 5 MB tool result intact', async () => {
    const { client } = await spawnBridge(['--server', fixture.url], env);
    try {
      const result = (await client.callTool({ name: 'big', arguments: { bytes: 5_000_000 } }, undefined, { timeout: 60_000 })) as CallToolResult;
      const text = (result.content[0] as { text: string }).text;
      expect(text.length).toBe(5_000_000);
      expect(/^x+$/.test(text)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('writes progress notifications to stdout before the answer they belong to', async () => {
    const run = bridgeInProcess(['--server', fixture.url]);
    const call = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'steps', arguments: { count: 3 }, _meta: { progressToken: 'p-1' } } };
    run.stdin.end(`${init(0)}\n${JSON.stringify(call)}\n`);
    const out = messages((await run.exited).stdout);
    const relevant = out.filter((m) => m.id === 5 || m.method === 'notifications/progress');
    expect(relevant.map((m) => (m.method ? (m.params as { progress: number }).progress : 'answer'))).toEqual([1, 2, 3, 'answer']);
    expect(relevant.slice(0, 3).every((m) => (m.params as { progressToken: string }).progressToken === 'p-1')).toBe(true);
  });
});

describe('rcat mcp --print-config', { timeout: 90_000 }, () => {
  it('prints absolute node and bin/rcat.js paths that start a working bridge', async () => {
    const printed = await rcat(['mcp', '--print-config', '--server', server.url], env);
    expect(printed.code, printed.stderr).toBe(0);
    const config = JSON.parse(printed.stdout) as { mcpServers: { rcat: { command: string; args: string[] } } };
    const { command, args } = config.mcpServers.rcat;
    expect(command).toBe(process.execPath);
    expect(path.isAbsolute(args[0]!) && existsSync(args[0]!)).toBe(true);
    expect(args.slice(1)).toEqual(['mcp', '--server', server.url]);
    expect(printed.stdout).not.toContain(env.RCAT_TOKEN!);

    const client = new Client({ name: 'print-config', version: '1' });
    const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
    await client.connect(new StdioClientTransport({ command, args, env: defined, cwd: '/', stderr: 'ignore' }));
    try {
      expect((await client.listTools()).tools).toHaveLength(5);
    } finally {
      await client.close();
    }
  });

  it('prints a command line that a shell runs as a working bridge, and the MCP Inspector line around it', async () => {
    const printed = await rcat(['mcp', '--print-config', 'command-line', '--server', server.url], env);
    expect(printed.code, printed.stderr).toBe(0);
    const line = printed.stdout.trimEnd();
    expect(line.split('\n')).toHaveLength(1);
    expect(line.endsWith(`mcp --server ${server.url}`)).toBe(true);
    const client = new Client({ name: 'print-config-line', version: '1' });
    const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
    await client.connect(new StdioClientTransport({ command: '/bin/sh', args: ['-c', line], env: defined, cwd: '/', stderr: 'ignore' }));
    try {
      expect((await client.listTools()).tools).toHaveLength(5);
    } finally {
      await client.close();
    }
    // The Inspector (2) reads its own options anywhere, --server among them: ours come before --.
    const inspector = await rcat(['mcp', '--print-config', 'inspector', '--server', server.url], env);
    expect(inspector.stdout.trimEnd()).toBe(`npx @modelcontextprotocol/inspector --cli ${line} -- --method tools/list`);
    expect(inspector.stderr).toMatch(/--server/);
  });

  it('prints the VS Code shape, and refuses an unknown host', async () => {
    const vscode = await rcat(['mcp', '--print-config', 'vscode', '--server', server.url], env);
    expect(JSON.parse(vscode.stdout).servers.rcat.type).toBe('stdio');
    const unknown = await rcat(['mcp', '--print-config', 'emacs', '--server', server.url], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('claude-desktop');
  });
});
