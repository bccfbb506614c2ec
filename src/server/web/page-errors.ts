// Errors on pages become HTML pages (not JSON problems): same status codes as the API, a
// plain-words message, Retry-After on 429, and never a stack trace (details of 5xx are logged).
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { AppError } from '../errors.js';
import { html } from './html.js';
import { renderPage } from './html.js';
import { sendHtml, setPageSecurityHeaders } from './page-security.js';

/** Parses url-encoded form bodies of pages: small, flat (no nested objects). */
export const pageForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

const TITLES: Record<number, string> = {
  400: 'This request could not be read',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Too much data',
  429: 'Too many requests',
  503: 'Temporarily unavailable',
};

export function renderErrorPage(req: Request, res: Response, error: AppError): void {
  setPageSecurityHeaders(res);
  for (const [k, v] of Object.entries(error.options.headers ?? {})) {
    if (!k.toLowerCase().startsWith('x-rcat-') && k.toLowerCase() !== 'www-authenticate') res.setHeader(k, v);
  }
  if (error.options.retryAfter !== undefined) res.setHeader('Retry-After', String(error.options.retryAfter));
  const title = TITLES[error.status] ?? (error.status >= 500 ? 'Something went wrong' : 'Request not possible');
  const detail = error.status >= 500
    ? error.status === 503 ? 'Access controls are unavailable right now; please retry in a little while.' : 'Something went wrong on our side. Please try again later.'
    : error.options.detail ?? error.message;
  const body = html`<h1>${title}</h1>
    <p class="notice">${detail}</p>
    ${error.options.retryAfter !== undefined ? html`<p>You can try again in ${error.options.retryAfter} second(s).</p>` : ''}
    <p><a href="/en/guides">Go to the guides</a></p>`;
  sendHtml(res, error.status, renderPage({ title, body, account: req.webAccount ?? null, csrfToken: req.webSession?.csrfToken }));
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as { status?: number; statusCode?: number };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status === 413 ? 413 : 400, status === 413 ? 'payload_too_large' : 'invalid_request', 'Invalid request', {
      detail: status === 413 ? 'The form is too large.' : 'The form could not be read.',
    });
  }
  return null;
}

/** Last middleware of a page router: renders AppErrors as pages; anything else is a logged 500. */
export function pageErrorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const appError = toAppError(error);
    if (appError) {
      if (appError.status >= 500) log(`${appError.code}: ${appError.options.detail ?? appError.message}`);
      renderErrorPage(req, res, appError);
      return;
    }
    log(`internal error on page ${req.method} ${req.path}: ${(error as Error)?.stack ?? String(error)}`);
    renderErrorPage(req, res, new AppError(500, 'internal_error', 'Internal server error'));
  };
}
