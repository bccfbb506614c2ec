// The shapes of what the CLI keeps on disk and in the keychain, as zod schemas: loaded when a
// document is written, or read and not recognised by ./credential-shapes.ts (which reads the
// usual ones without zod, so `rcat mcp` and the read commands need not load it).
import { z } from 'zod';

const TimedToken = z.object({ accessToken: z.string().min(1), expiresAt: z.string().nullable() });

export const StoredCredential = z.object({
  kind: z.enum(['agent', 'oauth']),
  /** The token for the REST API (resource = the server origin); for agent tokens, for everything. */
  accessToken: z.string().min(1),
  /** ISO time the access token expires; null when unknown. */
  expiresAt: z.string().nullable(),
  refreshToken: z.string().min(1).optional(),
  /** ISO time the refresh token (the sign-in itself) expires, when the server says. */
  refreshExpiresAt: z.string().nullable().optional(),
  scopes: z.array(z.string()).optional(),
  account: z.object({ email: z.string().optional(), name: z.string().optional() }).optional(),
  clientId: z.string().optional(),
  tokenEndpoint: z.string().optional(),
  revocationEndpoint: z.string().optional(),
  /** The resources (RFC 8707 audiences) the main access token was issued for. */
  resources: z.array(z.string()).optional(),
  /** OAuth access tokens for any other resource, obtained with the refresh token. */
  resourceTokens: z.record(z.string(), TimedToken).optional(),
  savedAt: z.string().optional(),
});

/** config.json: the non-secret settings. */
export const Settings = z.object({
  version: z.literal(1),
  currentServer: z.string().optional(),
  storedIn: z.record(z.string(), z.enum(['keyring', 'file'])).default({}),
  fileReason: z.record(z.string(), z.enum(['insecure-storage', 'env', 'no-keychain'])).default({}),
});

/** credentials.json: one stored credential per server origin. */
export const FileDocument = z.object({ version: z.literal(1), servers: z.record(z.string(), z.unknown()) });
