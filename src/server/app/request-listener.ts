// createRequestListener(deps): what the HTTP server runs for every request — the two REST read
// routes by a plain handler (src/server/http/rest.ts), POST /mcp by its plain handler
// (src/server/mcp/post.ts, the one Express's /mcp router also uses), everything else by the
// Express application.
// createApp(deps): the Express application, no listen, so tests run it on port 0.
// Order: security headers → routers (OpenAPI, whoami, usage, OAuth, /mcp, web pages) → 404 → error handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type Response } from 'express';
import { AppError } from '../errors.js';
import type { AppDeps } from '../deps.js';
import { createMcpRouter } from '../mcp/router.js';
import { mcpPostHandler } from '../mcp/post.js';
import { createOAuthRouter } from '../oauth/router.js';
import { createWebRouter } from '../web/router.js';
import { problemErrorHandler, respondWithError } from '../http/problem-response.js';
import { strictQueryParser } from '../http/query-params.js';
import { COMMON_HEADERS, createRestHandler } from '../http/rest.js';
import { createOpenApiRouter } from '../http/openapi.js';
import { createWhoAmIRouter } from '../http/whoami.js';
import { createUsageRouter } from '../http/usage.js';
import { jsonText } from '../../shared/json-text.js';
import { MCP_PATH } from '../paths.js';
import { noteRoute } from '../ops/request-facts.js';

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Every answer is Cache-Control: no-store, so ETags (a hash of each body) are wasted work.
  app.set('etag', false);
  app.set('trust proxy', deps.config.trustProxy);
  // Every query is checked like the REST routes' (well-formed UTF-8), wherever it is read.
  app.set('query parser', strictQueryParser);
  // res.json writes JSON with U+2028, U+2029 and C1 controls escaped (src/shared/json-text.ts).
  app.response.json = function json(this: Response, body: unknown) {
    if (!this.get('Content-Type')) this.type('json');
    return this.send(jsonText(body));
  };
  app.use((_req, res, next) => {
    for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
    next();
  });

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

/** POST /mcp by its plain handler: what Express's router does for it, without Express's routing. */
function mcpPostListener(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const post = mcpPostHandler(deps);
  return (req, res) => {
    const url = req.url;
    if (req.method !== 'POST' || url === undefined || !url.startsWith(MCP_PATH) || (url.length > MCP_PATH.length && url[MCP_PATH.length] !== '?')) return false;
    noteRoute(req, MCP_PATH); // for the access log (src/server/ops/)
    for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
    post(req, res).catch((error: unknown) => respondWithError(res, error, deps.log));
    return true;
  };
}

export function createRequestListener(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const rest = createRestHandler(deps);
  const mcpPost = mcpPostListener(deps);
  const app = createApp(deps);
  return (req, res) => {
    if (!rest(req, res) && !mcpPost(req, res)) app(req, res);
  };
}
