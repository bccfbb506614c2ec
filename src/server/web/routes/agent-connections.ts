// /en/account/agent-connections (spec section 5.5): create a scoped 30-day agent token, shown
// once; list the account's tokens and OAuth connections; revoke any of them. Every POST is
// CSRF-checked. The new token appears only in the answer to the POST that created it
// (Cache-Control: no-store); the store keeps only its hash.
import type { Request, Router } from 'express';
import { isScope, type Scope } from '../../../shared/scopes.js';
import { AppError } from '../../errors.js';
import type { AppDeps } from '../../deps.js';
import { AGENT_TOKEN_DEFAULT_DAYS, mintAgentToken } from '../../services/agent-tokens.js';
import type { Account } from '../../store/ports/index.js';
import { formField, verifyCsrf } from '../csrf.js';
import { renderPage } from '../html.js';
import { sendHtml } from '../page-security.js';
import { requireAccount, requireAccountForPost } from '../session.js';
import { connectionsBody, type CreateForm } from './agent-connections-view.js';
import { listGrants, revokeGrant } from './oauth-grants.js';

const PATH = '/en/account/agent-connections';
const MAX_LABEL = 80;
/** Bounds state growth from one account; revoked and expired tokens do not count. */
const MAX_ACTIVE_TOKENS = 50;

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

export function mountAgentConnections(router: Router, deps: AppDeps): void {
  async function render(req: Request, account: Account, status: number, extra: Parameters<typeof connectionsBody>[0]['extra']) {
    const now = deps.now();
    const tokens = (await deps.store.agentTokens.listForAccount(account.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const grants = await listGrants(deps, account);
    const csrf = req.webSession!.csrfToken;
    const body = connectionsBody({ tokens, grants, csrf, now, extra });
    return { status, page: renderPage({ title: 'Agent connections', body, account, csrfToken: csrf }) };
  }

  router.get(PATH, async (req, res) => {
    const account = await requireAccount(req, res, deps);
    if (!account) return;
    const notice = req.query.revoked === 'token' ? 'The token is revoked. It no longer works anywhere.'
      : req.query.revoked === 'grant' ? 'The connection is revoked. Its tokens no longer work.' : undefined;
    const { status, page } = await render(req, account, 200, { notice });
    sendHtml(res, status, page);
  });

  router.post(PATH, async (req, res) => {
    const account = await requireAccountForPost(req, res, deps, PATH);
    if (!account) return;
    verifyCsrf(req);
    const input = validate(req);
    if ('error' in input) {
      const { status, page } = await render(req, account, 400, { error: input.error, form: input.form });
      sendHtml(res, status, page);
      return;
    }
    const now = deps.now();
    const active = (await deps.store.agentTokens.listForAccount(account.id)).filter((t) => !t.revokedAt && Date.parse(t.expiresAt) > now.getTime());
    if (active.length >= MAX_ACTIVE_TOKENS) {
      const { status, page } = await render(req, account, 409, { error: `You have ${MAX_ACTIVE_TOKENS} active tokens. Revoke one you no longer use first.`, form: { label: input.label, scopes: input.scopes } });
      sendHtml(res, status, page);
      return;
    }
    const minted = await mintAgentToken(deps.store, { accountId: account.id, label: input.label, scopes: input.scopes, days: AGENT_TOKEN_DEFAULT_DAYS, now });
    const { page } = await render(req, account, 201, { created: { token: minted.token, record: minted.record } });
    sendHtml(res, 201, page);
  });

  router.post(`${PATH}/tokens/:id/revoke`, async (req, res) => {
    const account = await requireAccountForPost(req, res, deps, PATH);
    if (!account) return;
    verifyCsrf(req);
    const token = await deps.store.agentTokens.getById(String(req.params.id));
    // Someone else's token is reported exactly like a missing one.
    if (!token || token.accountId !== account.id) throw new AppError(404, 'not_found', 'Not found', { detail: 'There is no such token on your account.' });
    await deps.store.agentTokens.revoke(token.id, deps.now().toISOString());
    res.redirect(303, `${PATH}?revoked=token`);
  });

  router.post(`${PATH}/grants/:id/revoke`, async (req, res) => {
    const account = await requireAccountForPost(req, res, deps, PATH);
    if (!account) return;
    verifyCsrf(req);
    const done = await revokeGrant(deps, account, String(req.params.id));
    if (!done) throw new AppError(404, 'not_found', 'Not found', { detail: 'There is no such connection on your account.' });
    res.redirect(303, `${PATH}?revoked=grant`);
  });
}
