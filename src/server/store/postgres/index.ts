// Composes the PostgreSQL adapters over one connection pool. Opening runs the schema
// migrations (./migrations.ts), so every host that starts brings the schema up to date.
import { StoreUnavailableError } from '../../errors.js';
import { PostgresLimitCounterStore } from './limit-counters.js';
import type { Store } from '../ports/index.js';
import { PostgresAccountStore } from './accounts.js';
import { PostgresAgentTokenStore } from './agent-tokens.js';
import { PostgresAttemptCounterStore } from './attempt-counters.js';
import { Database, type DatabaseOptions } from './database.js';
import { migrate, MigrationError, type MigrationReport } from './migrations.js';
import { PostgresCollectionStore } from './collections.js';
import { PostgresInquiryDraftStore } from './inquiries.js';
import { PostgresOAuthStore } from './oauth.js';
import { PostgresProjectStore } from './projects.js';
import { PostgresShortlistStore } from './shortlist.js';
import { PostgresServerSecretStore } from './server-secrets.js';
import { PostgresWebSessionStore } from './web-sessions.js';

export class PostgresStore implements Store {
  readonly accounts: PostgresAccountStore;
  readonly agentTokens: PostgresAgentTokenStore;
  readonly webSessions: PostgresWebSessionStore;
  readonly oauth: PostgresOAuthStore;
  readonly projects: PostgresProjectStore;
  readonly collections: PostgresCollectionStore;
  readonly shortlist: PostgresShortlistStore;
  readonly inquiryDrafts: PostgresInquiryDraftStore;
  readonly attemptCounters: PostgresAttemptCounterStore;
  readonly serverSecrets: PostgresServerSecretStore;
  readonly limitCounters: PostgresLimitCounterStore;

  private constructor(
    readonly db: Database,
    readonly migrations: MigrationReport,
  ) {
    this.accounts = new PostgresAccountStore(db);
    this.agentTokens = new PostgresAgentTokenStore(db);
    this.webSessions = new PostgresWebSessionStore(db);
    this.oauth = new PostgresOAuthStore(db);
    this.projects = new PostgresProjectStore(db);
    this.collections = new PostgresCollectionStore(db);
    this.shortlist = new PostgresShortlistStore(db);
    this.inquiryDrafts = new PostgresInquiryDraftStore(db);
    this.attemptCounters = new PostgresAttemptCounterStore(db);
    this.serverSecrets = new PostgresServerSecretStore(db);
    this.limitCounters = new PostgresLimitCounterStore(db);
  }

  /**
   * Connects and migrates. Throws MigrationError (a schema this server cannot use), and
   * StoreUnavailableError when the database cannot be reached — unless `waitForDatabase` (the
   * server): then the store opens anyway, answers 503 until the database is reachable, and
   * migrates on the first call that finds it (service starts without a restart).
   */
  static async open(url: string, options: DatabaseOptions & { waitForDatabase?: boolean } = {}): Promise<PostgresStore> {
    const db = new Database(url, options);
    const run = async () => {
      const report = await migrate(db.pool);
      if (report.applied.length) options.log?.(`postgres: applied migrations ${report.applied.join(', ')}`);
      return report;
    };
    try {
      return new PostgresStore(db, await run());
    } catch (error) {
      if (options.waitForDatabase && error instanceof StoreUnavailableError) {
        const cause = (error as { cause?: Error }).cause?.message ?? 'unreachable';
        options.log?.(`postgres: ${db.describe()} cannot be reached (${cause}); answering 503 until it can, then migrating`);
        db.deferUntilReady(async () => {
          try {
            await run();
          } catch (failure) {
            // Reachable but unusable (an edited or newer schema): say so on every attempt.
            if (failure instanceof MigrationError) options.log?.(`postgres: ${failure.message}`);
            throw failure;
          }
          options.log?.(`postgres: ${db.describe()} is reachable; serving`);
        });
        return new PostgresStore(db, { applied: [], current: -1 });
      }
      await db.close().catch(() => {});
      throw error;
    }
  }

  describe(): string {
    return this.db.describe();
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
