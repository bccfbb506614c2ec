// Test doubles at the network edge for the bridge tests (test/bridge*.test.ts):
// - startGate(target): an HTTP forwarder in front of a real server that can hold requests
//   (to observe that the bridge aborts them) or answer with a chosen status (5xx paths);
// - startFixtureMcp(): a stateless MCP server built with the SDK, for what the rcat server
//   cannot produce on demand (megabyte answers, progress notifications).
// - spawnBridge(): the real CLI (`node bin/rcat.js mcp`) under the SDK's StdioClientTransport;
// - inProcessBridge(): the same command run in this process (runCli with in-memory streams),
//   under an SDK transport over those streams (the same newline-delimited JSON-RPC as stdio).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect, onTestFailed } from 'vitest';
import { z } from 'zod';
import { type InProcessRun, startInProcess } from './cli-support.js';

export const BIN = path.resolve(import.meta.dirname, '../bin/rcat.js');

export type GateMode = { kind: 'pass' } | { kind: 'hold' } | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string };

export interface Gate {
  url: string;
  mode: GateMode;
  /** Requests currently held. */
  held: number;
  /** Held requests whose client went away (the bridge aborted them). */
  abortedHeld: number;
  /** Every request's HTTP method, JSON-RPC method (POSTs) and MCP-Protocol-Version header, in order. */
  seen: { method: string; rpc?: string; protocolVersion?: string }[];
  /** Resolves when a POST carrying JSON-RPC method `rpc` has arrived. */
  whenSeen(rpc: string): Promise<void>;
  /** Resolves when `held` reaches n. */
  whenHeld(n: number): Promise<void>;
  /** Resolves when `abortedHeld` reaches n. */
  whenAborted(n: number): Promise<void>;
  close(): Promise<void>;
}

function waiter(get: () => number) {
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    wait(n: number) {
      return get() >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }));
    },
    check() {
      for (const w of [...waiting]) if (get() >= w.n) (waiting.splice(waiting.indexOf(w), 1), w.resolve());
    },
  };
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startGate(target: string): Promise<Gate> {
  const heldWaiter = waiter(() => gate.held);
  const abortWaiter = waiter(() => gate.abortedHeld);
  const holding = new Set<http.ServerResponse>();
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body?: Buffer) => {
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };
  const hold = (res: http.ServerResponse) => {
    gate.held++;
    holding.add(res);
    heldWaiter.check();
    res.on('close', () => {
      holding.delete(res);
      gate.abortedHeld++;
      abortWaiter.check();
    });
  };
  const seenWaiters: { rpc: string; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const version = req.headers['mcp-protocol-version'];
    const entry: Gate['seen'][number] = { method: req.method ?? '', protocolVersion: typeof version === 'string' ? version : undefined };
    gate.seen.push(entry);
    const mode = gate.mode;
    if (mode.kind === 'status') {
      req.resume();
      res.writeHead(mode.status, { 'content-type': 'application/json', ...mode.headers });
      res.end(mode.body ?? JSON.stringify({ title: 'injected', status: mode.status }));
      return;
    }
    if (req.method !== 'POST') return forward(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let message: { id?: unknown; method?: unknown } = {};
      try {
        message = JSON.parse(body.toString('utf8')) as typeof message;
      } catch {
        // forwarded as it is
      }
      if (typeof message.method === 'string') entry.rpc = message.method;
      for (const w of [...seenWaiters]) if (w.rpc === entry.rpc) (seenWaiters.splice(seenWaiters.indexOf(w), 1), w.resolve());
      // Only JSON-RPC requests are held; notifications (e.g. a late notifications/initialized)
      // pass, so `held` counts exactly the requests the test is waiting on.
      if (mode.kind === 'hold' && message.id !== undefined && typeof message.method === 'string') hold(res);
      else forward(req, res, body);
    });
  });
  const url = await listen(server);
  const gate: Gate = {
    url,
    mode: { kind: 'pass' },
    held: 0,
    abortedHeld: 0,
    seen: [],
    whenHeld: (n) => heldWaiter.wait(n),
    whenAborted: (n) => abortWaiter.wait(n),
    whenSeen: (rpc) => (gate.seen.some((e) => e.rpc === rpc) ? Promise.resolve() : new Promise<void>((resolve) => seenWaiters.push({ rpc, resolve }))),
    close: () => closeServer(server),
  };
  return gate;
}

export interface FixtureMcp {
  url: string;
  close(): Promise<void>;
}

/** A stateless MCP server (fresh server per POST, SSE answers) with tools `big` and `steps`. */
export async function startFixtureMcp(): Promise<FixtureMcp> {
  const build = () => {
    const mcp = new McpServer({ name: 'bridge-fixture', version: '1.0.0' });
    mcp.registerTool('big', { description: 'answers with `bytes` characters', inputSchema: { bytes: z.number().int().min(1).max(20_000_000) } }, async ({ bytes }) => ({
      content: [{ type: 'text', text: 'x'.repeat(bytes) }],
    }));
    mcp.registerTool('steps', { description: 'reports `count` progress steps, then answers', inputSchema: { count: z.number().int().min(1).max(100) } }, async ({ count }, extra) => {
      const token = extra._meta?.progressToken;
      for (let i = 1; i <= count && token !== undefined; i++) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: count } });
      }
      return { content: [{ type: 'text', text: `done ${count}` }] };
    });
    return mcp;
  };
  const server = http.createServer(async (req, res) => {
    const mcp = build();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

export interface SpawnedBridge {
  client: Client;
  transport: Transport;
  stderr: () => string;
  /** Resolves once stderr contains `text` (stderr is a separate pipe: it may lag stdout). */
  stderrIncludes(text: string): Promise<void>;
}

/** Starts `node bin/rcat.js mcp …args` under the SDK's stdio client and connects. */
export async function spawnBridge(args: string[], env: NodeJS.ProcessEnv, connect = true): Promise<SpawnedBridge> {
  const defined: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) defined[k] = v;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env: defined, stderr: 'pipe' });
  let stderr = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    for (const w of [...waiting]) if (stderr.includes(w.text)) (waiting.splice(waiting.indexOf(w), 1), w.resolve());
  });
  const stderrIncludes = (text: string) =>
    stderr.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve }));
  // A failing test shows what the bridge said (it may have crashed: "Connection closed").
  try {
    onTestFailed(() => console.error(`rcat mcp stderr:\n${stderr}`));
  } catch {
    // Outside a test (beforeAll): nothing to attach to.
  }
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  if (connect) await client.connect(transport);
  return { client, transport, stderr: () => stderr, stderrIncludes };
}

/** The JSON-RPC error a bridge request failed with (fails the test if it resolved or threw something else). */
export async function rpcError(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

/** The host's side of an in-process `rcat mcp`: JSON-RPC lines to its stdin, from its stdout. */
class InProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();

  constructor(private readonly run: InProcessRun) {}

  async start(): Promise<void> {
    this.run.onStdout((chunk) => {
      this.buffer.append(Buffer.from(chunk, 'utf8'));
      for (let message = this.buffer.readMessage(); message; message = this.buffer.readMessage()) this.onmessage?.(message);
    });
    void this.run.exited.then(() => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.run.stdin.writableEnded) this.run.stdin.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.run.stdin.end();
    await this.run.exited;
  }
}

/** `rcat mcp …args` in this process under an SDK client, as a host would drive it. */
export async function inProcessBridge(args: string[], env: NodeJS.ProcessEnv, connect = true): Promise<SpawnedBridge> {
  const run = startInProcess(['mcp', ...args], env, { open: true });
  // stderr is written as it happens; resolves once it contains `text`.
  const stderrIncludes = async (text: string) => {
    await run.waitFor(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  };
  try {
    onTestFailed(() => console.error(`rcat mcp stderr:\n${run.stderr()}`));
  } catch {
    // Outside a test (beforeAll): nothing to attach to.
  }
  const transport = new InProcessTransport(run);
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  if (connect) await client.connect(transport);
  return { client, transport, stderr: run.stderr, stderrIncludes };
}
