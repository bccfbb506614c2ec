// The seam between the composition (src/server/app/) and the interfaces (http/, mcp/, oauth/,
// web/): what the composition root builds and the interfaces use. Imported by every interface;
// imports none of them. Built by src/server/app/server.ts, or by tests.
import type { BearerVerifier } from './auth/principal.js';
import type { ResolvedConfig } from './config.js';
import type { Limiter } from './limits/limiter.js';
import type { CatalogueService } from './services/catalogue-service.js';
import type { DomainServices } from './domain/index.js';
import type { OAuthClients } from './services/oauth/clients.js';
import type { OAuthGrantsService } from './services/oauth/grants.js';
import type { Store } from './store/ports/index.js';

/** Services shared by every interface; the domain ones (projects, collections, shortlist, inquiries) are in src/server/domain/. */
export interface Services extends DomainServices {
  catalogue: CatalogueService;
  /** An account's OAuth connections (list, revoke) for the agent-connections page. */
  oauthGrants: OAuthGrantsService;
  /** OAuth clients: the pre-registered CLI and dynamically registered ones (RFC 7591). */
  oauthClients: OAuthClients;
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
