// Builds what the composition root needs to operate the server from the operator's settings
// (`rcat-server start --access-log … --log-format … --metrics … --metrics-port …`): the health
// state, the metrics (when on) with the decorators that feed them, the access log (when on) and
// the request-listener wrapper (./server-operations.ts). docs/operations.md describes them all.
import { createRequire } from 'node:module';
import { AccessLog, type AccessLogTarget, defaultLogFormat, isStdout, type LogFormat } from './access-log.js';
import { HealthState, type ReadinessChecks } from './health.js';
import { instrumentCatalogue, instrumentLimiter, instrumentStore } from './instrument.js';
import { listenForMetrics, type MetricsListener } from './metrics-listener.js';
import { ServerMetrics } from './metrics.js';
import { ServerOperations } from './server-operations.js';

export interface OperationsSettings {
  /** `stdout` (or `-`), `off`, or a file to append to. */
  accessLog: AccessLogTarget;
  /** Absent: text on a terminal, JSON otherwise. */
  logFormat?: LogFormat | undefined;
  logHealthChecks: boolean;
  /** Serve GET /metrics on the main listener. */
  metrics: boolean;
  /** Also serve GET /metrics on 127.0.0.1:this port. */
  metricsPort?: number | undefined;
  trustProxy: boolean;
}

export interface OperationsEnvironment {
  checks: ReadinessChecks;
  /** The server log (stderr): readiness changes and access-log write errors. */
  log: (line: string) => void;
  /** Where an access log to "stdout" goes; text by default when it is a terminal. */
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface OpenedOperations {
  operations: ServerOperations;
  metrics: ServerMetrics | null;
  /** The decorators feeding the metrics; each returns its argument unchanged when metrics are off. */
  instrument: {
    store<S extends object>(store: S, adapter: string): S;
    limiter<L extends Parameters<typeof instrumentLimiter>[0]>(limiter: L): L;
    catalogue<C extends Parameters<typeof instrumentCatalogue>[0]>(catalogue: C): C;
  };
  /** Starts the loopback metrics listener, if one was asked for; resolves to its port. */
  listenForMetrics(): Promise<number | null>;
  /** Reopens the access-log file by name (SIGHUP, after log rotation). */
  reopenLogs(): void;
  /** Closes the metrics listener and, once the last request has ended, writes out the access log. */
  close(): Promise<void>;
}

export function rcatVersion(): string {
  return (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;
}

/** Throws (an Error with the operating system's message) when the access-log file cannot be opened. */
export function openOperations(settings: OperationsSettings, env: OperationsEnvironment): OpenedOperations {
  const stdoutIsTerminal = env.stdout.isTTY === true;
  const accessLog =
    settings.accessLog === 'off'
      ? null
      : AccessLog.open(settings.accessLog, {
          format: settings.logFormat ?? defaultLogFormat(settings.accessLog, stdoutIsTerminal),
          report: env.log,
          stdout: env.stdout,
          colour: isStdout(settings.accessLog) && stdoutIsTerminal,
        });
  const health = new HealthState(env.checks, (result, cause) => {
    if (result.ready) env.log('readiness: ready');
    else if (result.reason !== 'shutting down') env.log(`readiness: not ready (${result.reason}${cause instanceof Error ? `: ${cause.message}` : ''})`);
  });
  const wantMetrics = settings.metrics || settings.metricsPort !== undefined;
  let operations: ServerOperations | undefined = undefined;
  const metrics = wantMetrics
    ? new ServerMetrics(rcatVersion(), {
        inFlight: () => operations?.requestsInFlight ?? 0,
        openConnections: () => operations?.openConnections() ?? Promise.resolve(0),
        ready: async () => ((await health.readiness()).ready ? 1 : 0),
      })
    : null;
  operations = new ServerOperations({
    health,
    metrics,
    metricsOnMainListener: settings.metrics,
    accessLog,
    logHealthChecks: settings.logHealthChecks,
    trustProxy: settings.trustProxy,
  });
  let metricsListener: MetricsListener | null = null;
  return {
    operations,
    metrics,
    instrument: {
      store: (store, adapter) => (metrics ? instrumentStore(store, adapter, metrics) : store),
      limiter: (limiter) => (metrics ? instrumentLimiter(limiter, metrics) : limiter),
      catalogue: (catalogue) => (metrics ? instrumentCatalogue(catalogue, metrics) : catalogue),
    },
    reopenLogs() {
      accessLog?.reopen();
    },
    async listenForMetrics() {
      if (!metrics || settings.metricsPort === undefined) return null;
      metricsListener = await listenForMetrics(settings.metricsPort, metrics);
      return metricsListener.port;
    },
    async close() {
      await metricsListener?.close();
      await operations.settled();
      await accessLog?.close();
    },
  };
}
