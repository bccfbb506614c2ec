// Serves the OpenAPI 3.1 description of the REST interface (built in ./openapi-document.ts).
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { openApiDocument } from './openapi-document.js';
import { OPENAPI_PATH } from '../paths.js';

export function createOpenApiRouter(deps: Pick<AppDeps, 'config'>): Router {
  const router = Router();
  const document = openApiDocument(deps.config.baseUrl);
  router.get(OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  return router;
}
