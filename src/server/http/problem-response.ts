// One serializer for every 4xx/5xx: RFC 9457 problem details with a stable `code`.
// 5xx details are never shown to the client; unexpected errors are logged to stderr.
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { PROBLEM_CONTENT_TYPE, type Problem } from '../../shared/problem.js';
import { AppError } from '../errors.js';

/**
 * Writes the problem on a plain node:http response (an Express response is one too), so the
 * REST routes served outside Express (./rest.ts) answer errors exactly as every other route.
 */
export function sendProblem(res: ServerResponse, error: AppError): void {
  const { status, code, options } = error;
  for (const [k, v] of Object.entries(options.headers ?? {})) {
    if (!k.startsWith('x-rcat-')) res.setHeader(k, v);
  }
  if (options.retryAfter !== undefined) res.setHeader('Retry-After', String(options.retryAfter));
  const body: Problem = {
    type: `https://rcat.invalid/problems/${code}`,
    title: error.message,
    status,
    code,
    ...(options.detail ? { detail: options.detail } : {}),
    ...(options.errors ? { errors: options.errors } : {}),
    ...(options.requiredScope ? { requiredScope: options.requiredScope } : {}),
    ...(options.retryAfter !== undefined ? { retryAfter: options.retryAfter } : {}),
  };
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json); // no body on HEAD: node:http leaves it out
}

/** Maps errors thrown by Express itself (body parser etc.) to client errors. */
function fromHttpError(error: unknown): AppError | null {
  const e = error as { status?: number; statusCode?: number; type?: string; expose?: boolean };
  const status = e?.status ?? e?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (status === 413) return new AppError(413, 'payload_too_large', 'Payload too large', { detail: 'The request body is too large.' });
  if (status === 415) return new AppError(415, 'unsupported_media_type', 'Unsupported media type', { detail: 'Unsupported content type.' });
  return new AppError(400, 'invalid_request', 'Invalid request', { detail: e.type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : 'The request could not be read.' });
}

/** Answers any thrown value: a client error as it is, a server error logged and without details. */
export function respondWithError(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  const appError = error instanceof AppError ? error : fromHttpError(error);
  if (res.headersSent) {
    res.end();
    return;
  }
  if (appError) {
    if (appError.status >= 500) log(`${appError.code}: ${appError.options.detail ?? appError.message}`);
    sendProblem(res, appError.status >= 500 ? new AppError(appError.status, appError.code, appError.message, {
      detail: appError.status === 503 ? 'Access controls are unavailable; retry later.' : undefined,
      retryAfter: appError.options.retryAfter,
    }) : appError);
    return;
  }
  log(`internal error: ${(error as Error)?.stack ?? String(error)}`);
  sendProblem(res, new AppError(500, 'internal_error', 'Internal server error', { detail: 'Something went wrong on our side.' }));
}

export function problemErrorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => respondWithError(res, error, log);
}
