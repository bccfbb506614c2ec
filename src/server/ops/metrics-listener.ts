// `--metrics-port P`: GET /metrics on its own listener bound to the loopback interface only, so
// a Prometheus agent on the same host can scrape while the main listener (public) does not
// serve metrics at all. Nothing else is served there.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerMetrics } from './metrics.js';
import { serveMetrics } from './server-operations.js';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0 picks a free one); rejects when the port is taken. */
export async function listenForMetrics(port: number, metrics: ServerMetrics): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics') return plain(res, 404, 'Not found: this port serves GET /metrics only.\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405, 'Method not allowed.\n');
    }
    void serveMetrics(metrics, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function plain(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
