// The composition root: config → store → limits → listen → catalogue → services → requests.
// Used by `rcat-server start` and by tests (port 0). Everything opened on the way is closed again,
// in reverse order, when a later step fails (one unwind) or when the server is closed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { z } from 'zod';
import { AgentTokenVerifier } from '../auth/agent-token-verifier.js';
import { OAuthTokenVerifier } from '../auth/oauth-token-verifier.js';
import { LiveCatalogue } from '../catalogue/live-catalogue.js';
import { resolveConfig, type ResolvedConfig, type ServerConfig } from '../config.js';
import type { AppDeps } from '../deps.js';
import { openLimiter, type OpenedLimiter } from '../limits/open-limiter.js';
import { CatalogueService } from '../services/catalogue-service.js';
import { JsonStore } from '../store/json/index.js';
import { openStore, StoreConfigError } from '../store/open-store.js';
import type { Store } from '../store/ports/index.js';

import { MigrationError } from '../errors.js';
import { lockOwner, release, tryAcquire } from '../util/file-lock.js';
import { createRequestListener } from './request-listener.js';
import { createServices } from './services.js';
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

export interface StartOverrides {
  now?: () => Date;
  log?: (line: string) => void;
  /** A store opened by the caller (tests): no server lock is taken for it. */
  store?: Store;
  /** Where an access log to "stdout" goes (default process.stdout). */
  stdout?: NodeJS.WritableStream;
}

/** What has been opened so far, closed in reverse order. */
class Opened {
  private readonly closers: (() => Promise<void> | void)[] = [];
  add(close: () => Promise<void> | void): void {
    this.closers.push(close);
  }
  async closeAll(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) await close();
  }
}

/** Runs one start-up step; its failure becomes a ServerStartError (an operator's message, exit 1). */
async function step<T>(run: () => Promise<T> | T, message: (error: Error) => string = (e) => e.message): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof ServerStartError ? error : new ServerStartError(message(error as Error));
  }
}

/**
 * The store of the data dir or database, and what undoes it. The JSON file allows one server per
 * data dir (a lock file); a shared database is for several hosts.
 */
async function openOwnStore(config: ResolvedConfig, log: (line: string) => void, opened: Opened): Promise<Store> {
  // With PostgreSQL the server starts even while the database is down (503 until it is up).
  const store = await openStore(config, log, { waitForDatabase: true }).catch((error: unknown) => {
    throw error instanceof StoreConfigError || error instanceof MigrationError ? new ServerStartError(error.message) : error;
  });
  if (!(store instanceof JsonStore)) {
    opened.add(() => store.close());
    return store;
  }
  const serverLock = path.join(config.dataDir, 'server.lock');
  if (!(await tryAcquire(serverLock))) {
    await store.close();
    const owner = await lockOwner(serverLock);
    throw new ServerStartError(`Another rcat server (pid ${owner ?? 'unknown'}) is already using the data dir ${config.dataDir}. Stop it, or use another --data-dir.`);
  }
  opened.add(() => release(serverLock));
  opened.add(() => store.close());
  return store;
}

async function listen(httpServer: http.Server, config: ResolvedConfig): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  return (httpServer.address() as AddressInfo).port;
}

/** Stops accepting requests and ends open connections. */
function stopListening(httpServer: http.Server): Promise<void> {
  return new Promise<void>((resolve) => {
    httpServer.close(() => resolve());
    httpServer.closeAllConnections();
  });
}

export async function startServer(input: z.input<typeof ServerConfig>, overrides: StartOverrides = {}): Promise<RunningServer> {
  const preliminary = resolveConfig(input);
  const log = overrides.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = overrides.now ?? (() => new Date());
  const opened = new Opened();
  if (overrides.store) opened.add(() => overrides.store!.close());
  try {
    const store = overrides.store ?? (await openOwnStore(preliminary, log, opened));
    // Limits before listening: a bad --limits or an unreadable usage folder stops start-up.
    const limits: OpenedLimiter = await step(() =>
      openLimiter({ spec: preliminary.limits, dataDir: preliminary.dataDir, usageSync: preliminary.usageSync, store, now: overrides.now, log }),
    );
    opened.add(() => limits.close());
    // Health, metrics and the access log (src/server/ops/); a log file that cannot be opened stops start-up.
    const ops = await step(
      () => openServerOperations(preliminary, store, limits.counters, { log, stdout: overrides.stdout ?? process.stdout }),
      (e) => `Cannot open the access log ${preliminary.accessLog}: ${e.message}`,
    );
    opened.add(() => ops.close());
    const httpServer = http.createServer();
    const port = await step(
      () => listen(httpServer, preliminary),
      (e) => ((e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `Port ${preliminary.port} on ${preliminary.host} is already in use.` : `Cannot listen: ${e.message}`),
    );
    const config = resolveConfig(input, port);
    // Reloaded without a restart when an operator imports a new catalogue (src/server/catalogue/live-catalogue.ts).
    const catalogue = await step(() => LiveCatalogue.open({ cataloguePath: config.cataloguePath, dataDir: config.dataDir, indexCacheDir: config.indexCacheDir, baseUrl: config.baseUrl, log })).catch(
      async (error: unknown) => {
        httpServer.close();
        throw error;
      },
    );
    // With metrics on, store operations, limiter decisions and searches are timed (src/server/ops/instrument.ts).
    const observed = ops.instrument.store(store, store instanceof JsonStore ? 'json' : 'postgres');
    // Last-used times are flushed after the catalogue is closed, before the limits and the store.
    const agentVerifier = new AgentTokenVerifier(observed);
    const oauthVerifier = new OAuthTokenVerifier(observed);
    opened.add(async () => {
      await agentVerifier.lastUsed.flush();
      await oauthVerifier.lastUsed.flush();
    });
    opened.add(() => catalogue.close());
    opened.add(() => stopListening(httpServer));
    const catalogueService = ops.instrument.catalogue(new CatalogueService(catalogue, limits.limiter.policy.units));
    const services = createServices(observed, catalogueService, { baseUrl: config.baseUrl, now, log });
    const limiter = ops.instrument.limiter(limits.limiter);
    const deps: AppDeps = { config, store: observed, services, limiter, verifiers: [agentVerifier, oauthVerifier], now, log };
    httpServer.on('request', ops.operations.wrap(createRequestListener(deps)));
    ops.operations.attach(httpServer);
    const metricsPort = await step(
      () => ops.listenForMetrics(),
      (e) => ((e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `Metrics port ${config.metricsPort} on 127.0.0.1 is already in use.` : `Cannot listen for metrics: ${e.message}`),
    );
    // Closing undoes everything in reverse: requests, catalogue, last-used times, access log, limits, store, server lock.
    return {
      url: config.baseUrl,
      config,
      deps,
      metricsPort,
      close: () => opened.closeAll(),
      async shutdown() {
        const outcome = await ops.operations.drain({ delayMs: config.shutdownDelay * 1000, timeoutMs: config.shutdownTimeout * 1000 });
        await opened.closeAll();
        return outcome;
      },
      reopenLogs: () => ops.reopenLogs(),
    };
  } catch (error) {
    await opened.closeAll();
    throw error;
  }
}
