// Builds the services every interface uses (the `services` of src/server/deps.ts) over one store.
import { createDomainServices } from '../domain/index.js';
import type { Services } from '../deps.js';
import { AgentTokenService } from '../services/agent-tokens.js';
import type { CatalogueService } from '../services/catalogue-service.js';
import { ClientRegistrations } from '../services/oauth/client-registration.js';
import { OAuthClients } from '../services/oauth/clients.js';
import { ConsentService } from '../services/oauth/consent.js';
import { TokenGrants } from '../services/oauth/token-grants.js';
import { TokenThrottle } from '../services/throttling/token-throttle.js';
import { OAuthGrantsService } from '../services/oauth/grants.js';
import { SignInService } from '../services/sign-in.js';
import { SignInFormTokens } from '../services/sign-in-form.js';
import { WebSessionService } from '../services/web-sessions.js';
import type { Store } from '../store/ports/index.js';

export function createServices(store: Store, catalogue: CatalogueService, options: { baseUrl: string; now: () => Date; log: (line: string) => void }): Services {
  const { baseUrl, now, log } = options;
  const oauthClients = new OAuthClients(store, now);
  return {
    catalogue,
    ...createDomainServices(store, catalogue, now),
    agentTokens: new AgentTokenService(store.agentTokens, now),
    oauthGrants: new OAuthGrantsService(store, now),
    oauthClients,
    clientRegistrations: new ClientRegistrations(store, now),
    consent: new ConsentService(store.oauth, oauthClients, baseUrl, now),
    oauthTokens: new TokenGrants(store, baseUrl),
    tokenThrottle: new TokenThrottle(store.attemptCounters, oauthClients, undefined, log),
    webSessions: new WebSessionService(store, now),
    signIn: new SignInService(store, now, log),
    signInForm: new SignInFormTokens(store.serverSecrets, now),
  };
}
