// The composition root: config → store → catalogue → services → app → listen.
// Used by `rcat-server start` and by tests (port 0).
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AgentTokenVerifier } from './auth/agent-token-verifier.js';
import { Catalogue, importedCataloguePath, SHIPPED_CATALOGUE } from './catalogue/catalogue.js';
import { resolveConfig, type ResolvedConfig, type ServerConfig } from './config.js';
import { createApp } from './http/app.js';
import type { AppDeps } from './http/app-deps.js';
import { MinuteOnlyLimiter } from './limits/minute-only.js';
import { CatalogueService } from './services/catalogue-service.js';
import { lockOwner, release, tryAcquire } from './store/file-lock.js';
import { JsonStore } from './store/json/index.js';
import type { Store } from './store/ports.js';
import type { z } from 'zod';

export interface RunningServer {
  url: string;
  config: ResolvedConfig;
  deps: AppDeps;
  close(): Promise<void>;
}

export class ServerStartError extends Error {}

export function cataloguePathFor(config: Pick<ResolvedConfig, 'cataloguePath' | 'dataDir'>): string {
  if (config.cataloguePath) return path.resolve(config.cataloguePath);
  const imported = importedCataloguePath(config.dataDir);
  return existsSync(imported) ? imported : SHIPPED_CATALOGUE;
}

export async function startServer(
  input: z.input<typeof ServerConfig>,
  overrides: { now?: () => Date; log?: (line: string) => void; store?: Store } = {},
): Promise<RunningServer> {
  const preliminary = resolveConfig(input);
  const log = overrides.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  const serverLock = path.join(preliminary.dataDir, 'server.lock');
  let store: Store;
  if (overrides.store) store = overrides.store;
  else {
    store = await JsonStore.open(preliminary.dataDir);
    if (!(await tryAcquire(serverLock))) {
      const owner = await lockOwner(serverLock);
      throw new ServerStartError(
        `Another rcat server (pid ${owner ?? 'unknown'}) is already using the data dir ${preliminary.dataDir}. Stop it, or use another --data-dir.`,
      );
    }
  }

  const httpServer = http.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(preliminary.port, preliminary.host, () => resolve());
    });
  } catch (error) {
    if (!overrides.store) await release(serverLock);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ServerStartError(code === 'EADDRINUSE' ? `Port ${preliminary.port} on ${preliminary.host} is already in use.` : `Cannot listen: ${(error as Error).message}`);
  }
  const port = (httpServer.address() as AddressInfo).port;
  const config = resolveConfig(input, port);

  const catalogue = Catalogue.loadFile(cataloguePathFor(config), config.baseUrl);
  const agentVerifier = new AgentTokenVerifier(store);
  const deps: AppDeps = {
    config,
    store,
    services: { catalogue: new CatalogueService(catalogue) },
    limiter: new MinuteOnlyLimiter(),
    verifiers: [agentVerifier],
    now: overrides.now ?? (() => new Date()),
    log,
  };
  httpServer.on('request', createApp(deps));

  return {
    url: config.baseUrl,
    config,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await agentVerifier.lastUsed.flush();
      await store.close();
      if (!overrides.store) await release(serverLock);
    },
  };
}
