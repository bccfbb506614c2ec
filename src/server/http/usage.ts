// GET /api/agent/usage: the caller's current usage and ceilings per window, for the account and
// its company (shape: src/shared/usage.ts). Any valid token, whatever its scopes: knowing your
// own budget discloses no catalogue record, so it costs nothing — neither units nor one of the
// per-minute requests — and a client can pace itself by it.
import { Router } from 'express';
import { UsageReport } from '../../shared/usage.js';
import { StoreUnavailableError } from '../errors.js';
import type { AppDeps } from '../deps.js';
import { bearerGate } from '../auth/gate.js';
import { strictQuery } from './query-params.js';

export function createUsageRouter(deps: Pick<AppDeps, 'config' | 'verifiers' | 'limiter' | 'now'>): Router {
  const router = Router();
  const gate = bearerGate(deps, 'rest');

  router.get('/api/agent/usage', async (req, res) => {
    const principal = await gate.authenticate(req);
    strictQuery(req, []);
    if (!deps.limiter.usage) throw new StoreUnavailableError('The limiter in use cannot report usage.');
    const report = UsageReport.parse(await deps.limiter.usage(principal.account, deps.now()));
    res.json(report);
  });

  return router;
}
