// Composes the JSON-file adapters over one state file.
import { JsonFileStore } from './json-file.js';
import type { Store } from '../ports/index.js';
import { JsonAccountStore } from './accounts.js';
import { JsonAgentTokenStore } from './agent-tokens.js';
import { JsonAttemptCounterStore } from './attempt-counters.js';
import { JsonCollectionStore } from './collections.js';
import { JsonInquiryDraftStore } from './inquiries.js';
import { JsonProjectStore } from './projects.js';
import { JsonShortlistStore } from './shortlist.js';
import { JsonOAuthStore } from './oauth.js';
import { JsonServerSecretStore } from './server-secrets.js';
import { JsonWebSessionStore } from './web-sessions.js';

export class JsonStore implements Store {
  readonly accounts: JsonAccountStore;
  readonly agentTokens: JsonAgentTokenStore;
  readonly oauth: JsonOAuthStore;
  readonly webSessions: JsonWebSessionStore;
  readonly projects: JsonProjectStore;
  readonly collections: JsonCollectionStore;
  readonly shortlist: JsonShortlistStore;
  readonly inquiryDrafts: JsonInquiryDraftStore;
  readonly attemptCounters: JsonAttemptCounterStore;
  readonly serverSecrets: JsonServerSecretStore;

  private constructor(readonly file: JsonFileStore) {
    this.accounts = new JsonAccountStore(file);
    this.agentTokens = new JsonAgentTokenStore(file);
    this.oauth = new JsonOAuthStore(file);
    this.webSessions = new JsonWebSessionStore(file);
    this.projects = new JsonProjectStore(file);
    this.collections = new JsonCollectionStore(file);
    this.shortlist = new JsonShortlistStore(file);
    this.inquiryDrafts = new JsonInquiryDraftStore(file);
    this.attemptCounters = new JsonAttemptCounterStore(file);
    this.serverSecrets = new JsonServerSecretStore(file);
  }

  static async open(dataDir: string): Promise<JsonStore> {
    return new JsonStore(await JsonFileStore.open(dataDir));
  }

  describe(): string {
    return `JSON file ${this.file.file}`;
  }

  async close(): Promise<void> {}
}
