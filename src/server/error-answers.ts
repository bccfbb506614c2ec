// How every interface answers an error, in one place: one table of codes (src/shared/problem.ts
// names them), and one mapping from an AppError to each dialect's answer:
//  - problem+json (RFC 9457) for the REST API and every other JSON route (src/server/http/);
//  - an HTML page for the pages (src/server/web/page-errors.ts renders it);
//  - a JSON-RPC error for /mcp's HTTP-level refusals, an isError tool result for a tool's
//    failures (src/server/mcp/);
//  - an OAuth error (RFC 6749 section 5.2) for the token, revocation and registration endpoints.
// A client's mistake keeps its own status and words; a server error is logged by the caller and
// answered without details (never a stack trace).
import { OAuthError, ServerError, TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { ErrorCode, Problem } from '../shared/problem.js';
import { AppError } from './errors.js';

interface CodeRow {
  /** The problem title (RFC 9457 `title`) and the JSON-RPC message's first words. */
  title: string;
  /** The heading of an error page. */
  page: string;
}

/** The one table of codes. Statuses travel on the AppError (the code names the kind of failure). */
export const ERROR_TABLE: Readonly<Record<ErrorCode, CodeRow>> = {
  invalid_request: { title: 'Invalid request', page: 'This request could not be read' },
  unauthorized: { title: 'Unauthorized', page: 'Request not possible' },
  token_expired: { title: 'Unauthorized', page: 'Request not possible' },
  token_revoked: { title: 'Unauthorized', page: 'Request not possible' },
  forbidden: { title: 'Forbidden', page: 'Not allowed' },
  insufficient_scope: { title: 'Forbidden', page: 'Not allowed' },
  account_disabled: { title: 'Forbidden', page: 'Not allowed' },
  not_found: { title: 'Not found', page: 'Page not found' },
  conflict: { title: 'Conflict', page: 'Request not possible' },
  method_not_allowed: { title: 'Method not allowed', page: 'Method not allowed' },
  payload_too_large: { title: 'Payload too large', page: 'Too much data' },
  unsupported_media_type: { title: 'Unsupported media type', page: 'Request not possible' },
  rate_limited: { title: 'Too many requests', page: 'Too many requests' },
  unavailable: { title: 'Service unavailable', page: 'Temporarily unavailable' },
  internal_error: { title: 'Internal server error', page: 'Something went wrong' },
};

/** What a client is told when the store or the limiter cannot be reached (spec 4.1 "503"). */
export const UNAVAILABLE_DETAIL = 'Access controls are unavailable; retry later.';

/**
 * Anything thrown, as an AppError when it is a client's mistake or a known server condition:
 * an AppError as it is; an Express or body-parser error (a 4xx `status`) as 413 or 400, with
 * words for what was being read (a JSON body, a form). Anything else is null: an internal error.
 */
export function appErrorOf(error: unknown, reading: 'body' | 'form' = 'body'): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as { status?: number; statusCode?: number; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (reading === 'form') {
    return status === 413
      ? new AppError(413, 'payload_too_large', 'Invalid request', { detail: 'The form is too large.' })
      : new AppError(400, 'invalid_request', 'Invalid request', { detail: 'The form could not be read.' });
  }
  if (status === 413) return new AppError(413, 'payload_too_large', 'Payload too large', { detail: 'The request body is too large.' });
  if (status === 415) return new AppError(415, 'unsupported_media_type', 'Unsupported media type', { detail: 'Unsupported content type.' });
  return new AppError(400, 'invalid_request', 'Invalid request', { detail: e.type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : 'The request could not be read.' });
}

/** The AppError a client may see: a server error keeps its status and code, loses its details. */
export function shownToClient(error: AppError): AppError {
  if (error.status < 500) return error;
  return new AppError(error.status, error.code, error.message, {
    detail: error.status === 503 ? UNAVAILABLE_DETAIL : undefined,
    retryAfter: error.options.retryAfter,
  });
}

/** Headers an error carries that a client may see (the x-rcat- ones are internal markers). */
export function clientHeaders(error: AppError, options: { challenge?: boolean } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(error.options.headers ?? {})) {
    const name = k.toLowerCase();
    if (name.startsWith('x-rcat-') || (options.challenge === false && name === 'www-authenticate')) continue;
    headers[k] = v;
  }
  if (error.options.retryAfter !== undefined) headers['Retry-After'] = String(error.options.retryAfter);
  return headers;
}

/** problem+json: status, headers and the RFC 9457 body (of an error fit to show: see shownToClient). */
export function problemAnswer(shown: AppError): { status: number; headers: Record<string, string>; body: Problem } {
  const { status, code, options } = shown;
  const body: Problem = {
    type: `https://rcat.invalid/problems/${code}`,
    title: shown.message,
    status,
    code,
    ...(options.detail ? { detail: options.detail } : {}),
    ...(options.errors ? { errors: options.errors } : {}),
    ...(options.requiredScope ? { requiredScope: options.requiredScope } : {}),
    ...(options.retryAfter !== undefined ? { retryAfter: options.retryAfter } : {}),
  };
  return { status, headers: clientHeaders(shown), body };
}

/** An error page: status, headers (no bearer challenge: pages never take tokens), heading and words. */
export function pageAnswer(error: AppError): { status: number; headers: Record<string, string>; title: string; detail: string; retryAfter?: number } {
  const detail =
    error.status >= 500
      ? error.status === 503
        ? 'Access controls are unavailable right now; please retry in a little while.'
        : 'Something went wrong on our side. Please try again later.'
      : (error.options.detail ?? error.message);
  const title = ERROR_TABLE[error.code]?.page ?? (error.status >= 500 ? 'Something went wrong' : 'Request not possible');
  return { status: error.status, headers: clientHeaders(error, { challenge: false }), title, detail, retryAfter: error.options.retryAfter };
}

/** JSON-RPC 2.0 error codes (section 5.1); -32000 is the start of the server-error range. */
export const JSON_RPC = { parseError: -32700, invalidRequest: -32600, invalidParams: -32602, internalError: -32603, serverError: -32000 } as const;

/** An HTTP-level JSON-RPC error answer of /mcp: status, code, message and our stable problem code. */
export interface JsonRpcHttpError {
  status: number;
  rpcCode: number;
  message: string;
  id?: string | number | null;
  code?: ErrorCode;
  headers?: Record<string, string>;
  data?: Record<string, unknown>;
}

/** /mcp refuses a request over HTTP (authentication, scope, limits, outage) with this JSON-RPC error. */
export function jsonRpcAnswer(error: AppError): JsonRpcHttpError {
  const detail = error.status >= 500 ? UNAVAILABLE_DETAIL : (error.options.detail ?? error.message);
  return {
    status: error.status,
    rpcCode: JSON_RPC.serverError,
    code: error.code,
    message: `${error.message}: ${detail}`,
    headers: clientHeaders(error),
  };
}

/** A tool's failure, as an isError result says it: stable code, words for a model, retryAfter. */
export function toolFailureAnswer(error: AppError): { code: ErrorCode; message: string; retryAfter?: number } {
  if (error.status === 503) return { code: 'unavailable', message: 'The service is temporarily unavailable; retry later.', retryAfter: error.options.retryAfter ?? 5 };
  if (error.status >= 500) return { code: 'internal_error', message: 'Something went wrong on our side; nothing was saved. Try again later.' };
  if (error.code === 'rate_limited') {
    const seconds = error.options.retryAfter ?? 1;
    const which = error.options.limit ? `the ${error.options.limit.replace(/-/g, ' ')} limit` : 'a usage limit';
    return {
      code: 'rate_limited',
      message: `Rate limit reached (${which}; limits are shared by the REST API, the website and these tools). Retry after ${seconds} second(s). Nothing was disclosed or saved by this call.`,
      retryAfter: seconds,
    };
  }
  return { code: error.code, message: error.options.detail ?? error.message };
}

/** RFC 6749 section 5.2 status of an OAuth error: 400 in general, 401 for invalid_client. */
export function oauthStatus(error: OAuthError): number {
  if (error instanceof ServerError) return 500;
  if (error instanceof TemporarilyUnavailableError) return 503;
  if (error.errorCode === 'invalid_client') return 401;
  if (error.errorCode === 'method_not_allowed') return 405;
  return 400;
}

/** Anything thrown at an OAuth endpoint, as an OAuth error (an outage is 503, never a stack). */
export function oauthAnswer(error: unknown, log: (line: string) => void): OAuthError {
  if (error instanceof OAuthError) return error;
  if (error instanceof AppError && error.status === 503) return new TemporarilyUnavailableError('The authorization server is temporarily unavailable; retry later.');
  log(`oauth internal error: ${(error as Error)?.stack ?? String(error)}`);
  return new ServerError('Something went wrong on our side.');
}
