// REST read API (spec 4.1, 4.2): thin routes over the catalogue service, behind bearer auth,
// scope checks and limits decided before the route's own code runs.
import { Router, type Response } from 'express';
import { z } from 'zod';
import { EntityId, SearchQuery } from '../../shared/schemas.js';
import { AppError, invalidRequest, notFound } from '../errors.js';
import type { AppDeps } from './app-deps.js';
import { strictQuery } from './query-params.js';
import { authenticated } from './authenticated.js';
import { REST_PATHS } from './rest-paths.js';

function parseParam<T>(schema: z.ZodType<T>, name: string, value: string | undefined): T {
  if (value === undefined) throw invalidRequest(`The "${name}" parameter is required.`, [{ parameter: name, message: 'required' }]);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'invalid';
    throw invalidRequest(`The "${name}" parameter ${message}.`, [{ parameter: name, message }]);
  }
  return parsed.data;
}

/**
 * Sends a JSON string as it is: the same headers as `res.type('application/json').send(json)`
 * (which would convert a body of 1,000+ characters to a Buffer, so headers and body leave in
 * two chunks through writev), but as one string, so Node writes headers and body in one write.
 * HEAD still gets no body (Node omits it).
 */
function sendJson(res: Response, json: string, bytes: number): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes);
  res.end(json);
}

export function createRestRouter(deps: AppDeps): Router {
  const router = Router();
  const auth = authenticated(deps, deps.config.baseUrl);

  router.get(REST_PATHS.search, async (req, res) => {
    const principal = await auth.principal(req, 'catalog:read');
    const query = parseParam(SearchQuery, 'query', strictQuery(req, ['query']).query);
    const body = deps.services.catalogue.search(query);
    const json = JSON.stringify(body); // once: its size is part of the cost, then it is the answer
    const bytes = Buffer.byteLength(json);
    await auth.charge(res, principal, deps.services.catalogue.searchCost(body, bytes));
    sendJson(res, json, bytes);
  });

  router.get(REST_PATHS.record, async (req, res) => {
    const principal = await auth.principal(req, 'catalog:read');
    const id = parseParam(EntityId, 'id', strictQuery(req, ['id']).id);
    const record = deps.services.catalogue.record(id);
    const json = record ? JSON.stringify(record) : '';
    const bytes = Buffer.byteLength(json);
    // A miss still counts as a request (no free probing), but discloses nothing: 0 units.
    await auth.charge(res, principal, deps.services.catalogue.recordCost(record, bytes));
    if (!record) throw notFound(`No record ${id} in this catalogue.`);
    sendJson(res, json, bytes);
  });

  // Both operations are read-only GETs (spec 4): any other method is 405, not 404 (RFC 9110 15.5.6).
  // Mounted as middleware, not a route, so the router's routes stay exactly the two GETs that
  // the OpenAPI document describes; a GET never gets here (its route answered first).
  for (const path of [REST_PATHS.search, REST_PATHS.record]) {
    router.use(path, (req, res, next) => {
      if (req.path !== '/') return next(); // a sub-path is an unknown resource: 404
      res.setHeader('Allow', 'GET, HEAD');
      throw new AppError(405, 'method_not_allowed', 'Method not allowed', { detail: 'This operation only answers GET (and HEAD).' });
    });
  }

  return router;
}
