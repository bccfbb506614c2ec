// Corporate networks: an HTTPS front with a private CA (RCAT_CA_FILE, NODE_EXTRA_CA_CERTS) and
// an HTTP CONNECT proxy (HTTPS_PROXY, NO_PROXY), all on 127.0.0.1 in front of the real server.
// In process (`rcat`: the run's environment configures its HTTP client), and as child processes
// (`runCli`) for NODE_EXTRA_CA_CERTS (read by Node itself at start-up) and one proxied search.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import { assertBuilt, type CliHome, cliHome, rcat, runCli } from './cli-support.js';

let server: TestServer;
let h: CliHome;
let front: https.Server;
let frontUrl: string;
let proxy: http.Server;
let proxyUrl: string;
const tunnels: string[] = [];
let caFile: string;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  const token = await server.token(await server.addAccount(), ['catalog:read']);
  h = cliHome({ RCAT_TOKEN: token });

  // A self-signed certificate for 127.0.0.1: our "organisation's CA".
  const dir = tempDir('rcat-cli-tls-');
  caFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile], { stdio: 'ignore' });

  // HTTPS in front of the real server (what a TLS-terminating gateway does).
  front = https.createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, async (req, res) => {
    const upstream = await fetch(`${server.url}${req.url}`, { headers: { authorization: req.headers.authorization ?? '' } });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;

  // A CONNECT proxy that records where it tunnels to.
  proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client, head) => {
    tunnels.push(req.url!);
    const [host, port] = req.url!.split(':');
    const upstream = net.connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  h.cleanup();
  front.closeAllConnections();
  proxy.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => proxy.close(resolve));
  await server.stop();
});

describe('TLS with a private CA', { timeout: 120_000 }, () => {
  it('exit 7 with a hint when the certificate is not trusted', async () => {
    const r = await rcat(['--server', frontUrl, 'search', 'microscope'], h.env);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/not trusted[\s\S]*RCAT_CA_FILE/);
  });

  it('trusts the CA from RCAT_CA_FILE or NODE_EXTRA_CA_CERTS', async () => {
    for (const [run, extra] of [[rcat, { RCAT_CA_FILE: caFile }], [runCli, { NODE_EXTRA_CA_CERTS: caFile }]] as const) {
      const r = await run(['--server', frontUrl, 'search', 'microscope', '--json'], { ...h.env, ...extra });
      expect(r.code, `${JSON.stringify(extra)} ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).results.length).toBeGreaterThan(0);
    }
  });

  it('exit 2 when RCAT_CA_FILE cannot be read', async () => {
    const r = await rcat(['--server', frontUrl, 'search', 'microscope'], { ...h.env, RCAT_CA_FILE: path.join(h.home, 'missing.pem') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Cannot read the CA file/);
  });
});

describe('HTTPS_PROXY and NO_PROXY', { timeout: 120_000 }, () => {
  it('tunnels through the proxy, unless NO_PROXY names the host', async () => {
    const target = new URL(frontUrl).host;
    tunnels.length = 0;
    const viaProxy = await runCli(['--server', frontUrl, 'search', 'microscope'], { ...h.env, RCAT_CA_FILE: caFile, HTTPS_PROXY: proxyUrl });
    expect(viaProxy.code, viaProxy.stderr).toBe(0);
    expect(tunnels).toContain(target);

    tunnels.length = 0;
    const direct = await rcat(['--server', frontUrl, 'search', 'microscope'], { ...h.env, RCAT_CA_FILE: caFile, HTTPS_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' });
    expect(direct.code, direct.stderr).toBe(0);
    expect(tunnels).toEqual([]);
  });
});
