// `GET /api/agent/whoami`: who a bearer token belongs to and what it may do. Used by
// `rcat login --with-token` (to check a token before saving it) and `rcat status`.
// The usage report (usage.ts) covers limits; this covers the token itself.
import { z } from 'zod';
import { SCOPES } from './scopes.js';

export const WhoAmI = z.strictObject({
  account: z.strictObject({
    email: z.string(),
    name: z.string().nullable(),
  }),
  token: z.strictObject({
    kind: z.enum(['agent', 'oauth']),
    scopes: z.array(z.enum(SCOPES)),
    /** ISO 8601 time the token expires. */
    expiresAt: z.string(),
    /** OAuth client id, for OAuth tokens. */
    clientId: z.string().nullable(),
  }),
});
export type WhoAmI = z.infer<typeof WhoAmI>;
