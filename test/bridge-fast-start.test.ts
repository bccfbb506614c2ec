// `rcat mcp` as a desktop host launches it starts from dist/rcat/bridge.cjs without the program
// (src/cli/bridge-main.ts); every other command line goes to the program. The two must give the
// same answers: these tests run the same requests through both starts (the real CLI as a child
// process, under the MCP SDK's stdio client) and the failures a host meets (exit codes, stderr).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainBridgeArgs } from '../src/cli/bridge-main.js';
import { assertBuilt, cliHome, type CliHome, runCli } from './cli-support.js';
import { BIN, spawnBridge } from './bridge-fixtures.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let home: CliHome;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  home = cliHome();
  env = { ...home.env, RCAT_TOKEN: await server.token(await server.addAccount()) };
});

afterAll(async () => {
  await server.stop();
  home.cleanup();
});

describe('which command lines take the fast start', () => {
  it('reads what a host configuration holds: --server (repeated, either form), --timeout, --verbose', () => {
    expect(plainBridgeArgs(['mcp'])).toEqual({ servers: [] });
    expect(plainBridgeArgs(['mcp', '--server', 'https://a.example', '--server=https://b.example', '--timeout', '30', '--verbose'])).toEqual({
      servers: ['https://a.example', 'https://b.example'],
      timeout: '30',
      verbose: true,
    });
    expect(plainBridgeArgs(['mcp', '--timeout=5', '--timeout', '7'])).toEqual({ servers: [], timeout: '7' });
  });

  it('leaves everything else to the program: help, --print-config, options before mcp, unknown or dangling options', () => {
    for (const args of [
      ['mcp', '--help'],
      ['mcp', '-h'],
      ['mcp', '--print-config'],
      ['mcp', '--print-config', 'vscode'],
      ['mcp', '--name', 'x'],
      ['--server', 'https://a.example', 'mcp'],
      ['mcp', '--server'],
      ['mcp', '--timeout', '--verbose'],
      ['mcp', '--verbose=yes'],
      ['mcp', 'extra'],
      ['mcp', '--', '--server', 'https://a.example'],
      ['search', 'x'],
      [],
    ]) {
      expect(plainBridgeArgs(args), args.join(' ')).toBeUndefined();
    }
  });
});

describe('the fast start and the program give the same answers', { timeout: 90_000 }, () => {
  it('initialize, tools/list and a search through `rcat mcp --server URL` and `rcat --server URL mcp`', async () => {
    const fast = await spawnBridge(['--server', server.url], env);
    // An option before the command: the program reads this command line.
    const viaProgram = await spawnProgramBridge(['--server', server.url, 'mcp']);
    try {
      expect(fast.client.getServerVersion()).toEqual(viaProgram.client.getServerVersion());
      expect(fast.client.getServerCapabilities()).toEqual(viaProgram.client.getServerCapabilities());
      const [a, b] = await Promise.all([fast.client.listTools(), viaProgram.client.listTools()]);
      expect(a.tools.map((t) => t.name).sort()).toEqual(b.tools.map((t) => t.name).sort());
      expect(a.tools.length).toBeGreaterThan(0);
      const search = { name: 'search', arguments: { query: 'mass spectrometry' } };
      const [x, y] = await Promise.all([fast.client.callTool(search), viaProgram.client.callTool(search)]);
      expect(x.isError).not.toBe(true);
      expect(x.structuredContent).toEqual(y.structuredContent);
    } finally {
      await fast.client.close();
      await viaProgram.client.close();
    }
  });

  it('refuses a bad --timeout or a plain-http remote host with the same message and exit code', async () => {
    for (const [fastArgs, programArgs] of [
      [['mcp', '--server', server.url, '--timeout', 'abc'], ['--server', server.url, 'mcp', '--timeout', 'abc']],
      [['mcp', '--server=http://rcat.example.org'], ['--server', 'http://rcat.example.org', 'mcp']],
    ]) {
      const [fast, program] = await Promise.all([runCli(fastArgs!, env), runCli(programArgs!, env)]);
      expect(fast.code).toBe(2);
      expect(fast).toEqual(program);
      expect(fast.stderr).toMatch(/^error: /);
      expect(fast.stdout).toBe('');
    }
  });
});

async function spawnProgramBridge(args: string[]) {
  const defined: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) defined[k] = v;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], env: defined, stderr: 'pipe' });
  const client = new Client({ name: 'bridge-fast-start-test', version: '1.0.0' });
  await client.connect(transport);
  return { client };
}
