// Server-rendered pages under /en/… (issue 4) and their assets. Every page gets the page
// security headers; forms are small url-encoded bodies; errors become HTML pages. Pages read
// only the session cookie (session.ts), never the Authorization header.
import { Router } from 'express';
import { AppError } from '../errors.js';
import type { WebDeps } from './web-deps.js';
import { mountAssets } from './assets.js';
import { pageErrorHandler, pageForm } from './page-errors.js';
import { pageSecurity } from './page-security.js';
import { mountAccount } from './routes/account.js';
import { mountAgentConnections } from './routes/agent-connections.js';
import { mountAuthorize } from './routes/authorize.js';
import { mountCollections } from './routes/collections.js';
import { mountGuides } from './routes/guides.js';
import { mountRecordPages } from './routes/record.js';
import { mountSearchPage } from './routes/search.js';
import { mountSignIn } from './routes/sign-in.js';

export function createWebRouter(deps: WebDeps): Router {
  const router = Router();
  mountAssets(router);
  router.use((req, res, next) => {
    if (req.path === '/' || /^\/en(\/|$)/.test(req.path)) pageSecurity(req, res, next);
    else next();
  });
  router.post(/^\/en\//, pageForm);
  mountGuides(router, deps);
  mountSignIn(router, deps);
  mountAccount(router, deps);
  mountAgentConnections(router, deps);
  mountCollections(router, deps);
  mountSearchPage(router, deps);
  mountRecordPages(router, deps);
  mountAuthorize(router, deps);
  // Any other /en/… address is a page-style 404, not a JSON problem.
  router.use((req, _res, next) => {
    if (/^\/en(\/|$)/.test(req.path)) next(new AppError(404, 'not_found', 'Not found', { detail: 'There is no page at this address.' }));
    else next();
  });
  router.use(pageErrorHandler(deps.log));
  return router;
}
