// The gate's one-round-trip path, for operations that read only the catalogue before they are
// charged (a REST search or record read). With a store that re-checks a credential in the same
// statement as the charge (PostgreSQL, LimitsService.chargeChecked), a token this process has
// verified before is not looked up again: the request is admitted from memory
// (./verified-tokens.ts), the catalogue answers, and the charge checks the token, its account and
// the account's plan and company while it debits the windows — one database round trip per
// request instead of an authentication and a charge. When the check fails (revoked, disabled,
// deleted, plan or company changed) nothing is charged and the token is verified afresh, so the
// answer is the one `principal()` + `charge()` would have given. Without such a store (the JSON
// file, where lookups cost no round trip) it is exactly `principal()` + `charge()`.
import type { Scope } from '../../shared/scopes.js';
import type { LimitCost, LimitDecision, Limiter } from '../limits/limiter.js';
import { noteAccount } from '../ops/request-facts.js';
import { hashSecret } from '../services/token-secrets.js';
import { type AuthenticatedRequest, type BearerOptions, bearerToken, requireScope, verifyBearer } from './bearer.js';
import type { BearerVerifier, Principal } from './principal.js';
import { VerifiedTokens } from './verified-tokens.js';

/**
 * An admitted request: its caller verified now (`verified`), or verified earlier by this process
 * and still to be re-checked by the charge. It exposes no account until the check: the caller
 * learns whom it serves from `chargeAdmitted` or `confirm`.
 */
export type Admission =
  | { readonly verified: Principal }
  | { readonly remembered: Principal; readonly token: string; readonly tokenHash: string; readonly scope: Scope; readonly req: object };

export interface AdmissionDeps {
  verifiers: BearerVerifier[];
  limiter: Limiter;
  now: () => Date;
}

export interface AdmissionGate {
  /** Steps 1 and 2 (authenticate, scope), from memory when the charge will re-check them. */
  admit(req: AuthenticatedRequest, scope: Scope): Promise<Admission>;
  /**
   * Steps 3 to 5: charges the admitted caller, re-checking a remembered credential in the same
   * statement; 401/403 as `principal()` when it no longer holds. `apply` puts the decision on the
   * answer (and refuses with 429).
   */
  chargeAdmitted(admission: Admission, cost: LimitCost, apply: (decision: LimitDecision) => void): Promise<void>;
  /** The caller, checked now if it was not yet: before an answer that is not charged (a 400), so a bad token is still a 401. */
  confirm(admission: Admission): Promise<Principal>;
}

export function admissionGate(deps: AdmissionDeps, options: BearerOptions, principal: (req: AuthenticatedRequest, scope: Scope) => Promise<Principal>): AdmissionGate {
  const chargeChecked = deps.limiter.chargeChecked?.bind(deps.limiter);
  const remembered = new VerifiedTokens();
  const verify = async (req: object, token: string, tokenHash: string, scope: Scope): Promise<Principal> => {
    remembered.forget(tokenHash);
    const fresh = await verifyBearer(token, options);
    noteAccount(req, fresh.account.id); // for the access log (src/server/ops/)
    requireScope(fresh, scope, options.resourceMetadataUrl);
    remembered.set(tokenHash, fresh);
    return fresh;
  };
  const charge = async (account: Principal['account'], cost: LimitCost, apply: (decision: LimitDecision) => void) => {
    apply(await deps.limiter.charge(account, cost, deps.now()));
  };
  return {
    async admit(req, scope) {
      if (!chargeChecked) return { verified: await principal(req, scope) };
      const token = bearerToken(req, options);
      const tokenHash = hashSecret(token);
      const known = remembered.get(tokenHash, deps.now());
      if (known?.scopes.includes(scope)) return { remembered: known, token, tokenHash, scope, req };
      return { verified: await verify(req, token, tokenHash, scope) };
    },

    async chargeAdmitted(admission, cost, apply) {
      if ('verified' in admission) return charge(admission.verified.account, cost, apply);
      const { remembered: known, tokenHash } = admission;
      const now = deps.now();
      const decision = await chargeChecked!({ kind: known.tokenKind, tokenHash }, known.account, cost, now);
      if (decision) {
        noteAccount(admission.req, known.account.id);
        for (const verifier of deps.verifiers) verifier.recordUse?.(known, now);
        apply(decision);
        return;
      }
      // Something changed since this process verified the token: verify it afresh (401/403 as for
      // any request), then charge the account as the store has it now.
      const fresh = await verify(admission.req, admission.token, tokenHash, admission.scope);
      await charge(fresh.account, cost, apply);
    },

    async confirm(admission) {
      if ('verified' in admission) return admission.verified;
      return verify(admission.req, admission.token, admission.tokenHash, admission.scope);
    },
  };
}
