// /en/account/agent-connections (spec section 5.5): create a scoped 30-day agent token, shown
// once; list the account's tokens and OAuth connections; revoke any of them. Every POST is
// CSRF-checked. The rules (lifetime, scopes, at most 50 active tokens) are the agent-token
// service's (src/server/services/agent-tokens.ts), the same the operator commands use. The new token appears only in the answer to the POST that created it
// (Cache-Control: no-store); the store keeps only its hash.
import type { Request, Response, Router } from 'express';
import { isScope, type Scope } from '../../../shared/scopes.js';
import { AppError } from '../../errors.js';
import type { WebDeps } from '../web-deps.js';
import { AGENT_TOKEN_DEFAULT_DAYS, MAX_ACTIVE_AGENT_TOKENS } from '../../services/agent-tokens.js';
import type { Account, AgentToken } from '../../store/ports/index.js';
import { formField, verifyCsrf } from '../csrf.js';
import { renderPage } from '../html.js';
import { sendHtml } from '../page-security.js';
import { requireAccount, requireAccountForPost } from '../session.js';
import { connectionsBody, type CreateForm } from './agent-connections-view.js';

const PATH = '/en/account/agent-connections';
const MAX_LABEL = 80;

function scopesFrom(req: Request): string[] {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const value = body.scope;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function validate(req: Request): { label: string; scopes: Scope[] } | { error: string; form: CreateForm } {
  const label = (formField(req, 'label') ?? '').trim();
  const raw = scopesFrom(req);
  const form: CreateForm = { label: label.slice(0, MAX_LABEL), scopes: raw.filter(isScope) };
  if (!label) return { error: 'Give the connection a label, such as the name of the tool that will use it.', form };
  if ([...label].length > MAX_LABEL) return { error: `The label must be at most ${MAX_LABEL} characters.`, form };
  if (/[\u0000-\u001f\u007f]/.test(label)) return { error: 'The label must not contain control characters.', form };
  if (raw.some((s) => !isScope(s))) return { error: 'Choose permissions from the list only.', form };
  if (raw.length === 0) return { error: 'Choose at least one permission.', form };
  return { label, scopes: [...new Set(raw.filter(isScope))] };
}

type Extra = Parameters<typeof connectionsBody>[0]['extra'];

async function renderConnections(deps: WebDeps, req: Request, account: Account, extra: Extra): Promise<string> {
  const tokens = await deps.services.agentTokens.list(account.id);
  const grants = await deps.services.oauthGrants.list(account.id);
  const csrf = req.webSession!.csrfToken;
  const body = connectionsBody({ tokens, grants, csrf, now: deps.now(), extra });
  return renderPage({ title: 'Agent connections', body, account, csrfToken: csrf });
}

/** POST: create a token; the form again with the reason when it cannot be created. */
async function createToken(deps: WebDeps, req: Request, res: Response): Promise<void> {
  const account = await requireAccountForPost(req, res, deps, PATH);
  if (!account) return;
  verifyCsrf(req);
  const input = validate(req);
  if ('error' in input) {
    sendHtml(res, 400, await renderConnections(deps, req, account, { error: input.error, form: input.form }));
    return;
  }
  let created: { token: string; record: AgentToken };
  try {
    created = await deps.services.agentTokens.create({ accountId: account.id, label: input.label, scopes: input.scopes, days: AGENT_TOKEN_DEFAULT_DAYS });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
    const message = `You have ${MAX_ACTIVE_AGENT_TOKENS} active tokens. Revoke one you no longer use first.`;
    sendHtml(res, 409, await renderConnections(deps, req, account, { error: message, form: { label: input.label, scopes: input.scopes } }));
    return;
  }
  sendHtml(res, 201, await renderConnections(deps, req, account, { created }));
}

export function mountAgentConnections(router: Router, deps: WebDeps): void {
  router.get(PATH, async (req, res) => {
    const account = await requireAccount(req, res, deps);
    if (!account) return;
    const notice = req.query.revoked === 'token' ? 'The token is revoked. It no longer works anywhere.'
      : req.query.revoked === 'grant' ? 'The connection is revoked. Its tokens no longer work.' : undefined;
    sendHtml(res, 200, await renderConnections(deps, req, account, { notice }));
  });

  router.post(PATH, (req, res) => createToken(deps, req, res));

  router.post(`${PATH}/tokens/:id/revoke`, async (req, res) => {
    const account = await requireAccountForPost(req, res, deps, PATH);
    if (!account) return;
    verifyCsrf(req);
    // Someone else's token is reported exactly like a missing one.
    const revoked = await deps.services.agentTokens.revoke(String(req.params.id), { accountId: account.id });
    if (!revoked) throw new AppError(404, 'not_found', 'Not found', { detail: 'There is no such token on your account.' });
    res.redirect(303, `${PATH}?revoked=token`);
  });

  router.post(`${PATH}/grants/:id/revoke`, async (req, res) => {
    const account = await requireAccountForPost(req, res, deps, PATH);
    if (!account) return;
    verifyCsrf(req);
    const done = await deps.services.oauthGrants.revoke(account.id, String(req.params.id));
    if (!done) throw new AppError(404, 'not_found', 'Not found', { detail: 'There is no such connection on your account.' });
    res.redirect(303, `${PATH}?revoked=grant`);
  });
}
