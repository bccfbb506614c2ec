// Parsing of an authorization request (RFC 6749 section 4.1.1) in two phases, because what may
// be redirected depends on what has been verified (section 4.1.2.1):
//  - resolveClientAndRedirect: client_id and redirect_uri; failures are AuthorizePageError,
//    shown to the user on our own page;
//  - parseAuthorizationRequest: everything else; failures are OAuth errors for the redirect URI.
// Every parameter may appear at most once (section 3.1), except `resource` (RFC 8707 section 2).
import {
  InvalidRequestError,
  InvalidScopeError,
  type OAuthError,
  UnsupportedResponseTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { parseScopeString, SCOPES, type Scope } from '../../../shared/scopes.js';
import type { OAuthClients } from './clients.js';
import { FormParams } from './form-params.js';
import type { OAuthClientRecord } from '../../store/ports/oauth.js';
import { redirectUriMatches } from './redirect-uris.js';
import { resolveResources } from './resources.js';

export class AuthorizePageError extends Error {}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/; // BASE64URL(SHA-256(verifier)), RFC 7636 section 4.2
const MAX_STATE_LENGTH = 1000;

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new AuthorizePageError(`The "${name}" parameter must be given exactly once.`);
  return value;
}

export async function resolveClientAndRedirect(
  query: Record<string, unknown>,
  clients: OAuthClients,
): Promise<{ client: OAuthClientRecord; redirectUri: string; redirectUriExplicit: boolean }> {
  const clientId = single(query, 'client_id');
  if (!clientId) throw new AuthorizePageError('The request names no application (client_id is missing).');
  const client = await clients.find(clientId);
  if (!client) throw new AuthorizePageError('The application is not registered with this server (unknown client_id).');
  const requested = single(query, 'redirect_uri');
  if (requested === undefined) {
    // Section 3.1.2.3: may be omitted only when exactly one redirect URI is registered (and it is not a loopback pattern).
    if (client.redirectUris.length === 1 && !client.redirectUris[0]!.startsWith('http://')) {
      return { client, redirectUri: client.redirectUris[0]!, redirectUriExplicit: false };
    }
    throw new AuthorizePageError('The request names no return address (redirect_uri is missing).');
  }
  if (!client.redirectUris.some((registered) => redirectUriMatches(requested, registered))) {
    throw new AuthorizePageError('The return address (redirect_uri) is not registered for this application, so you have not been sent there.');
  }
  return { client, redirectUri: requested, redirectUriExplicit: true };
}

export interface AuthorizationRequest {
  scopes: Scope[];
  resources: string[];
  codeChallenge: string;
  state: string | null;
}

export function parseAuthorizationRequest(
  query: Record<string, unknown>,
  baseUrl: string,
): { ok: true; request: AuthorizationRequest } | { ok: false; error: OAuthError; state: string | null } {
  const params = new FormParams(query);
  let state: string | null = null;
  try {
    state = params.get('state') ?? null;
    if (state !== null && state.length > MAX_STATE_LENGTH) {
      state = null;
      throw new InvalidRequestError(`state must be at most ${MAX_STATE_LENGTH} characters.`);
    }
    const responseType = params.get('response_type');
    if (!responseType) throw new InvalidRequestError('response_type is required (use "code").');
    if (responseType !== 'code') throw new UnsupportedResponseTypeError('Only response_type=code is supported.');
    const method = params.get('code_challenge_method');
    const challenge = params.get('code_challenge');
    // PKCE with S256 is required (MCP authorization spec; RFC 9700 section 2.1.1); "plain" and a
    // missing method (which RFC 7636 would read as plain) are refused.
    if (!challenge) throw new InvalidRequestError('code_challenge is required (PKCE with S256).');
    if (method !== 'S256') throw new InvalidRequestError('code_challenge_method must be S256; plain and missing methods are not accepted.');
    if (!CHALLENGE.test(challenge)) throw new InvalidRequestError('code_challenge must be the 43-character base64url SHA-256 of the code verifier.');
    const scopeText = params.get('scope');
    let scopes: Scope[] = [...SCOPES];
    // Section 3.1: a parameter sent without a value is treated as omitted (all scopes, the default).
    if (scopeText !== undefined && scopeText !== '') {
      const parsed = parseScopeString(scopeText);
      if (!parsed.ok) throw new InvalidScopeError(`The scope is malformed: ${parsed.problem}. Send distinct scopes separated by single spaces, from: ${SCOPES.join(' ')}.`);
      scopes = parsed.scopes;
    }
    const resources = resolveResources(params.all('resource'), baseUrl);
    for (const name of ['request', 'request_uri']) {
      if (params.all(name).length > 0) throw new InvalidRequestError(`The "${name}" parameter is not supported.`);
    }
    return { ok: true, request: { scopes, resources, codeChallenge: challenge, state } };
  } catch (error) {
    if (error instanceof Error && 'errorCode' in error) return { ok: false, error: error as OAuthError, state };
    throw error;
  }
}
