// Errors on pages become HTML pages (not JSON problems): same status codes as the API, a
// plain-words message (the table: src/server/error-answers.ts), Retry-After on 429, and never a
// stack trace (details of 5xx are logged).
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { appErrorOf, pageAnswer } from '../error-answers.js';
import { AppError } from '../errors.js';
import { html, renderPage } from './html.js';
import { sendHtml, setPageSecurityHeaders } from './page-security.js';

/** Parses url-encoded form bodies of pages: small, flat (no nested objects). */
export const pageForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

export function renderErrorPage(req: Request, res: Response, error: AppError): void {
  const { status, headers, title, detail, retryAfter } = pageAnswer(error);
  setPageSecurityHeaders(res);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  const body = html`<h1>${title}</h1>
    <p class="notice">${detail}</p>
    ${retryAfter !== undefined ? html`<p>You can try again in ${retryAfter} second(s).</p>` : ''}
    <p><a href="/en/guides">Go to the guides</a></p>`;
  sendHtml(res, status, renderPage({ title, body, account: req.webAccount ?? null, csrfToken: req.webSession?.csrfToken }));
}

/** Last middleware of a page router: renders AppErrors as pages; anything else is a logged 500. */
export function pageErrorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const appError = appErrorOf(error, 'form');
    if (appError) {
      if (appError.status >= 500) log(`${appError.code}: ${appError.options.detail ?? appError.message}`);
      renderErrorPage(req, res, appError);
      return;
    }
    log(`internal error on page ${req.method} ${req.path}: ${(error as Error)?.stack ?? String(error)}`);
    renderErrorPage(req, res, new AppError(500, 'internal_error', 'Internal server error'));
  };
}
