// A non-2xx answer from the REST API, the token endpoint or /mcp, as a CliError: the status
// decides the class (spec section 7), the RFC 9457 problem body only adds detail. Kept apart
// from exit-codes.ts because it reads the body with the shared (zod) schema, which a command
// loads only once it talks to a server.
import { Problem } from '../shared/problem.js';
import { CliError, authError, describeWait, parseRetryAfter, safeText } from './exit-codes.js';

export interface HttpFailure {
  status: number;
  headers: { get(name: string): string | null };
  /** Parsed JSON body when there was one. */
  body: unknown;
  /** What was being done, for the message: "search", "fetch technique:…". */
  action: string;
}

/**
 * Converts a non-2xx answer from the REST API, the token endpoint or /mcp into a CliError.
 * The status decides the class (spec section 7); the RFC 9457 body only adds detail.
 */
export function fromHttpFailure(failure: HttpFailure): CliError {
  const parsed = Problem.safeParse(failure.body);
  const problem = parsed.success ? parsed.data : undefined;
  const detail = problem?.detail ? safeText(problem.detail) : undefined;
  const { status, action } = failure;
  if (status === 400) {
    const params = problem?.errors?.map((e) => `${safeText(e.parameter, 40)}: ${safeText(e.message, 200)}`).join('; ');
    return new CliError('usage', `The server rejected the ${action} request: ${params || detail || 'invalid request'}.`);
  }
  if (status === 401) {
    return authError(`Not signed in, or the token was rejected by the server${detail ? ` (${detail})` : ''}.`);
  }
  if (status === 403) {
    const scope = problem?.requiredScope ?? scopeFromChallenge(failure.headers.get('www-authenticate'));
    if (scope) {
      return new CliError('forbidden', `This token lacks the scope "${safeText(scope, 60)}" needed for ${action}.`, {
        requiredScope: scope,
        hint: `Sign in again with that scope: rcat login --scopes "${safeText(scope, 60)}" (or create an agent token that includes it).`,
      });
    }
    return new CliError('forbidden', `Access denied for ${action}${detail ? `: ${detail}` : '.'}`);
  }
  if (status === 404) return new CliError('notFound', `Not found: ${detail ?? action}`);
  if (status === 429) {
    const retryAfter = parseRetryAfter(failure.headers.get('retry-after')) ?? problem?.retryAfter;
    const when = retryAfter !== undefined ? `Retry in ${describeWait(retryAfter)}.` : 'Retry later.';
    return new CliError('rateLimited', `Rate limit reached for ${action}${detail ? ` (${detail})` : ''}. ${when}`, {
      retryAfter,
      hint: 'Limits are shared across your sessions, tokens, the website and the APIs; `rcat status` shows usage.',
    });
  }
  if (status === 503 || status === 502 || status === 504) {
    const retryAfter = parseRetryAfter(failure.headers.get('retry-after'));
    return new CliError('unavailable', `The server is unavailable (HTTP ${status}). ${retryAfter !== undefined ? `Retry in ${describeWait(retryAfter)}.` : 'Retry later.'}`, { retryAfter });
  }
  if (status >= 500) return new CliError('unavailable', `The server failed (HTTP ${status}) during ${action}. Retry later.`);
  return new CliError('error', `Unexpected answer (HTTP ${status}) during ${action}${detail ? `: ${detail}` : '.'}`);
}

/** RFC 6750 section 3: `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`. */
function scopeFromChallenge(header: string | null): string | undefined {
  if (!header || !/error="insufficient_scope"/.test(header)) return undefined;
  return /scope="([^"]*)"/.exec(header)?.[1];
}
