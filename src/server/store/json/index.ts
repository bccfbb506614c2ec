// Composes the JSON-file adapters over one state file.
import { JsonFileStore } from '../json-file.js';
import type { Store } from '../ports.js';
import { JsonAccountStore } from './accounts.js';
import { JsonAgentTokenStore } from './agent-tokens.js';
import { JsonWebSessionStore } from './web-sessions.js';

export class JsonStore implements Store {
  readonly accounts: JsonAccountStore;
  readonly agentTokens: JsonAgentTokenStore;
  readonly webSessions: JsonWebSessionStore;

  private constructor(readonly file: JsonFileStore) {
    this.accounts = new JsonAccountStore(file);
    this.agentTokens = new JsonAgentTokenStore(file);
    this.webSessions = new JsonWebSessionStore(file);
  }

  static async open(dataDir: string): Promise<JsonStore> {
    return new JsonStore(await JsonFileStore.open(dataDir));
  }

  describe(): string {
    return `JSON file ${this.file.file}`;
  }

  async close(): Promise<void> {}
}
