// One serializer for every 4xx/5xx of the JSON routes: RFC 9457 problem details with a stable
// `code` (the mapping: src/server/error-answers.ts). 5xx details are never shown to the client;
// unexpected errors are logged.
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { PROBLEM_CONTENT_TYPE } from '../../shared/problem.js';
import { appErrorOf, problemAnswer, shownToClient } from '../error-answers.js';
import { AppError } from '../errors.js';
import { jsonText } from '../../shared/json-text.js';

/**
 * Writes the problem on a plain node:http response (an Express response is one too), so the
 * REST routes served outside Express (./rest.ts) answer errors exactly as every other route.
 */
export function sendProblem(res: ServerResponse, error: AppError): void {
  const { status, headers, body } = problemAnswer(error);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  const json = jsonText(body);
  res.statusCode = status;
  res.setHeader('Content-Type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json); // no body on HEAD: node:http leaves it out
}

/** Answers any thrown value: a client error as it is, a server error logged and without details. */
export function respondWithError(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  const appError = appErrorOf(error);
  if (res.headersSent) {
    res.end();
    return;
  }
  if (appError) {
    if (appError.status >= 500) log(`${appError.code}: ${appError.options.detail ?? appError.message}`);
    sendProblem(res, shownToClient(appError));
    return;
  }
  log(`internal error: ${(error as Error)?.stack ?? String(error)}`);
  sendProblem(res, new AppError(500, 'internal_error', 'Internal server error', { detail: 'Something went wrong on our side.' }));
}

export function problemErrorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => respondWithError(res, error, log);
}
