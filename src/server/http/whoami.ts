// GET /api/agent/whoami (src/shared/whoami.ts): the account and scopes of the calling token.
// Any valid token may ask (no scope needed) and it costs no units: it discloses nothing from
// the catalogue, only what the token's holder already has.
import { Router } from 'express';
import type { WhoAmI } from '../../shared/whoami.js';
import type { AppDeps } from '../deps.js';
import { bearerGate } from '../auth/gate.js';
import { strictQuery } from './query-params.js';

export function createWhoAmIRouter(deps: Pick<AppDeps, 'config' | 'verifiers' | 'limiter' | 'now'>): Router {
  const router = Router();
  const gate = bearerGate(deps, 'rest');
  router.get('/api/agent/whoami', async (req, res) => {
    const principal = await gate.authenticate(req);
    strictQuery(req, []);
    const body: WhoAmI = {
      account: { email: principal.account.email, name: principal.account.name || null },
      token: {
        kind: principal.tokenKind,
        scopes: principal.scopes,
        expiresAt: principal.expiresAt,
        clientId: principal.clientId ?? null,
      },
    };
    res.json(body);
  });
  return router;
}
