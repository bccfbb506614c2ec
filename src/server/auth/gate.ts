// The per-request gate shared by REST routes (and reused by /mcp): authenticate, check the
// scope, then charge the limits ledger. Validation failures happen between the two, so a
// request that fails authentication or validation never costs anything.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Scope } from '../../shared/scopes.js';
import { type Admission, admissionGate } from './admission.js';
import { authenticate, requireScope } from './bearer.js';
import type { BearerVerifier, Principal } from './principal.js';
import { AppError } from '../errors.js';
import type { LimitCost, LimitDecision, Limiter } from '../limits/limiter.js';

export function protectedResourceMetadataUrl(baseUrl: string, resourcePath = ''): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${resourcePath}`;
}

/** What the gate needs of the application's dependencies (src/server/deps.ts), and no more. */
export interface GateDeps {
  config: { baseUrl: string };
  /** Bearer verifiers tried in order (agent tokens, OAuth access tokens). */
  verifiers: BearerVerifier[];
  limiter: Limiter;
  now: () => Date;
}

export function authenticated(deps: GateDeps, resource: string, resourcePath = '') {
  const options = {
    verifiers: deps.verifiers,
    resource,
    resourceMetadataUrl: protectedResourceMetadataUrl(deps.config.baseUrl, resourcePath),
    now: deps.now,
  };
  const principal = async (req: Pick<IncomingMessage, 'headers'>, scope: Scope): Promise<Principal> => {
    const found = await authenticate(req, options);
    requireScope(found, scope, options.resourceMetadataUrl);
    return found;
  };
  // admit / chargeAdmitted / confirm: the one-round-trip path for catalogue reads (./admission.ts).
  const admission = admissionGate(deps, options, principal);
  return {
    options,
    principal,
    async charge(res: ServerResponse, principal: Principal, cost: LimitCost): Promise<void> {
      applyDecision(res, await deps.limiter.charge(principal.account, cost, deps.now()));
    },
    admit: admission.admit,
    confirm: admission.confirm,
    chargeAdmitted: (res: ServerResponse, admitted: Admission, cost: LimitCost) => admission.chargeAdmitted(admitted, cost, (decision) => applyDecision(res, decision)),
  };
}

/** Rate-limit headers on the answer, whether or not the charge was admitted; 429 when it was not. */
function applyDecision(res: ServerResponse, decision: LimitDecision): void {
  for (const [k, v] of Object.entries(decision.headers)) res.setHeader(k, v);
  if (!decision.allowed) throw rateLimited(decision.retryAfter ?? 1, decision.blockedBy);
}

export function rateLimited(retryAfter: number, blockedBy?: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return new AppError(429, 'rate_limited', 'Too many requests', {
    detail: `${blockedBy ? `The ${blockedBy.replace('-', ' ')} limit` : 'A limit'} is reached; retry in ${seconds} second(s).`,
    retryAfter: seconds,
  });
}
