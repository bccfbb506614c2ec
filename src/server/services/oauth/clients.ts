// OAuth clients: the pre-registered public CLI client `rcat-cli`, and clients registered
// dynamically (RFC 7591) by MCP hosts (the registration rules: ./client-registration.ts). An
// unused registration lapses (REGISTRATION_LIMITS): it is no longer found.
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Store } from '../../store/ports/index.js';
import type { OAuthClientRecord, RegistrationLimits } from '../../store/ports/oauth.js';

export const CLI_CLIENT_ID = 'rcat-cli';
export const TOKEN_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** The rcat CLI: a native public client (RFC 8252) with loopback redirects on any port. */
export const CLI_CLIENT: OAuthClientRecord = {
  clientId: CLI_CLIENT_ID,
  clientSecretHash: null,
  clientSecretExpiresAt: 0,
  clientName: 'rcat command-line tool',
  redirectUris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
  tokenEndpointAuthMethod: 'none',
  grantTypes: GRANT_TYPES,
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  registeredFrom: null,
};

/** Names only this server's own clients go by; the first is the CLI's name on the consent page. */
export const RESERVED_CLIENT_NAMES = [CLI_CLIENT.clientName, 'rcat', 'rcat CLI', 'rcat command line interface', 'rcat-cli', 'rcat client', 'rcat server'] as const;

/**
 * Registrations no code was ever issued to: gone after a day, at most 30 per source (a caller's
 * network) and 500 in all (docs/oauth.md, "Dynamic registration").
 */
export const REGISTRATION_LIMITS: RegistrationLimits = {
  unusedLifetimeMs: 24 * 60 * 60 * 1000,
  maxUnusedPerSource: 30,
  maxUnusedTotal: 500,
};

export class OAuthClients {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  async find(clientId: string): Promise<OAuthClientRecord | null> {
    if (clientId === CLI_CLIENT_ID) return CLI_CLIENT;
    if (clientId.length === 0 || clientId.length > 200) return null;
    return this.store.oauth.getClient(clientId, this.now(), REGISTRATION_LIMITS);
  }
}

export function toClientInformation(client: OAuthClientRecord): OAuthClientInformationFull {
  return {
    ...client.metadata,
    client_id: client.clientId,
    client_name: client.clientName,
    redirect_uris: [...client.redirectUris],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: [...client.grantTypes],
    response_types: ['code'],
  };
}
