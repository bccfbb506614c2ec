// OAuth clients: the pre-registered public CLI client `rcat-cli`, and clients registered
// dynamically (RFC 7591) by MCP hosts. Registration is served by the MCP SDK's
// clientRegistrationHandler over this store; we add the validation it does not do (redirect
// URI policy, name limits, grant and auth methods we support) and keep client secrets only
// as SHA-256 hashes (the SDK hands us the plaintext once, the client gets it once).
import { randomUUID } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidClientMetadataError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { hashSecret } from '../token-secrets.js';
import type { Store } from '../../store/ports/index.js';
import type { OAuthClientRecord } from '../../store/ports/oauth.js';
import { MAX_REDIRECT_URIS, redirectUriProblem } from './redirect-uris.js';

export const CLI_CLIENT_ID = 'rcat-cli';
export const MAX_CLIENT_NAME_LENGTH = 100;
export const TOKEN_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

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
};

/** Client names are shown on the consent page: bounded, single-line, printable. */
export function clientNameProblem(name: string): string | null {
  if (name.trim().length === 0) return 'client_name must not be empty';
  if ([...name].length > MAX_CLIENT_NAME_LENGTH) return `client_name must be at most ${MAX_CLIENT_NAME_LENGTH} characters`;
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name)) return 'client_name must not contain control or bidirectional-override characters';
  // A registered client must not pass itself off as our own CLI on the consent page.
  if (name.trim().toLowerCase() === CLI_CLIENT.clientName.toLowerCase()) return 'client_name is reserved';
  return null;
}

export class OAuthClients implements OAuthRegisteredClientsStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  async find(clientId: string): Promise<OAuthClientRecord | null> {
    if (clientId === CLI_CLIENT_ID) return CLI_CLIENT;
    if (clientId.length === 0 || clientId.length > 200) return null;
    return this.store.oauth.getClient(clientId);
  }

  /** SDK view of a client. Never includes the secret: client authentication is ours (client-auth.ts). */
  async getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    const client = await this.find(clientId);
    return client ? toClientInformation(client) : undefined;
  }

  /** Called by the SDK's registration handler with validated-by-shape RFC 7591 metadata. */
  async registerClient(input: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): Promise<OAuthClientInformationFull> {
    const method = input.token_endpoint_auth_method ?? 'client_secret_basic'; // RFC 7591 section 2 default
    if (!(TOKEN_AUTH_METHODS as readonly string[]).includes(method)) {
      throw new InvalidClientMetadataError(`token_endpoint_auth_method must be one of ${TOKEN_AUTH_METHODS.join(', ')}`);
    }
    if (input.redirect_uris.length === 0) throw new InvalidClientMetadataError('redirect_uris must name at least one redirect URI');
    if (input.redirect_uris.length > MAX_REDIRECT_URIS) throw new InvalidClientMetadataError(`at most ${MAX_REDIRECT_URIS} redirect_uris`);
    for (const uri of input.redirect_uris) {
      const problem = redirectUriProblem(uri);
      // RFC 7591 section 3.2.2: invalid_redirect_uri.
      if (problem) throw new InvalidRedirectUriError(`redirect URI ${JSON.stringify(uri.slice(0, 200))}: ${problem}`);
    }
    const grantTypes = input.grant_types ?? ['authorization_code'];
    const unsupported = grantTypes.filter((g) => !GRANT_TYPES.includes(g));
    if (unsupported.length > 0 || !grantTypes.includes('authorization_code')) {
      throw new InvalidClientMetadataError(`grant_types may only be authorization_code and refresh_token (got ${unsupported.join(', ').slice(0, 100) || 'none'})`);
    }
    const responseTypes = input.response_types ?? ['code'];
    if (responseTypes.some((r) => r !== 'code')) throw new InvalidClientMetadataError('response_types may only be "code"');
    const name = input.client_name ?? 'Unnamed application';
    const nameProblem = clientNameProblem(name);
    if (nameProblem) throw new InvalidClientMetadataError(nameProblem);

    const isPublic = method === 'none';
    if (!isPublic && !input.client_secret) throw new InvalidClientMetadataError('a confidential client needs a secret');
    const now = this.now();
    const record: OAuthClientRecord = {
      clientId: randomUUID(),
      clientSecretHash: isPublic ? null : hashSecret(input.client_secret!),
      clientSecretExpiresAt: isPublic ? 0 : (input.client_secret_expires_at ?? 0),
      clientName: name.trim(),
      redirectUris: [...input.redirect_uris],
      tokenEndpointAuthMethod: method,
      // RFC 7591 section 3.2.1 lets the server adjust registered values: every client may use
      // rotating refresh tokens, so hosts that omit grant_types still stay connected.
      grantTypes: GRANT_TYPES,
      metadata: pickMetadata(input),
      createdAt: now.toISOString(),
    };
    await this.store.oauth.insertClient(record);
    return {
      ...toClientInformation(record),
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      ...(isPublic ? {} : { client_secret: input.client_secret, client_secret_expires_at: record.clientSecretExpiresAt }),
    };
  }
}

class InvalidRedirectUriError extends InvalidClientMetadataError {
  static override errorCode = 'invalid_redirect_uri';
}

function pickMetadata(input: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['client_uri', 'logo_uri', 'scope', 'contacts', 'tos_uri', 'policy_uri', 'software_id', 'software_version'] as const) {
    const value = input[key];
    if (value !== undefined && JSON.stringify(value).length <= 2000) out[key] = value;
  }
  return out;
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
