// Client authentication at the token and revocation endpoints (RFC 6749 section 2.3):
//  - public clients (`none`): client_id in the body, no secret (PKCE protects the code);
//  - confidential clients: client_secret_basic (HTTP Basic, RFC 6749 section 2.3.1, with the
//    form-urlencoded id and secret) or client_secret_post. Secrets are compared by hash in
//    constant time. Using two methods at once is invalid_request (section 2.3).
// This replaces the SDK's authenticateClient, which compares plaintext secrets we do not keep
// and does not implement client_secret_basic.
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { InvalidClientError, InvalidRequestError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { hashSecret } from '../services/token-secrets.js';
import type { OAuthClients } from '../services/oauth/clients.js';
import type { FormParams } from '../services/oauth/form-params.js';
import type { OAuthClientRecord } from '../store/ports/oauth.js';

export class ClientAuthError extends InvalidClientError {
  constructor(
    message: string,
    readonly usedBasic: boolean,
  ) {
    super(message);
  }
}

function parseBasic(header: string): { id: string; secret: string } {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match?.[1]) throw new ClientAuthError('The Authorization header must be HTTP Basic client credentials.', true);
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new ClientAuthError('Malformed Basic client credentials.', true);
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    throw new ClientAuthError('Malformed Basic client credentials.', true);
  }
}

function sameHash(secret: string, expectedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function authenticateClient(req: Request, params: FormParams, clients: OAuthClients, now: Date): Promise<OAuthClientRecord> {
  const header = req.headers.authorization;
  const bodyId = params.get('client_id');
  const bodySecret = params.get('client_secret');
  let id: string | undefined;
  let secret: string | undefined;
  const usedBasic = header !== undefined;
  if (usedBasic) {
    if (bodySecret !== undefined) throw new InvalidRequestError('Use one client authentication method, not Basic and client_secret together.');
    ({ id, secret } = parseBasic(header));
    if (bodyId !== undefined && bodyId !== id) throw new InvalidRequestError('client_id does not match the Basic credentials.');
  } else {
    id = bodyId;
    secret = bodySecret;
  }
  if (!id) throw new InvalidRequestError('The "client_id" parameter is required (or HTTP Basic client credentials).');
  const client = await clients.find(id);
  if (!client) throw new ClientAuthError('Unknown client.', usedBasic);
  if (client.clientSecretHash === null) {
    if (secret) throw new ClientAuthError('This is a public client: send no client secret.', usedBasic);
    return client;
  }
  if (!secret) throw new ClientAuthError('Client authentication is required for this client.', usedBasic);
  if (!sameHash(secret, client.clientSecretHash)) throw new ClientAuthError('Client authentication failed.', usedBasic);
  if (client.clientSecretExpiresAt !== 0 && client.clientSecretExpiresAt * 1000 <= now.getTime()) {
    throw new ClientAuthError('The client secret has expired; register again.', usedBasic);
  }
  return client;
}
