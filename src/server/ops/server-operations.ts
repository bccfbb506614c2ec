// What an operator runs the server with (docs/operations.md), around the application's request
// listener: the health endpoints, /metrics, one access-log line and the request metrics per
// answer, and the graceful stop (readiness 503 first, then stop accepting, let requests in
// flight finish within a bound). The composition root wraps its listener once:
//   httpServer.on('request', operations.wrap(createRequestListener(deps)))
// Per request this costs a Set insert and delete and one 'close' listener; with the access log
// or metrics on, also two clock reads, a request id and a log line / two metric updates.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AccessLog } from './access-log.js';
import type { HealthState } from './health.js';
import { InFlight } from './in-flight.js';
import type { ServerMetrics } from './metrics.js';
import { AccountHasher, clientAddress, notedAccount, requestId, routeFamily, routeTemplate } from './request-facts.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Headers of every rcat answer (the same as the application's, src/server/http/rest.ts). */
const OPS_HEADERS: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cache-Control', 'no-store'],
];

export interface ServerOperationsOptions {
  health: HealthState;
  metrics: ServerMetrics | null;
  /** Serve GET /metrics on the main listener (`--metrics`). */
  metricsOnMainListener: boolean;
  accessLog: AccessLog | null;
  /** Log /healthz, /readyz and /metrics too (`--log-health-checks`); they are left out by default. */
  logHealthChecks: boolean;
  /** `--trust-proxy`: take X-Request-Id and X-Forwarded-For from the proxy. */
  trustProxy: boolean;
}

export interface DrainOutcome {
  /** Requests still unanswered when the bound ran out (their connections were closed). */
  cutOff: number;
}

export class ServerOperations {
  private readonly inFlight = new InFlight();
  private whenSettled: (() => void)[] = [];
  private readonly accounts = new AccountHasher();
  private stopping = false;
  /** The listener is closed: connections that turn idle are closed at once. */
  private draining = false;
  private server: Server | null = null;

  constructor(private readonly options: ServerOperationsOptions) {}

  /** The main listener: drained on stop, asked for its connection count by the metrics. */
  attach(server: Server): void {
    this.server = server;
  }

  /** Open TCP connections of the main listener. */
  openConnections(): Promise<number> {
    const server = this.server;
    if (!server) return Promise.resolve(0);
    return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
  }

  get health(): HealthState {
    return this.options.health;
  }

  /** Requests received and not yet answered. */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  /** The listener to give the HTTP server: the health endpoints first, then the application, observed. */
  wrap(application: Listener): Listener {
    const { metrics, accessLog } = this.options;
    const observed = metrics !== null || accessLog !== null;
    return (req, res) => {
      const url = req.url ?? '/';
      const opsEndpoint = this.opsEndpoint(url);
      if (this.stopping) res.shouldKeepAlive = false;
      this.inFlight.add(res);
      if (!observed) {
        res.once('close', () => this.finished(res));
        if (opsEndpoint) this.serveOps(opsEndpoint, req, res);
        else application(req, res);
        return;
      }
      const started = performance.now();
      const socket = req.socket;
      const bytesBefore = socket.bytesWritten;
      const logged = accessLog !== null && (opsEndpoint === null || this.options.logHealthChecks);
      const id = logged ? requestId(req, this.options.trustProxy) : '';
      if (logged) res.setHeader('X-Request-Id', id);
      res.once('close', () => {
        this.finished(res);
        const aborted = !res.writableFinished;
        // nginx's 499: the client closed the connection before an answer was sent.
        const status = aborted && !res.headersSent ? 499 : res.statusCode;
        const family = routeFamily(url);
        const seconds = (performance.now() - started) / 1000;
        metrics?.request(family, req.method, status, seconds);
        if (!logged) return;
        const account = notedAccount(req);
        accessLog!.write({
          reqId: id,
          method: req.method ?? '',
          route: opsEndpoint ?? routeTemplate(req, status),
          family,
          status,
          durationMs: Math.round(seconds * 1e6) / 1000,
          bytes: socket.bytesWritten - bytesBefore,
          // One shape for every line (pino leaves out fields that are undefined).
          account: account === undefined ? undefined : this.accounts.hash(account),
          client: clientAddress(req, this.options.trustProxy),
          aborted: aborted ? true : undefined,
        });
      });
      if (opsEndpoint) this.serveOps(opsEndpoint, req, res);
      else application(req, res);
    };
  }

  /**
   * The graceful stop: /readyz answers 503 at once; after `delayMs` (time for a load balancer to
   * notice) the listener stops accepting and idle connections close; requests in flight finish,
   * each answer closing its connection, until `timeoutMs` runs out, when the rest are cut off.
   * `wait` waits out the delay (a test ends it when it has seen the server through it).
   */
  async drain(options: { delayMs: number; timeoutMs: number; wait?: (ms: number) => Promise<void> }): Promise<DrainOutcome> {
    this.beginShutdown();
    if (options.delayMs > 0) await (options.wait ?? sleep)(options.delayMs);
    const server = this.server;
    if (!server || !server.listening) return { cutOff: 0 };
    this.draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    });
    const outcome = await Promise.race([closed.then(() => 'closed' as const), outOfTime]);
    clearTimeout(timer);
    if (outcome === 'closed') return { cutOff: 0 };
    const cutOff = this.inFlight.size;
    server.closeAllConnections();
    await closed;
    return { cutOff };
  }

  /** Readiness turns 503 and every later answer closes its connection. */
  beginShutdown(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.options.health.beginShutdown();
    for (const res of this.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  }

  /**
   * Resolves once no request is in flight (or after `maxMs`): a connection cut off by the drain
   * reports its request's end a moment later, and its log line should still be written.
   */
  settled(maxMs = 1000): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.whenSettled.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private finished(res: ServerResponse): void {
    this.inFlight.delete(res);
    if (this.inFlight.size === 0 && this.whenSettled.length) this.whenSettled.splice(0).forEach((resolve) => resolve());
    // While draining, an answer whose headers left before the stop began kept its connection
    // open: close it once idle, rather than waiting for the keep-alive timeout. (Not before the
    // listener closes: a client may be sending its next request on an idle connection.)
    const server = this.server;
    if (this.draining && server) setImmediate(() => server.closeIdleConnections());
  }

  /** Which operations endpoint a request target names, or null. */
  private opsEndpoint(url: string): '/healthz' | '/readyz' | '/metrics' | null {
    const first = url.charCodeAt(1);
    if (first !== 104 /* h */ && first !== 109 /* m */ && first !== 114 /* r */) return null;
    const end = url.indexOf('?');
    const path = end === -1 ? url : url.slice(0, end);
    if (path === '/healthz' || path === '/readyz') return path;
    if (path === '/metrics' && this.options.metricsOnMainListener && this.options.metrics) return path;
    return null;
  }

  private serveOps(endpoint: '/healthz' | '/readyz' | '/metrics', req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of OPS_HEADERS) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      send(res, 405, { status: 'method not allowed' });
      return;
    }
    if (endpoint === '/healthz') {
      send(res, 200, { status: 'ok' });
      return;
    }
    if (endpoint === '/readyz') {
      void this.options.health.readiness().then((r) => {
        if (r.ready) send(res, 200, { status: 'ready' });
        else send(res, 503, { status: 'not ready', reason: r.reason });
      });
      return;
    }
    void serveMetrics(this.options.metrics!, res);
  }
}

/** GET /metrics: the Prometheus text exposition of this server and process. */
export async function serveMetrics(metrics: ServerMetrics, res: ServerResponse): Promise<void> {
  try {
    const body = await metrics.render();
    res.writeHead(200, { 'Content-Type': metrics.contentType, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } catch {
    send(res, 500, { status: 'metrics unavailable' });
  }
}

function send(res: ServerResponse, status: number, body: object): void {
  const json = JSON.stringify(body);
  if (status === 503) res.setHeader('Retry-After', '5');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
