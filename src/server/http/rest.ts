// REST read API (spec 4.1, 4.2): thin routes over the catalogue service, behind bearer auth,
// scope checks and limits decided before the route's own code runs.
import { Router } from 'express';
import { z } from 'zod';
import { EntityId, SearchQuery } from '../../shared/schemas.js';
import { invalidRequest, notFound } from '../errors.js';
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

export function createRestRouter(deps: AppDeps): Router {
  const router = Router();
  const auth = authenticated(deps, deps.config.baseUrl);

  router.get(REST_PATHS.search, async (req, res) => {
    const principal = await auth.principal(req, 'catalog:read');
    const query = parseParam(SearchQuery, 'query', strictQuery(req, ['query']).query);
    const body = deps.services.catalogue.search(query);
    const json = JSON.stringify(body); // once: its size is part of the cost, then it is the answer
    await auth.charge(res, principal, deps.services.catalogue.searchCost(body, Buffer.byteLength(json)));
    res.type('application/json').send(json);
  });

  router.get(REST_PATHS.record, async (req, res) => {
    const principal = await auth.principal(req, 'catalog:read');
    const id = parseParam(EntityId, 'id', strictQuery(req, ['id']).id);
    const record = deps.services.catalogue.record(id);
    const json = record ? JSON.stringify(record) : '';
    // A miss still counts as a request (no free probing), but discloses nothing: 0 units.
    await auth.charge(res, principal, deps.services.catalogue.recordCost(record, Buffer.byteLength(json)));
    if (!record) throw notFound(`No record ${id} in this catalogue.`);
    res.type('application/json').send(json);
  });

  return router;
}
