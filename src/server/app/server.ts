// The composition root: config → store → catalogue → services → app → listen.
// Used by `rcat-server start` and by tests (port 0).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AgentTokenVerifier } from '../auth/agent-token-verifier.js';
import { OAuthTokenVerifier } from '../auth/oauth-token-verifier.js';
import { OAuthClients } from '../services/oauth/clients.js';
import { OAuthGrantsService } from '../services/oauth/grants.js';
import { LiveCatalogue } from '../catalogue/live-catalogue.js';
import { resolveConfig, type ResolvedConfig, type ServerConfig } from '../config.js';
import { createRequestListener } from './request-listener.js';
import type { AppDeps } from '../deps.js';
import { openLimiter, type OpenedLimiter } from '../limits/open-limiter.js';
import { CatalogueService } from '../services/catalogue-service.js';
import { withDomainServices } from '../domain/index.js';
import { lockOwner, release, tryAcquire } from '../util/file-lock.js';
import { JsonStore } from '../store/json/index.js';
import { openStore, StoreConfigError } from '../store/open-store.js';
import { MigrationError } from '../store/postgres/migrations.js';
import type { Store } from '../store/ports/index.js';
import type { z } from 'zod';
import type { OpenedOperations } from '../ops/open-operations.js';
import type { DrainOutcome } from '../ops/server-operations.js';
import { openServerOperations } from './operations.js';

export interface RunningServer {
  url: string;
  config: ResolvedConfig;
  deps: AppDeps;
  /** The loopback metrics listener's port (`--metrics-port`), or null. */
  metricsPort: number | null;
  /** Stops at once: open connections are closed, then the journal, the store and the data dir's lock. */
  close(): Promise<void>;
  /** The graceful stop (SIGTERM, docs/operations.md "Stopping"): readiness 503, drain, then as close(). */
  shutdown(): Promise<DrainOutcome>;
  /** Reopens the access-log file by name (SIGHUP, after log rotation). */
  reopenLogs(): void;
}

export class ServerStartError extends Error {}

export async function startServer(
  input: z.input<typeof ServerConfig>,
  overrides: { now?: () => Date; log?: (line: string) => void; store?: Store; stdout?: NodeJS.WritableStream } = {},
): Promise<RunningServer> {
  const preliminary = resolveConfig(input);
  const log = overrides.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  const serverLock = path.join(preliminary.dataDir, 'server.lock');
  let store: Store;
  if (overrides.store) store = overrides.store;
  else {
    // With PostgreSQL the server starts even while the database is down (503 until it is up).
    store = await openStore(preliminary, log, { waitForDatabase: true }).catch((error: unknown) => {
      throw error instanceof StoreConfigError || error instanceof MigrationError ? new ServerStartError(error.message) : error;
    });
    // The JSON file allows one server per data dir; a shared database is for several hosts.
    if (store instanceof JsonStore && !(await tryAcquire(serverLock))) {
      const owner = await lockOwner(serverLock);
      throw new ServerStartError(
        `Another rcat server (pid ${owner ?? 'unknown'}) is already using the data dir ${preliminary.dataDir}. Stop it, or use another --data-dir.`,
      );
    }
  }

  // Limits before listening: a bad --limits or an unreadable usage folder stops start-up.
  let limits: OpenedLimiter;
  try {
    limits = await openLimiter({ spec: preliminary.limits, dataDir: preliminary.dataDir, usageSync: preliminary.usageSync, store, now: overrides.now, log });
  } catch (error) {
    if (!overrides.store) await release(serverLock);
    throw new ServerStartError((error as Error).message);
  }

  // Health, metrics and the access log; a log file that cannot be opened stops start-up.
  let ops: OpenedOperations;
  try {
    ops = openServerOperations(preliminary, store, limits.counters, { log, stdout: overrides.stdout ?? process.stdout });
  } catch (error) {
    await limits.close();
    if (!overrides.store) await release(serverLock);
    throw new ServerStartError(`Cannot open the access log ${preliminary.accessLog}: ${(error as Error).message}`);
  }

  const httpServer = http.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(preliminary.port, preliminary.host, () => resolve());
    });
  } catch (error) {
    await ops.close();
    await limits.close();
    if (!overrides.store) await release(serverLock);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ServerStartError(code === 'EADDRINUSE' ? `Port ${preliminary.port} on ${preliminary.host} is already in use.` : `Cannot listen: ${(error as Error).message}`);
  }
  const port = (httpServer.address() as AddressInfo).port;
  const config = resolveConfig(input, port);

  // Reloaded without a restart when an operator imports a new catalogue (src/server/catalogue/live-catalogue.ts).
  let catalogue: LiveCatalogue;
  try {
    catalogue = LiveCatalogue.open({ cataloguePath: config.cataloguePath, dataDir: config.dataDir, baseUrl: config.baseUrl, log });
  } catch (error) {
    httpServer.close();
    await ops.close();
    await limits.close();
    if (!overrides.store) await release(serverLock);
    throw new ServerStartError((error as Error).message);
  }
  // With metrics on, the store, limiter and catalogue searches are timed (src/server/ops/instrument.ts).
  store = ops.instrument.store(store, store instanceof JsonStore ? 'json' : 'postgres');
  const agentVerifier = new AgentTokenVerifier(store);
  const oauthVerifier = new OAuthTokenVerifier(store);
  const deps: AppDeps = {
    config,
    store,
    services: {
      ...withDomainServices(ops.instrument.catalogue(new CatalogueService(catalogue, limits.limiter.policy.units)), store, overrides.now ?? (() => new Date())),
      oauthGrants: new OAuthGrantsService(store, overrides.now ?? (() => new Date())),
      oauthClients: new OAuthClients(store, overrides.now ?? (() => new Date())),
    },
    limiter: ops.instrument.limiter(limits.limiter),
    verifiers: [agentVerifier, oauthVerifier],
    now: overrides.now ?? (() => new Date()),
    log,
  };
  httpServer.on('request', ops.operations.wrap(createRequestListener(deps)));
  ops.operations.attach(httpServer);
  let metricsPort: number | null;
  try {
    metricsPort = await ops.listenForMetrics();
  } catch (error) {
    httpServer.close();
    catalogue.close();
    await ops.close();
    await limits.close();
    if (!overrides.store) await release(serverLock);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ServerStartError(code === 'EADDRINUSE' ? `Metrics port ${config.metricsPort} on 127.0.0.1 is already in use.` : `Cannot listen for metrics: ${(error as Error).message}`);
  }

  // After the listener: the catalogue, last-used times, limits (the journal synced), the store, the lock, the access log.
  let closed: Promise<void> | null = null;
  const closeAfterListener = () =>
    (closed ??= (async () => {
      catalogue.close();
      await agentVerifier.lastUsed.flush();
      await oauthVerifier.lastUsed.flush();
      await limits.close();
      await store.close();
      if (!overrides.store) await release(serverLock);
      await ops.close();
    })());

  return {
    url: config.baseUrl,
    config,
    deps,
    metricsPort,
    async close() {
      if (httpServer.listening) {
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      }
      await closeAfterListener();
    },
    async shutdown() {
      const outcome = await ops.operations.drain({ delayMs: config.shutdownDelay * 1000, timeoutMs: config.shutdownTimeout * 1000 });
      await closeAfterListener();
      return outcome;
    },
    reopenLogs: () => ops.reopenLogs(),
  };
}
