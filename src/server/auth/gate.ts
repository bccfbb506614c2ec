// The one gate every metered request passes, written once and used by the REST routes, /mcp and
// its tools, the record page and the web search page:
//   1. authenticate: the bearer token (REST, /mcp), or the web session (pages, src/server/web/);
//   2. scope: the token holds the scope the operation needs;
//   3. charge: `limiter.charge` debits one request and the operation's units, all or nothing;
//   4. rate-limit headers on the answer, whether or not the charge was admitted;
//   5. refuse: 429 with Retry-After when a limit is reached.
// Validation happens between steps 2 and 3, so a request that fails authentication, scope or
// validation never costs anything. How each interface words a refusal: src/server/error-answers.ts.
import { rateLimitSentence } from '../../shared/rate-limit-text.js';
import type { Scope } from '../../shared/scopes.js';
import { AppError } from '../errors.js';
import type { LimitCost, LimitDecision, Limiter } from '../limits/limiter.js';
import { MCP_PATH } from '../paths.js';
import type { Account } from '../store/ports/index.js';
import { type Admission, admissionGate } from './admission.js';
import { type AuthenticatedRequest, authenticate, type BearerOptions, requireScope } from './bearer.js';
import type { BearerVerifier, Principal } from './principal.js';

export function protectedResourceMetadataUrl(baseUrl: string, resourcePath = ''): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${resourcePath}`;
}

/** Where the gate puts the rate-limit headers: an HTTP response, or what carries a tool's answer. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/** What charging needs of the application's dependencies (src/server/deps.ts), and no more. */
export interface ChargeDeps {
  limiter: Limiter;
  now: () => Date;
}

/** What the bearer gate needs: the verifiers, the base URL and the limiter. */
export interface GateDeps extends ChargeDeps {
  config: { baseUrl: string };
  /** Bearer verifiers tried in order (agent tokens, OAuth access tokens). */
  verifiers: BearerVerifier[];
}

/**
 * 429 with Retry-After (whole seconds, at least 1) naming the window that refused, in the one
 * sentence every interface shows (src/shared/rate-limit-text.ts): "Rate limit reached (your
 * account's daily limit); retry in 5 h 17 min (at 00:00 UTC)."
 */
export function rateLimited(retryAfter: number, blockedBy?: string, now: Date = new Date()): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return new AppError(429, 'rate_limited', 'Too many requests', {
    detail: rateLimitSentence({ limit: blockedBy, retryAfter: seconds, now }),
    retryAfter: seconds,
    limit: blockedBy,
  });
}

/**
 * Steps 3 to 5 for an account already authenticated (by a token or a web session): charges one
 * request and `cost.units`, puts the rate-limit headers on `answer`, and throws 429 (with its
 * Retry-After also on `answer`) when a limit is reached. A limiter that cannot be reached throws
 * StoreUnavailableError (503), never a free pass.
 */
export async function chargeOrRefuse(deps: ChargeDeps, account: Account, cost: LimitCost, answer: HeaderSink): Promise<void> {
  applyDecision(await deps.limiter.charge(account, cost, deps.now()), answer, deps.now());
}

/** Steps 4 and 5 for a charge's decision. */
function applyDecision(decision: LimitDecision, answer: HeaderSink, now: Date): void {
  for (const [k, v] of Object.entries(decision.headers)) answer.setHeader(k, v);
  if (decision.allowed) return;
  const refusal = rateLimited(decision.retryAfter ?? 1, decision.blockedBy, now);
  answer.setHeader('Retry-After', String(refusal.options.retryAfter));
  throw refusal;
}

export interface BearerGate {
  /** The RFC 8707 resource this gate protects, and its RFC 9728 metadata URL (401 challenges name it). */
  readonly options: BearerOptions;
  /**
   * Step 1: the caller of this request; 401 with a WWW-Authenticate challenge when there is none,
   * 400 when the request carries a token in its query string (src/server/auth/bearer.ts).
   */
  authenticate(req: AuthenticatedRequest): Promise<Principal>;
  /** Steps 1 and 2: the caller, holding `scope`; 403 insufficient_scope otherwise. */
  principal(req: AuthenticatedRequest, scope: Scope): Promise<Principal>;
  /** Steps 3 to 5 (see chargeOrRefuse). */
  charge(principal: Principal, cost: LimitCost, answer: HeaderSink): Promise<void>;
  /**
   * Steps 1 and 2 for an operation that reads only the catalogue before it is charged (a REST
   * search or record read): with PostgreSQL, a token this process has verified before is checked
   * again by the charge itself, one database round trip instead of two (./admission.ts).
   * Elsewhere it is `principal()`.
   */
  admit(req: AuthenticatedRequest, scope: Scope): Promise<Admission>;
  /** Steps 3 to 5 for an admission; 401/403 as `principal()` when its token no longer holds. */
  chargeAdmitted(admission: Admission, cost: LimitCost, answer: HeaderSink): Promise<void>;
  /** The admission's caller, checked now if it was not yet (before an answer that is not charged, e.g. a 400). */
  confirm(admission: Admission): Promise<Principal>;
}

/** The gate of one protected resource: the REST API (`{base}`) or the MCP endpoint (`{base}/mcp`). */
export function bearerGate(deps: GateDeps, resource: 'rest' | 'mcp'): BearerGate {
  const path = resource === 'mcp' ? MCP_PATH : '';
  const options: BearerOptions = {
    verifiers: deps.verifiers,
    resource: `${deps.config.baseUrl}${path}`,
    resourceMetadataUrl: protectedResourceMetadataUrl(deps.config.baseUrl, path),
    now: deps.now,
  };
  const principal = async (req: AuthenticatedRequest, scope: Scope): Promise<Principal> => {
    const found = await authenticate(req, options);
    requireScope(found, scope, options.resourceMetadataUrl);
    return found;
  };
  const admission = admissionGate(deps, options, principal);
  return {
    options,
    authenticate: (req) => authenticate(req, options),
    principal,
    charge: (principal, cost, answer) => chargeOrRefuse(deps, principal.account, cost, answer),
    admit: admission.admit,
    chargeAdmitted: (admitted, cost, answer) => admission.chargeAdmitted(admitted, cost, (decision) => applyDecision(decision, answer, deps.now())),
    confirm: admission.confirm,
  };
}
