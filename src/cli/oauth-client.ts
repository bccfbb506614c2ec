// The OAuth client side of the CLI (public client `rcat-cli`): discovery (RFC 8414), token
// requests (RFC 6749 section 4.1.3 code exchange, section 6 refresh), resource indicators
// (RFC 8707: the REST API `${server}` and the MCP endpoint `${server}/mcp` are separate
// audiences) and revocation (RFC 7009).
import { z } from 'zod';
import { CliError, authError, safeText } from './exit-codes.js';
import { fromHttpFailure } from './http-failure.js';
import type { HttpClient } from './http-client.js';

export const CLI_CLIENT_ID = 'rcat-cli';

export const AuthorizationServerMetadata = z.looseObject({
  issuer: z.string().optional(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  revocation_endpoint: z.url().optional(),
  scopes_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadata>;

/** RFC 8414 metadata; falls back to the spec's fixed paths (section 5.1) if there is none. */
export async function discoverAuthorizationServer(http: HttpClient, server: string): Promise<AuthorizationServerMetadata> {
  const answer = await http.requestJson(`${server}/.well-known/oauth-authorization-server`, { action: 'OAuth discovery' });
  if (answer.status === 200) {
    const parsed = AuthorizationServerMetadata.safeParse(answer.body);
    if (parsed.success) {
      sameOriginOrThrow(server, parsed.data.token_endpoint, 'token endpoint');
      checkAuthorizationUrl(server, parsed.data.authorization_endpoint);
      const meta = { ...parsed.data };
      // Revocation also carries tokens: only to the same server, else not at all.
      if (meta.revocation_endpoint && new URL(meta.revocation_endpoint).origin !== new URL(server).origin) delete meta.revocation_endpoint;
      return meta;
    }
  }
  if (answer.status >= 500) throw new CliError('unavailable', `The server is unavailable (HTTP ${answer.status}). Retry later.`);
  return {
    authorization_endpoint: `${server}/en/connect/authorize`,
    token_endpoint: `${server}/api/agent/oauth/token`,
  };
}

/** Tokens only ever go to the server the user named, never to a URL a document points at. */
/**
 * The CLI opens a browser only at the server's own origin, over https (or http to a loopback
 * server, as the server address itself allows: ./server-address.ts): metadata naming another
 * host or scheme (`javascript:`, `file:`, a look-alike host) would send the user, and their
 * password, somewhere else. Checked when the metadata is read and again before any URL is
 * handed to the OS opener.
 */
export function checkAuthorizationUrl(server: string, url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError('error', 'The server\'s OAuth metadata names an authorization endpoint that is not a URL; refusing to open it.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new CliError('error', `The server's OAuth metadata names an authorization endpoint with the scheme "${safeText(parsed.protocol, 20)}"; refusing to open it (only https, or http to a loopback server, is opened).`);
  }
  sameOriginOrThrow(server, url, 'authorization endpoint', 'refusing to open it in your browser');
}

function sameOriginOrThrow(server: string, url: string, what: string, refusal = 'refusing to send tokens there'): void {
  if (new URL(url).origin !== new URL(server).origin) {
    throw new CliError('error', `The server's OAuth metadata names a${/^[aeiou]/.test(what) ? 'n' : ''} ${what} on another host (${safeText(new URL(url).origin, 100)}); ${refusal}.`);
  }
}

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().nonnegative().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().nonnegative().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

const TokenError = z.looseObject({ error: z.string(), error_description: z.string().optional() });

/** POSTs to the token endpoint; OAuth errors become exit 4 (auth) with the server's reason. */
export async function tokenRequest(http: HttpClient, tokenEndpoint: string, form: Record<string, string | string[]>, action: string): Promise<TokenResponse> {
  const answer = await http.requestJson(tokenEndpoint, { form, action });
  if (answer.status === 200) {
    const parsed = TokenResponse.safeParse(answer.body);
    if (parsed.success && parsed.data.token_type.toLowerCase() === 'bearer') return parsed.data;
    throw new CliError('error', `The token endpoint's answer to ${action} is not an OAuth bearer token response.`);
  }
  if (answer.status === 429 || answer.status >= 500) {
    throw fromHttpFailure({ ...answer, action });
  }
  const error = TokenError.safeParse(answer.body);
  const reason = error.success ? `${safeText(error.data.error, 60)}${error.data.error_description ? `: ${safeText(error.data.error_description)}` : ''}` : `HTTP ${answer.status}`;
  throw authError(`The server refused the ${action} (${reason}).`);
}

export function expiresAtFrom(seconds: number | undefined, now: Date = new Date()): string | null {
  return seconds === undefined ? null : new Date(now.getTime() + seconds * 1000).toISOString();
}

/** RFC 7009: best effort; returns false when there is no endpoint or the server refused. */
export async function revokeToken(
  http: HttpClient,
  revocationEndpoint: string | undefined,
  token: string,
  hint: 'access_token' | 'refresh_token',
  clientId: string = CLI_CLIENT_ID,
): Promise<boolean> {
  if (!revocationEndpoint) return false;
  try {
    const answer = await http.requestJson(revocationEndpoint, {
      form: { token, token_type_hint: hint, client_id: clientId },
      action: 'token revocation',
    });
    return answer.status === 200;
  } catch {
    return false;
  }
}
