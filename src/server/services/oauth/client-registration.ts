// Dynamic client registration (RFC 7591) for MCP hosts that register themselves: what a
// registration may contain, and the bounds on registrations nobody used. Registration is an
// unauthenticated write, so everything in it is bounded (each field, the whole record) and well
// formed (the one Unicode validator, src/shared/unicode.ts), and registrations that never led to
// an authorization lapse and are capped per source and in total (REGISTRATION_LIMITS; the store
// applies them atomically). Client secrets are kept only as SHA-256 hashes: the client gets its
// secret once, in the response.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { InvalidClientMetadataError, TooManyRequestsError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { OAuthClientMetadataSchema, type OAuthClientInformationFull, type OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { checkScopes } from '../../../shared/scopes.js';
import { malformedStringAt } from '../../../shared/unicode.js';
import type { Store } from '../../store/ports/index.js';
import type { OAuthClientRecord } from '../../store/ports/oauth.js';
import { throttledNetwork } from '../throttling/client-address.js';
import { hashSecret } from '../token-secrets.js';
import { clientNameProblem } from './client-name.js';
import { GRANT_TYPES, REGISTRATION_LIMITS, RESERVED_CLIENT_NAMES, TOKEN_AUTH_METHODS, toClientInformation } from './clients.js';
import { MAX_REDIRECT_URIS, redirectUriProblem } from './redirect-uris.js';

/** Bounds of the optional fields kept and echoed back (RFC 7591 section 2). */
export const REGISTRATION_FIELD_LIMITS = {
  /** client_uri, logo_uri, tos_uri, policy_uri: each an http(s) URL of at most this many characters. */
  uri: 512,
  scope: 200,
  contacts: 5,
  contact: 254,
  /** software_id, software_version. */
  software: 100,
  /** The whole registration as stored (JSON characters). */
  record: 4096,
} as const;

/** RFC 7591 section 3.2.2: the error for a redirect URI the server will not accept. */
export class InvalidRedirectUriError extends InvalidClientMetadataError {
  static override errorCode = 'invalid_redirect_uri';
}

/** Refused by the cap on unused registrations per source: 429 with Retry-After (whole seconds). */
export class RegistrationRefused extends TooManyRequestsError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many registrations from this network were never used; retry after ${retryAfterSeconds} second(s), or use one you registered.`);
  }
}

const URI_FIELDS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function invalid(message: string): InvalidClientMetadataError {
  return new InvalidClientMetadataError(message);
}

/** The metadata as the SDK's RFC 7591 schema reads it, after the Unicode check of every string. */
function parseMetadata(body: unknown): OAuthClientMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The registration request must be a JSON object (RFC 7591).');
  const malformed = malformedStringAt(body);
  if (malformed !== null) throw invalid(`${malformed} is not well-formed Unicode (a lone surrogate)`);
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`${issue?.path.join('.') || 'the registration'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function checkRedirectUris(uris: readonly string[]): void {
  if (uris.length === 0) throw invalid('redirect_uris must name at least one redirect URI');
  if (uris.length > MAX_REDIRECT_URIS) throw invalid(`at most ${MAX_REDIRECT_URIS} redirect_uris`);
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidRedirectUriError(`redirect URI ${JSON.stringify(uri.slice(0, 200))}: ${problem}`);
  }
}

function checkGrants(input: OAuthClientMetadata): string {
  const method = input.token_endpoint_auth_method ?? 'client_secret_basic'; // RFC 7591 section 2 default
  if (!(TOKEN_AUTH_METHODS as readonly string[]).includes(method)) throw invalid(`token_endpoint_auth_method must be one of ${TOKEN_AUTH_METHODS.join(', ')}`);
  const grantTypes = input.grant_types ?? ['authorization_code'];
  const unsupported = grantTypes.filter((g) => !GRANT_TYPES.includes(g));
  if (unsupported.length > 0 || !grantTypes.includes('authorization_code')) {
    throw invalid(`grant_types may only be authorization_code and refresh_token (got ${unsupported.join(', ').slice(0, 100) || 'none'})`);
  }
  if ((input.response_types ?? ['code']).some((r) => r !== 'code')) throw invalid('response_types may only be "code"');
  return method;
}

function uriProblem(value: string): string | null {
  if (value.length > REGISTRATION_FIELD_LIMITS.uri) return `longer than ${REGISTRATION_FIELD_LIMITS.uri} characters`;
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return 'contains spaces or control characters';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be an http or https URL';
  } catch {
    return 'not an absolute URL';
  }
}

/** The optional fields kept (RFC 7591 section 2), each bounded; anything malformed is refused, not dropped. */
function keptMetadata(input: OAuthClientMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of URI_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    const problem = uriProblem(value);
    if (problem) throw invalid(`${key}: ${problem}`);
    out[key] = value;
  }
  if (input.scope !== undefined) {
    if (input.scope.length > REGISTRATION_FIELD_LIMITS.scope) throw invalid(`scope must be at most ${REGISTRATION_FIELD_LIMITS.scope} characters`);
    const scopes = checkScopes(input.scope.split(' '), { unknownAllowed: true });
    if (!scopes.ok) throw invalid(`scope is malformed: ${scopes.problem}`);
    out.scope = input.scope;
  }
  if (input.contacts !== undefined) {
    const { contacts } = input;
    if (contacts.length > REGISTRATION_FIELD_LIMITS.contacts) throw invalid(`at most ${REGISTRATION_FIELD_LIMITS.contacts} contacts`);
    if (contacts.some((c) => c.length === 0 || c.length > REGISTRATION_FIELD_LIMITS.contact || CONTROL.test(c))) {
      throw invalid(`each contact must be 1 to ${REGISTRATION_FIELD_LIMITS.contact} characters without control characters`);
    }
    out.contacts = [...contacts];
  }
  for (const key of ['software_id', 'software_version'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value.length > REGISTRATION_FIELD_LIMITS.software || CONTROL.test(value)) throw invalid(`${key} must be at most ${REGISTRATION_FIELD_LIMITS.software} characters without control characters`);
    out[key] = value;
  }
  return out;
}

/** The registration's source: a hash of the caller's network (IPv6 by its /64), never the address. */
export function registrationSource(ip: string | undefined): string {
  return createHash('sha256').update(`oauth-registration\n${throttledNetwork(ip)}`).digest('hex');
}

export class ClientRegistrations {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  /** Registers a client from a parsed JSON body; throws an OAuth error (RegistrationRefused: 429). */
  async register(body: unknown, callerIp: string | undefined): Promise<OAuthClientInformationFull> {
    const input = parseMetadata(body);
    checkRedirectUris(input.redirect_uris);
    const method = checkGrants(input);
    const name = input.client_name ?? 'Unnamed application';
    const nameProblem = clientNameProblem(name, RESERVED_CLIENT_NAMES);
    if (nameProblem) throw invalid(nameProblem);
    const isPublic = method === 'none';
    const secret = isPublic ? null : randomBytes(32).toString('hex');
    const now = this.now();
    const record: OAuthClientRecord = {
      clientId: randomUUID(),
      clientSecretHash: secret === null ? null : hashSecret(secret),
      clientSecretExpiresAt: 0, // secrets do not expire: MCP hosts rarely re-register
      clientName: name.trim(),
      redirectUris: [...input.redirect_uris],
      tokenEndpointAuthMethod: method,
      // RFC 7591 section 3.2.1 lets the server adjust registered values: every client may use
      // rotating refresh tokens, so hosts that omit grant_types still stay connected.
      grantTypes: GRANT_TYPES,
      metadata: keptMetadata(input),
      createdAt: now.toISOString(),
      registeredFrom: registrationSource(callerIp),
    };
    if (JSON.stringify(record).length > REGISTRATION_FIELD_LIMITS.record) throw invalid(`the registration is too large (at most ${REGISTRATION_FIELD_LIMITS.record} characters as stored)`);
    const admission = await this.store.oauth.insertClient(record, REGISTRATION_LIMITS, now);
    if (!admission.admitted) throw new RegistrationRefused(Math.ceil(admission.retryAfterMs / 1000));
    return {
      ...toClientInformation(record),
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
    };
  }
}
