// /en/account: who is signed in, their plan, and links to what they can do.
import type { Router } from 'express';
import type { WebDeps } from '../web-deps.js';
import type { Account } from '../../store/ports/index.js';
import { html, renderPage } from '../html.js';
import { sendHtml } from '../page-security.js';
import { requireAccount } from '../session.js';

function plan(account: Account, now: Date): string {
  if (account.plan === 'paid' && account.paidUntil && `${account.paidUntil}T23:59:59.999Z` >= now.toISOString()) {
    return `Paid subscription, verified until ${account.paidUntil}`;
  }
  if (account.plan === 'paid') return 'Paid subscription (entitlement not currently verified: standard limits apply)';
  return 'Standard account';
}

export function mountAccount(router: Router, deps: WebDeps): void {
  router.get('/en/account', async (req, res) => {
    const account = await requireAccount(req, res, deps);
    if (!account) return;
    const body = html`<h1>Your account</h1>
      <dl class="facts">
        <dt>Name</dt><dd>${account.name}</dd>
        <dt>E-mail</dt><dd>${account.email}</dd>
        <dt>Company</dt><dd>${account.company ?? 'None'}</dd>
        <dt>Plan</dt><dd>${plan(account, deps.now())}</dd>
      </dl>
      <h2>What you can do</h2>
      <ul>
        <li><a href="/en/catalogue">Search the catalogue</a>: find equipment, laboratories and techniques and read their records.</li>
        <li><a href="/en/account/agent-connections">Agent connections</a>: create tokens for tools, see and revoke connected applications.</li>
        <li><a href="/en/account/collections">Collections and drafts</a>: items you saved and inquiry drafts you prepared.</li>
        <li><a href="/en/guides">Guides</a>: connect the command-line tool, a desktop MCP host or the REST API.</li>
      </ul>
      <p>Limits are shared by this website, the REST API and the MCP endpoint.</p>`;
    sendHtml(res, 200, renderPage({ title: 'Your account', body, account, csrfToken: req.webSession?.csrfToken }));
  });
}
