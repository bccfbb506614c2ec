// The seam between the composition (src/server/app/) and the interfaces (http/, mcp/, oauth/,
// web/): what the composition root builds and the interfaces use. Imported by every interface;
// imports none of them. Built by src/server/app/server.ts, or by tests.
import type { BearerVerifier } from './auth/principal.js';
import type { ResolvedConfig } from './config.js';
import type { Limiter } from './limits/limiter.js';
import type { CatalogueService } from './services/catalogue-service.js';
import type { DomainServices } from './domain/index.js';
import type { ClientRegistrations } from './services/oauth/client-registration.js';
import type { AgentTokenService } from './services/agent-tokens.js';
import type { OAuthClients } from './services/oauth/clients.js';
import type { ConsentService } from './services/oauth/consent.js';
import type { TokenGrants } from './services/oauth/token-grants.js';
import type { TokenThrottle } from './services/throttling/token-throttle.js';
import type { OAuthGrantsService } from './services/oauth/grants.js';
import type { SignInFormTokens } from './services/sign-in-form.js';
import type { SignInService } from './services/sign-in.js';
import type { WebSessionService } from './services/web-sessions.js';
import type { Store } from './store/ports/index.js';

/** Services shared by every interface; the domain ones (projects, collections, shortlist, inquiries) are in src/server/domain/. */
export interface Services extends DomainServices {
  catalogue: CatalogueService;
  /** Agent tokens (create, list, revoke; at most 50 active per account). */
  agentTokens: AgentTokenService;
  /** An account's OAuth connections (list, revoke) for the agent-connections page. */
  oauthGrants: OAuthGrantsService;
  /** OAuth clients: the pre-registered CLI and dynamically registered ones (RFC 7591). */
  oauthClients: OAuthClients;
  /** Dynamic client registration (RFC 7591), bounded. */
  clientRegistrations: ClientRegistrations;
  /** Authorization requests waiting for the user's decision on the consent page, and the decision. */
  consent: ConsentService;
  /** The token endpoint's grants (code, refresh rotation) and revocation. */
  oauthTokens: TokenGrants;
  /** The token endpoint's brute-force throttle. */
  tokenThrottle: TokenThrottle;
  /** Web sign-in sessions of the pages. */
  webSessions: WebSessionService;
  /** Web sign-in by e-mail and password, throttled. */
  signIn: SignInService;
  /** The sign-in form's token, bound to a signed pre-session cookie (login CSRF). */
  signInForm: SignInFormTokens;
}

export interface AppDeps {
  config: ResolvedConfig;
  /** For the composition and tests: the interfaces call services, never the store (test/server-layers.test.ts). */
  store: Store;
  services: Services;
  limiter: Limiter;
  /** Bearer verifiers tried in order (agent tokens, OAuth access tokens). */
  verifiers: BearerVerifier[];
  now: () => Date;
  log: (line: string) => void;
}
