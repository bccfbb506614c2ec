// REST read API (spec 4.1, 4.2): the two hot GET routes, served by a plain node:http handler
// placed in front of the Express application (see src/server/app/request-listener.ts). They need none of Express's
// request and response decoration, and its router and middleware chain cost more per request
// than the search itself on a cached answer (docs/benchmarks.md). The behaviour is that of every
// other route: same security headers, same problem bodies (./problem-response.ts), same strict
// query parsing (./query-params.ts), same bearer gate and limits (src/server/auth/gate.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { EntityId, SearchQuery } from '../../shared/schemas.js';
import { AppError, invalidRequest, notFound } from '../errors.js';
import type { AppDeps } from '../deps.js';
import type { Admission } from '../auth/admission.js';
import { bearerGate } from '../auth/gate.js';
import { respondWithError } from './problem-response.js';
import { rawQueryOf, strictQueryString } from './query-params.js';
import { REST_PATHS } from '../paths.js';
import { noteRoute } from '../ops/request-facts.js';
import { jsonText } from '../../shared/json-text.js';

type Operation = 'search' | 'record';

/** The routes this handler serves and their methods; the OpenAPI document describes exactly these. */
export const REST_ROUTES: readonly { path: string; operation: Operation; methods: readonly ['get'] }[] = [
  { path: REST_PATHS.search, operation: 'search', methods: ['get'] },
  { path: REST_PATHS.record, operation: 'record', methods: ['get'] },
];
const OPERATIONS = new Map(REST_ROUTES.map((r) => [r.path, r.operation]));

/** Headers every rcat answer carries (the same as createApp's first middleware). */
export const COMMON_HEADERS: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cache-Control', 'no-store'],
];

function parseParam<T>(schema: z.ZodType<T>, name: string, value: string | undefined): T {
  if (value === undefined) throw invalidRequest(`The "${name}" parameter is required.`, [{ parameter: name, message: 'required' }]);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'invalid';
    throw invalidRequest(`The "${name}" parameter ${message}.`, [{ parameter: name, message }]);
  }
  return parsed.data;
}

/** The path of a request target (origin form, or absolute form as a proxy might send it). */
function pathOf(url: string): string | null {
  if (url.charCodeAt(0) !== 47 /* "/" */) {
    try {
      return new URL(url).pathname;
    } catch {
      return null;
    }
  }
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Which operation a path names; a trailing slash is tolerated, as Express's router did. */
function operationOf(path: string): Operation | null {
  return OPERATIONS.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path) ?? null;
}

/**
 * Returns a request listener for the REST routes: it answers and returns true for a request
 * to one of them (any method: other than GET/HEAD is 405), and returns false for anything else,
 * which the caller passes on to the Express application.
 */
export function createRestHandler(deps: Pick<AppDeps, 'config' | 'verifiers' | 'limiter' | 'services' | 'now' | 'log'>): (req: IncomingMessage, res: ServerResponse) => boolean {
  const gate = bearerGate(deps, 'rest');
  const catalogue = () => deps.services.catalogue;

  async function answer(req: IncomingMessage, res: ServerResponse, operation: Operation, url: string): Promise<void> {
    // Both operations are read-only GETs (spec 4): any other method is 405 (RFC 9110 15.5.6).
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      throw new AppError(405, 'method_not_allowed', 'Method not allowed', { detail: 'This operation only answers GET (and HEAD).' });
    }
    // Only the catalogue is read before the charge, so the token may be checked by the charge
    // itself: one database round trip per request on PostgreSQL (src/server/auth/admission.ts).
    const admission = await gate.admit(req, 'catalog:read');
    let json: string;
    let bytes: number;
    if (operation === 'search') {
      const query = await parsed(admission, () => parseParam(SearchQuery, 'query', strictQueryString(rawQueryOf(url), ['query']).query));
      const found = catalogue().searchAnswer(query);
      ({ json, bytes } = found);
      await gate.chargeAdmitted(admission, found.cost, res);
    } else {
      const id = await parsed(admission, () => parseParam(EntityId, 'id', strictQueryString(rawQueryOf(url), ['id']).id));
      const record = catalogue().record(id);
      json = record ? jsonText(record) : '';
      bytes = Buffer.byteLength(json);
      // A miss still counts as a request (no free probing), but discloses nothing: 0 units.
      await gate.chargeAdmitted(admission, catalogue().recordCost(record, bytes), res);
      if (!record) throw notFound(`No record ${id} in this catalogue.`);
    }
    // One write: headers and body leave together (node:http omits the body for HEAD).
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', bytes);
    res.end(json);
  }

  /** A parameter, or its 400 once the caller is confirmed (a bad token is a 401 whatever the query). */
  async function parsed<T>(admission: Admission, parse: () => T): Promise<T> {
    try {
      return parse();
    } catch (error) {
      await gate.confirm(admission);
      throw error;
    }
  }

  return (req, res) => {
    const url = req.url ?? '/';
    const path = pathOf(url);
    const operation = path === null ? null : operationOf(path);
    if (operation === null) return false;
    noteRoute(req, REST_PATHS[operation]); // for the access log (src/server/ops/)
    for (const [name, value] of COMMON_HEADERS) res.setHeader(name, value);
    answer(req, res, operation, url).catch((error: unknown) => respondWithError(res, error, deps.log));
    return true;
  };
}
