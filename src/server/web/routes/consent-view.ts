// Markup of the consent page and of the authorization error page. Everything the client
// supplied (name, redirect URI) is escaped by the `html` template and shown as text, never as
// a link: the user reviews it, nothing on the page acts on it (spec section 5.4).
import { SCOPE_DESCRIPTIONS, type Scope } from '../../../shared/scopes.js';
import { html, type SafeHtml } from '../html.js';
import { CLI_CLIENT_ID } from '../../services/oauth/clients.js';
import type { OAuthClientRecord, PendingAuthorization } from '../../store/ports/oauth.js';
import { oauthResources } from '../../services/oauth/resources.js';

function resourceLabel(resource: string, baseUrl: string): string {
  const known = oauthResources(baseUrl);
  if (resource === known.mcp) return `the MCP endpoint (${resource})`;
  if (resource === known.rest) return `the REST API (${resource})`;
  return resource;
}

export function consentBody(input: {
  client: OAuthClientRecord;
  pending: PendingAuthorization;
  csrf: string;
  baseUrl: string;
  accountEmail: string;
  action: string;
}): SafeHtml {
  const { client, pending, csrf } = input;
  // The name is shown once; the hint says only where it comes from (the built-in client's name
  // already says what it is).
  const registeredBy = client.clientId === CLI_CLIENT_ID ? 'built in: pre-registered by this server' : 'the name an application gave itself when it registered; rcat has not reviewed it';
  return html`<h1>Allow <span class="client-name">${client.clientName}</span> to use your rcat account?</h1>
    <p>You are signed in as <strong>${input.accountEmail}</strong>. Only allow applications you started yourself and trust.</p>
    <dl class="facts consent-facts">
      <dt>Application</dt>
      <dd><span class="client-name">${client.clientName}</span> <span class="hint">(${registeredBy}; client id <code>${client.clientId}</code>)</span></dd>
      <dt>Return address</dt>
      <dd><code class="redirect-uri">${pending.redirectUri}</code><br><span class="hint">After you decide, your browser goes to this address, and the application receives access only if you allow it.</span></dd>
      <dt>Can be used with</dt>
      <dd><ul>${pending.resources.map((r) => html`<li>${resourceLabel(r, input.baseUrl)}</li>`)}</ul></dd>
    </dl>
    <h2>It asks permission to</h2>
    <ul class="scopes consent-scopes">
      ${pending.scopes.map((s: Scope) => html`<li><strong>${SCOPE_DESCRIPTIONS[s]}</strong> <code>${s}</code></li>`)}
    </ul>
    <p class="hint">It cannot sign in to the website, change your password or see other accounts. Its use counts against your account's limits. You can disconnect it at any time under Agent connections.</p>
    <form method="post" action="${input.action}" class="consent-decision">
      <input type="hidden" name="csrf" value="${csrf}">
      <input type="hidden" name="request" value="${pending.id}">
      <input type="hidden" name="client_id" value="${client.clientId}">
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny" class="danger">Deny</button>
    </form>`;
}

export function authorizationErrorBody(detail: string): SafeHtml {
  return html`<h1>This connection request cannot be completed</h1>
    <p class="error" role="alert">${detail}</p>
    <p>The application that sent you here made a request this server cannot accept, so you have not been sent back to it. Close this page and start the connection again from the application, or ask its maker for help.</p>
    <p><a href="/en/guides">How to connect the CLI, a desktop MCP host or the REST API</a></p>`;
}
