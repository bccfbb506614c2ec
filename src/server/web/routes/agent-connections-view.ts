// Markup of the agent-connections page: create form, the once-shown new token, the lists.
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from '../../../shared/scopes.js';
import { describeAgentToken } from '../../services/agent-tokens.js';
import type { AgentToken } from '../../store/ports/index.js';
import { html, type SafeHtml } from '../html.js';
import type { OAuthGrantView } from '../../services/oauth/grants.js';

export type GrantView = Pick<OAuthGrantView, 'id' | 'clientName' | 'scopes' | 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'status' | 'client'>;

const PATH = '/en/account/agent-connections';

export interface CreateForm {
  label: string;
  scopes: Scope[];
}

export interface ConnectionsPage {
  tokens: AgentToken[];
  grants: GrantView[];
  csrf: string;
  now: Date;
  extra: {
    notice?: string;
    error?: string;
    form?: CreateForm;
    created?: { token: string; record: AgentToken };
  };
}

/** Dates as "2026-11-22 14:03 UTC": unambiguous and the same for every reader. */
export function when(iso: string | null, none = 'never'): string {
  if (!iso) return none;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? none : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function scopeList(scopes: readonly Scope[]): SafeHtml {
  return html`<ul class="scopes">${scopes.map((s) => html`<li><code>${s}</code></li>`)}</ul>`;
}

function createdPanel(created: { token: string; record: AgentToken }): SafeHtml {
  return html`<section class="created" aria-labelledby="created-heading">
    <h2 id="created-heading">Your new token: copy it now</h2>
    <p>This is the only time the token is shown. Store it in your client's secret settings. It expires on ${when(created.record.expiresAt)}.</p>
    <label for="new-token">Token for “${created.record.label}”</label>
    <div class="copy-row">
      <input id="new-token" class="token" type="text" readonly value="${created.token}" spellcheck="false" autocomplete="off">
      <button type="button" class="copy" data-copy-target="new-token" hidden>Copy</button>
    </div>
    <p class="hint" id="copy-status" role="status" aria-live="polite"></p>
  </section>`;
}

function createForm(csrf: string, form: CreateForm | undefined): SafeHtml {
  const checked = form?.scopes ?? ['catalog:read'];
  return html`<section aria-labelledby="create-heading">
    <h2 id="create-heading">Create a token</h2>
    <form method="post" action="${PATH}" class="stacked">
      <input type="hidden" name="csrf" value="${csrf}">
      <label for="label">Label</label>
      <input id="label" name="label" type="text" required maxlength="80" value="${form?.label ?? ''}" aria-describedby="label-hint">
      <p class="hint" id="label-hint">For example the tool or computer that will use it.</p>
      <fieldset>
        <legend>Permissions</legend>
        ${SCOPES.map((s) => html`<div class="check">
          <input type="checkbox" id="scope-${s.replace(':', '-')}" name="scope" value="${s}" ${checked.includes(s) ? html`checked` : ''}>
          <label for="scope-${s.replace(':', '-')}"><code>${s}</code>: ${SCOPE_DESCRIPTIONS[s]}</label>
        </div>`)}
      </fieldset>
      <p>Lifetime: 30 days.</p>
      <button type="submit">Create token</button>
    </form>
  </section>`;
}

function tokenRows(tokens: AgentToken[], csrf: string, now: Date): SafeHtml {
  if (tokens.length === 0) return html`<p>You have no agent tokens.</p>`;
  return html`<table>
    <caption class="visually-hidden">Agent tokens</caption>
    <thead><tr><th scope="col">Label</th><th scope="col">Permissions</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
    <tbody>${tokens.map((t) => {
      const view = describeAgentToken(t, now);
      return html`<tr>
        <th scope="row">${t.label}</th><td data-label="Permissions">${scopeList(t.scopes)}</td><td data-label="Created">${when(t.createdAt)}</td>
        <td data-label="Expires">${when(t.expiresAt)}</td><td data-label="Last used">${when(t.lastUsedAt)}</td>
        <td data-label="Status"><span class="status status-${view.status}">${view.status}</span></td>
        <td>${view.status === 'active'
          ? html`<form method="post" action="${PATH}/tokens/${t.id}/revoke"><input type="hidden" name="csrf" value="${csrf}">
              <button type="submit" class="danger" aria-label="Revoke token ${t.label}">Revoke</button></form>`
          : ''}</td>
      </tr>`;
    })}</tbody>
  </table>`;
}

/** Where a client's sign-ins return: its first registered address, and how many more. */
function returnAddress(g: GrantView): SafeHtml {
  if (g.client.builtIn) return html`a loopback address on your computer (any port)`;
  const [first, ...more] = g.client.redirectUris;
  if (!first) return html`not known`;
  return html`<code>${first}</code>${more.length ? html` and ${more.length} more` : ''}`;
}

function returnAddressText(g: GrantView): string {
  if (g.client.builtIn) return 'a loopback address';
  const [first, ...more] = g.client.redirectUris;
  return first ? `${first}${more.length ? ` and ${more.length} more` : ''}` : 'an unknown address';
}

/**
 * Accessible names of the Revoke buttons: the name, return address, registration and last use,
 * which tell look-alike clients apart (every mcp-remote registers as "MCP CLI Proxy"); when even
 * those coincide, the connection's place in the list ("2 of 3") does.
 */
function revokeLabels(grants: GrantView[]): Map<string, string> {
  const base = new Map(grants.map((g) => [g.id, `Revoke connection ${g.clientName}, returns to ${returnAddressText(g)}, ${
    g.client.builtIn ? 'built in' : `registered ${when(g.client.registeredAt, 'at an unknown time')}`}, last used ${when(g.lastUsedAt)}`]));
  const alike = new Map<string, string[]>();
  for (const [id, label] of base) alike.set(label, [...(alike.get(label) ?? []), id]);
  for (const ids of alike.values()) {
    if (ids.length > 1) ids.forEach((id, i) => base.set(id, `${base.get(id)} (connection ${i + 1} of ${ids.length} like it)`));
  }
  return base;
}

function applicationCell(g: GrantView): SafeHtml {
  return html`<th scope="row"><span class="client-name">${g.clientName}</span>${g.client.builtIn
      ? html` <span class="hint">(built in)</span>`
      : html` <span class="tag unreviewed">self-registered name, not reviewed by rcat</span>`}
    <dl class="client-facts">
      <dt>Returns to</dt><dd>${returnAddress(g)}</dd>
      ${g.client.builtIn ? '' : html`<dt>Registered</dt><dd>${when(g.client.registeredAt, 'unknown')}</dd>`}
    </dl></th>`;
}

function grantRows(grants: GrantView[], csrf: string): SafeHtml {
  if (grants.length === 0) return html`<p>No applications are connected with OAuth.</p>`;
  const labels = revokeLabels(grants.filter((g) => g.status === 'active'));
  return html`<table>
    <caption class="visually-hidden">OAuth connections</caption>
    <thead><tr><th scope="col">Application</th><th scope="col">Permissions</th><th scope="col">Connected</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
    <tbody>${grants.map((g) => html`<tr>
      ${applicationCell(g)}<td data-label="Permissions">${scopeList(g.scopes)}</td><td data-label="Connected">${when(g.createdAt)}</td>
      <td data-label="Expires">${when(g.expiresAt, 'not set')}</td><td data-label="Last used">${when(g.lastUsedAt)}</td>
      <td data-label="Status"><span class="status status-${g.status}">${g.status}</span></td>
      <td>${g.status === 'active'
        ? html`<form method="post" action="${PATH}/grants/${g.id}/revoke"><input type="hidden" name="csrf" value="${csrf}">
            <button type="submit" class="danger" aria-label="${labels.get(g.id)!}">Revoke</button></form>`
        : ''}</td>
    </tr>`)}</tbody>
  </table>`;
}

export function connectionsBody({ tokens, grants, csrf, now, extra }: ConnectionsPage): SafeHtml {
  return html`<h1>Agent connections</h1>
    <p>Tokens and connected applications can use the REST API and the MCP endpoint for your account, within your limits.
    They cannot sign in to these pages.</p>
    ${extra.notice ? html`<p class="notice" role="status">${extra.notice}</p>` : ''}
    ${extra.error ? html`<p class="error" role="alert">${extra.error}</p>` : ''}
    ${extra.created ? createdPanel(extra.created) : ''}
    ${createForm(csrf, extra.form)}
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Agent tokens</h2>
      ${tokenRows(tokens, csrf, now)}
    </section>
    <section aria-labelledby="grants-heading">
      <h2 id="grants-heading">Applications connected with OAuth</h2>
      ${grantRows(grants, csrf)}
    </section>
    <script src="/assets/rcat.js" defer></script>`;
}
