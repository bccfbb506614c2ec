// A small loopback failover proxy for the multi-host load test: spreads requests over several
// rcat servers (round robin) and, when one cannot be reached or drops a request, retries the
// request on the next one. Only idempotent requests (GET, HEAD) are retried after they may have
// reached a server; a refused connection means the request never arrived, so anything may be
// retried then. Responses are buffered whole, so a half-sent answer is never forwarded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FailoverProxy {
  url: string;
  /** Responses served per backend (index as given). */
  served: number[];
  /** Requests that had to be retried on another backend. */
  retries: number;
  /** Why each request the proxy answered 502 failed: the request and each backend's error, for a test's failure message. */
  failures: string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function forward(backend: URL, req: http.IncomingMessage, body: Buffer, agent: http.Agent): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: backend.host };
    for (const h of HOP_BY_HOP) delete headers[h];
    const upstream = http.request(
      { host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers, agent, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('aborted', () => reject(Object.assign(new Error('upstream aborted'), { code: 'ECONNRESET' })));
      },
    );
    upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export async function startFailoverProxy(backends: string[]): Promise<FailoverProxy> {
  const targets = backends.map((b) => new URL(b));
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const served = targets.map(() => 0);
  /** A backend that refused a connection is skipped for a second, then tried again. */
  const downUntil = targets.map(() => 0);
  let next = 0;
  const state = { retries: 0 };
  const failures: string[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    const start = next++ % targets.length;
    const now = Date.now();
    const order = targets.map((_, k) => (start + k) % targets.length);
    // Healthy backends first; a backend marked down is still the last resort.
    order.sort((x, y) => Number(downUntil[x]! > now) - Number(downUntil[y]! > now));
    const errors: string[] = [];
    for (const i of order) {
      try {
        const up = await forward(targets[i]!, req, body, agents[i]!);
        served[i]!++;
        const headers = { ...up.headers };
        for (const h of HOP_BY_HOP) delete headers[h];
        headers['content-length'] = String(up.body.length);
        res.writeHead(up.status, headers);
        res.end(up.body);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        errors.push(`backend ${i}: ${code ?? (error as Error).message}`);
        const neverArrived = code === 'ECONNREFUSED';
        downUntil[i] = Date.now() + 1000;
        if (!neverArrived && !idempotent) break;
        state.retries++;
      }
    }
    failures.push(`${req.method} ${req.url}: ${errors.join(', ')}`);
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('no backend could answer\n');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    failures,
    get retries() {
      return state.retries;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const a of agents) a.destroy();
    },
  };
}
