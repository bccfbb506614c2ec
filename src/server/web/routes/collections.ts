// /en/account/collections: the collections the signed-in user may see (their projects' and
// their own), with the saved items, and their unsent inquiry drafts. Read-only; the data comes
// from the same domain services as the MCP tools (list_projects, save_to_shortlist,
// prepare_inquiry). Titles, notes and drafts are shown escaped, as saved.
import type { Router } from 'express';
import type { CollectionSummary } from '../../../shared/tools.js';
import type { WebDeps } from '../web-deps.js';
import type { InquiryDraftRecord, ShortlistItemRecord } from '../../store/ports/index.js';
import { html, httpUrl, renderPage, type SafeHtml } from '../html.js';
import { sendHtml } from '../page-security.js';
import { requireAccount } from '../session.js';
import { when } from './agent-connections-view.js';

const ITEMS_SHOWN = 100;
const DRAFTS_SHOWN = 50;

function items(list: ShortlistItemRecord[]): SafeHtml {
  const active = list.filter((i) => i.state === 'active');
  if (active.length === 0) return html`<p>No saved items.</p>`;
  return html`<ul class="items">${active.slice(0, ITEMS_SHOWN).map((i) => {
    const href = httpUrl(i.url);
    return html`<li>${href ? html`<a href="${href}">${i.title}</a>` : i.title} <span class="hint">(${i.entityId}, saved ${when(i.savedAt)})</span>
      ${i.note ? html`<br><span class="note">Note: ${i.note}</span>` : ''}</li>`;
  })}</ul>
  ${active.length > ITEMS_SHOWN ? html`<p class="hint">And ${active.length - ITEMS_SHOWN} more.</p>` : ''}`;
}

function drafts(list: InquiryDraftRecord[]): SafeHtml {
  if (list.length === 0) return html`<p>No inquiry drafts.</p>`;
  return html`${list.slice(0, DRAFTS_SHOWN).map((d) => html`<article class="draft">
    <h3>${d.subject}</h3>
    <p class="hint">Unsent draft, prepared ${when(d.createdAt)}. Nothing has been sent to anyone; send it yourself if you wish.</p>
    <blockquote class="evidence">${d.body}</blockquote>
    <p>Cites: ${httpUrl(d.citationUrl) ? html`<a href="${httpUrl(d.citationUrl)}">${d.citationTitle}</a>` : d.citationTitle}</p>
  </article>`)}
  ${list.length > DRAFTS_SHOWN ? html`<p class="hint">And ${list.length - DRAFTS_SHOWN} older drafts.</p>` : ''}`;
}

export function mountCollections(router: Router, deps: WebDeps): void {
  router.get('/en/account/collections', async (req, res) => {
    const account = await requireAccount(req, res, deps);
    if (!account) return;
    const listing = await deps.services.projects.listForAccount(account.id);
    const itemsOf = async (c: CollectionSummary) => ({ c, list: await deps.services.shortlist.listForCollection(c.id) });
    const projectSections = await Promise.all(listing.projects.map(async (p) => ({ p, collections: await Promise.all(p.collections.map(itemsOf)) })));
    const personal = await Promise.all(listing.personalCollections.map(itemsOf));
    const draftList = await deps.services.inquiries.listForAccount(account.id);

    // A project's collections sit one level under the project's heading (h4 under its h3); your
    // own collections sit directly under their h2, as h3.
    const collection = (level: 3 | 4) => ({ c, list }: { c: CollectionSummary; list: ShortlistItemRecord[] }) => {
      const heading = html`${c.name} <span class="hint">(${c.canSave ? 'you can save here' : 'view only'})</span>`;
      return html`<section class="collection">${level === 3 ? html`<h3>${heading}</h3>` : html`<h4>${heading}</h4>`}${items(list)}</section>`;
    };
    const body = html`<h1>Collections and drafts</h1>
      <p>Items saved with <code>save_to_shortlist</code> (or <code>rcat shortlist add</code>) and inquiry drafts prepared with
      <code>prepare_inquiry</code>. A saved item is not a booking, and a draft is never sent by rcat.</p>
      <h2>Projects</h2>
      ${listing.projects.length === 0 ? html`<p>You are not a member of any project.</p>` : ''}
      ${projectSections.map(({ p, collections }) => html`<section class="project" aria-label="Project ${p.name}">
        <h3 class="project-name">${p.name} <span class="hint">(your role: ${p.role})</span></h3>
        ${collections.length === 0 ? html`<p>No collections in this project.</p>` : collections.map(collection(4))}
      </section>`)}
      ${listing.truncated ? html`<p class="hint">Only the first ${listing.projects.length} of your ${listing.totalProjects} projects are shown.</p>` : ''}
      <h2>Your own collections</h2>
      ${personal.length === 0 ? html`<p>You have no collections of your own.</p>` : personal.map(collection(3))}
      <h2>Inquiry drafts</h2>
      ${drafts(draftList)}`;
    sendHtml(res, 200, renderPage({ title: 'Collections and drafts', body, account, csrfToken: req.webSession?.csrfToken }));
  });
}
