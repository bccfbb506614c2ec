// The storage interfaces the services depend on, one file per port, all in this folder.
// Adapters: ../json/ (embedded default, one JSON file) and ../postgres/ (several hosts over one
// database), chosen once in ../open-store.ts. Every method is async so any adapter fits.
import type { AccountStore } from './accounts.js';
import type { AgentTokenStore } from './agent-tokens.js';
import type { AttemptCounterStore } from './attempt-counters.js';
import type { CollectionStore, InquiryDraftStore, ProjectStore, ShortlistStore } from './domain.js';
import type { LimitCounterStore } from './limit-counters.js';
import type { OAuthStore } from './oauth.js';
import type { ServerSecretStore } from './server-secrets.js';
import type { WebSessionStore } from './web-sessions.js';

export type * from './accounts.js';
export type * from './agent-tokens.js';
export type * from './domain.js';
export type * from './oauth.js';
export type * from './server-secrets.js';
export type * from './web-sessions.js';

export interface Store {
  readonly accounts: AccountStore;
  readonly agentTokens: AgentTokenStore;
  /** OAuth clients, pending consents, codes, grants and tokens (./oauth.ts). */
  readonly oauth: OAuthStore;
  readonly webSessions: WebSessionStore;
  readonly projects: ProjectStore;
  readonly collections: CollectionStore;
  readonly shortlist: ShortlistStore;
  readonly inquiryDrafts: InquiryDraftStore;
  /** Failed-attempt counters of the sign-in and token-endpoint throttles (./attempt-counters.ts), shared by every host. */
  readonly attemptCounters: AttemptCounterStore;
  /** Secrets the server keeps for itself, shared by every host (./server-secrets.ts). */
  readonly serverSecrets: ServerSecretStore;
  /**
   * Counters of the limits service when this store provides them (PostgreSQL: shared by all
   * hosts). Absent → the default in-process journal in the data dir (src/server/limits/).
   */
  readonly limitCounters?: LimitCounterStore;
  /** Human-readable description of where state lives (for logs and `rcat-server` output). */
  describe(): string;
  close(): Promise<void>;
}
