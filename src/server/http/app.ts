// createApp(deps): the Express application, no listen, so tests run it on port 0.
// Order: security headers → routers (REST, OAuth, web pages, /mcp) → 404 → error handler.
import express, { type Express } from 'express';
import { AppError } from '../errors.js';
import type { AppDeps } from './app-deps.js';
import { createMcpRouter } from '../mcp/router.js';
import { createOAuthRouter } from '../oauth/router.js';
import { createWebRouter } from '../web/router.js';
import { problemErrorHandler } from './problem-response.js';
import { createRestRouter } from './rest.js';
import { createOpenApiRouter } from './openapi.js';
import { createWhoAmIRouter } from './whoami.js';
import { createUsageRouter } from './usage.js';

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Every answer is Cache-Control: no-store, so ETags (a hash of each body) are wasted work.
  app.set('etag', false);
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  app.use(createRestRouter(deps)); // first: the hot routes pass through no other router
  app.use(createOpenApiRouter(deps));
  app.use(createWhoAmIRouter(deps));
  app.use(createUsageRouter(deps));
  app.use(createOAuthRouter(deps));
  app.use(createMcpRouter(deps));
  app.use(createWebRouter(deps));

  app.use((req, _res, next) => {
    next(new AppError(404, 'not_found', 'Not found', { detail: `No such resource: ${req.method} ${req.path}` }));
  });
  app.use(problemErrorHandler(deps.log));
  return app;
}
