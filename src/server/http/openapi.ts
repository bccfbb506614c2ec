// Serves the OpenAPI 3.1 description of the REST interface (built in ./openapi-document.ts).
import { Router } from 'express';
import type { AppDeps } from './app-deps.js';
import { openApiDocument } from './openapi-document.js';

export function createOpenApiRouter(deps: AppDeps): Router {
  const router = Router();
  const document = openApiDocument(deps.config.baseUrl);
  router.get('/api/agent/openapi.json', (_req, res) => {
    res.json(document);
  });
  return router;
}
