// `rcat mcp` on corporate networks: through an HTTP proxy named in HTTPS_PROXY/HTTP_PROXY
// (CONNECT tunnel), bypassing it for NO_PROXY hosts, and over TLS signed by a private CA that
// is trusted only when RCAT_CA_FILE names it (an untrusted one is reported, not hung on).
// In process (the run's environment configures its HTTP client); the proxy also as a child process.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliHome, type CliHome } from './cli-support.js';
import { inProcessBridge, spawnBridge, type SpawnedBridge } from './bridge-fixtures.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';

let server: TestServer;
let home: CliHome;
let token: string;
const closers: (() => Promise<void>)[] = [];
const bridges: SpawnedBridge[] = [];

async function listening(s: net.Server): Promise<number> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => s.close(() => resolve())));
  return (s.address() as AddressInfo).port;
}

/** A forward proxy that only tunnels (CONNECT), recording each tunnel's target. */
async function startProxy(): Promise<{ url: string; tunnels: string[] }> {
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
  });
  closers.push(async () => {
    for (const s of sockets) s.destroy();
  });
  const port = await listening(proxy);
  return { url: `http://127.0.0.1:${port}`, tunnels };
}

/** TLS in front of the rcat server with a certificate from a throwaway private CA. */
async function startTlsFront(): Promise<{ url: string; caFile: string }> {
  const dir = tempDir('rcat-bridge-tls-');
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=rcat test CA']);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  execFileSync('sh', ['-c', 'printf "subjectAltName=IP:127.0.0.1\\n" > ext.cnf'], { cwd: dir });
  run(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf']);
  const target = new URL(server.url);
  const front = https.createServer({ key: readFileSync(path.join(dir, 'server.key')), cert: readFileSync(path.join(dir, 'server.pem')) }, (req, res) => {
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await listening(front);
  closers.push(async () => front.closeAllConnections());
  return { url: `https://127.0.0.1:${port}`, caFile: path.join(dir, 'ca.pem') };
}

async function bridge(args: string[], extra: NodeJS.ProcessEnv, connect = true, start = inProcessBridge): Promise<SpawnedBridge> {
  const spawned = await start(args, { ...home.env, RCAT_TOKEN: token, ...extra }, connect);
  bridges.push(spawned);
  return spawned;
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  home = cliHome();
  token = await server.token(await server.addAccount());
});

afterAll(async () => {
  await Promise.all(bridges.map((b) => b.client.close().catch(() => {})));
  for (const close of closers.reverse()) await close();
  await server.stop();
  home.cleanup();
});

describe('proxies', { timeout: 90_000 }, () => {
  it('tunnels through the proxy in HTTP_PROXY / HTTPS_PROXY (in process, and as a child process)', async () => {
    for (const start of [inProcessBridge, spawnBridge]) {
      const proxy = await startProxy();
      const { client } = await bridge(['--server', server.url], { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '' }, true, start);
      expect((await client.listTools()).tools).toHaveLength(5);
      expect(proxy.tunnels).toContain(new URL(server.url).host);
    }
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const proxy = await startProxy();
    const { client } = await bridge(['--server', server.url], { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect((await client.listTools()).tools).toHaveLength(5);
    expect(proxy.tunnels).toEqual([]);
  });
});

describe('TLS with a private CA', { timeout: 90_000 }, () => {
  it('reports an untrusted certificate, and works once RCAT_CA_FILE names the CA', async () => {
    const front = await startTlsFront();
    const untrusted = await bridge(['--server', front.url], {}, false);
    const error = await untrusted.client.connect(untrusted.transport, { timeout: 45_000 }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).message).toMatch(/certificate|TLS|issuer/i);
    expect((error as McpError).message).toContain('CA');

    const trusted = await bridge(['--server', front.url], { RCAT_CA_FILE: front.caFile });
    expect((await trusted.client.listTools()).tools).toHaveLength(5);
  });
});
