// Starts the real server on port 0 over a fresh temporary data dir, with helpers to create
// accounts and tokens through the same store the operator commands use.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Scope } from '../../src/shared/scopes.js';
import { mintAgentToken } from '../../src/server/services/agent-tokens.js';
import { type RunningServer, startServer } from '../../src/server/app/server.js';
import { Catalogue, SHIPPED_CATALOGUE } from '../../src/server/catalogue/catalogue.js';
import type { Account } from '../../src/server/store/ports/index.js';
import { testPasswordHash } from './password-hash.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  addAccount(input?: Partial<Pick<Account, 'email' | 'name' | 'company' | 'plan' | 'paidUntil'>> & { password?: string }): Promise<Account>;
  token(account: Account, scopes?: Scope[], days?: number): Promise<string>;
  stop(): Promise<void>;
}

let counter = 0;

export function tempDir(prefix = 'rcat-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Temporary data dirs of one test file: `dir()` makes one, `cleanup()` removes every one made (call it from afterAll). */
export function scratchDirs(): { dir: () => string; cleanup: () => void } {
  const dirs: string[] = [];
  return {
    dir() {
      const dir = tempDir();
      dirs.push(dir);
      return dir;
    },
    cleanup() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The shipped catalogue, indexed once in this worker and kept for its life. Servers in one process
// share a file's index, but hold it only weakly (src/server/catalogue/catalogue.ts): without this,
// a garbage collection between two test files meant indexing it again (~3 s of CPU each time).
let shipped: Promise<Catalogue> | undefined;

export async function startTestServer(
  config: Partial<Parameters<typeof startServer>[0]> = {},
  overrides: Parameters<typeof startServer>[1] = {},
): Promise<TestServer> {
  if ((config.cataloguePath ?? SHIPPED_CATALOGUE) === SHIPPED_CATALOGUE) await (shipped ??= Catalogue.load(SHIPPED_CATALOGUE, 'http://127.0.0.1'));
  const dataDir = config.dataDir ?? tempDir();
  const server = await startServer({ port: 0, dataDir, ...config }, { log: () => {}, ...overrides });
  const store = server.deps.store;
  return {
    ...server,
    dataDir,
    async addAccount(input = {}) {
      counter++;
      const { password, ...rest } = input;
      return store.accounts.create({
        email: `user${counter}-${process.pid}@example.test`,
        name: `Test User ${counter}`,
        company: null,
        plan: 'standard',
        paidUntil: null,
        passwordHash: password ? await testPasswordHash(password) : null,
        ...rest,
      });
    },
    async token(account, scopes = ['catalog:read', 'projects:read', 'shortlist:write'], days) {
      // Minted on the server's clock, so tests with a controlled clock get valid tokens.
      return (await mintAgentToken(store, { accountId: account.id, scopes, label: 'test', days, now: server.deps.now() })).token;
    },
    async stop() {
      await server.close();
      if (!config.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
