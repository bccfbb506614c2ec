// Everything createApp needs, built by the composition root (src/server/main.ts) or by tests.
import type { BearerVerifier } from '../auth/principal.js';
import type { ResolvedConfig } from '../config.js';
import type { Limiter } from '../limits/ports.js';
import type { CatalogueService } from '../services/catalogue-service.js';
import type { DomainServices } from '../domain/index.js';
import type { OAuthGrantsService } from '../oauth/grants-service.js';
import type { Store } from '../store/ports.js';

/** Services shared by every interface; the domain ones (projects, collections, shortlist, inquiries) are in src/server/domain/. */
export interface Services extends DomainServices {
  catalogue: CatalogueService;
  /** An account's OAuth connections (list, revoke) for the agent-connections page. */
  oauthGrants: OAuthGrantsService;
}

export interface AppDeps {
  config: ResolvedConfig;
  store: Store;
  services: Services;
  limiter: Limiter;
  /** Bearer verifiers tried in order (agent tokens, OAuth access tokens). */
  verifiers: BearerVerifier[];
  now: () => Date;
  log: (line: string) => void;
}
