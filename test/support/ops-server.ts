// A plain node:http server on port 0 wrapped by the operations layer (src/server/ops/), with a
// stand-in application whose answers the test controls: for the behaviour of the wrapper itself
// (health endpoints, drain, access log) apart from the rest of rcat.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openOperations, type OpenedOperations, type OperationsSettings } from '../../src/server/ops/open-operations.js';
import type { ReadinessChecks } from '../../src/server/ops/health.js';

export interface OpsServer {
  url: string;
  server: http.Server;
  opened: OpenedOperations;
  /** Lines the operations layer wrote to the server log. */
  logLines: string[];
  stop(): Promise<void>;
}

export async function startOpsServer(
  application: http.RequestListener,
  settings: Partial<OperationsSettings> = {},
  checks: ReadinessChecks = { store: async () => {}, limiter: async () => {} },
): Promise<OpsServer> {
  const logLines: string[] = [];
  const opened = openOperations(
    { accessLog: 'off', logHealthChecks: false, metrics: false, trustProxy: false, ...settings },
    { checks, log: (line) => logLines.push(line), stdout: process.stdout },
  );
  const server = http.createServer(opened.operations.wrap(application));
  opened.operations.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    opened,
    logLines,
    async stop() {
      if (server.listening) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      await opened.close();
    },
  };
}

/** A GET over its own connection that resolves with status, headers and body (or the error code). */
export function rawGet(url: string, agent?: http.Agent): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: agent ?? false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}
