// The one error body of the REST API: RFC 9457 problem details with a stable `code`.
import { z } from 'zod';

export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'token_expired',
  'token_revoked',
  'forbidden',
  'insufficient_scope',
  'account_disabled',
  'not_found',
  'conflict',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  detail: z.string().optional(),
  /** For invalid_request: which parameters and why. */
  errors: z.array(z.object({ parameter: z.string(), message: z.string() })).optional(),
  /** For insufficient_scope: the scope that is needed. */
  requiredScope: z.string().optional(),
  /** For rate_limited: seconds before retrying (same as the Retry-After header). */
  retryAfter: z.number().int().optional(),
  /** For rate_limited: the window that refused (`account-day`, `company-minute`, …; the RateLimit header's policy name). */
  limit: z.string().optional(),
});
export type Problem = z.infer<typeof Problem>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
