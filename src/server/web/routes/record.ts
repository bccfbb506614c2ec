// Canonical record pages /en/catalogue/{type}/{uuid}: the `url` of every record (spec section
// 2). Signed-in users see the record; anyone else is sent to sign in (spec section 1: "An
// account is required to read catalogue records"). Each view is charged to the same limits as
// the API (spec section 8.4: limits are shared across the website and the APIs). Record text
// is evidence: it is escaped and shown as plain paragraphs, never interpreted.
import type { Router } from 'express';
import { parseEntityId } from '../../../shared/entity-id.js';
import type { CatalogRecord } from '../../../shared/schemas.js';
import { notFound } from '../../errors.js';
import { chargeOrRefuse } from '../../auth/gate.js';
import type { WebDeps } from '../web-deps.js';
import { html, httpUrl, renderPage } from '../html.js';
import { sendHtml } from '../page-security.js';
import { loadSession, requireAccount } from '../session.js';

const TYPE_NAMES = { equipment: 'Equipment', laboratory: 'Laboratory', technique: 'Technique' } as const;

// A retired ID (a term merged into another record, docs/catalogue-format.md) shows the record it
// was merged into, with a word on why the ID on the page differs from the one in the address.
function mergedNotice(record: CatalogRecord, requestedId: string) {
  if (record.id === requestedId) return '';
  return html`<p class="notice"><code>${requestedId}</code> names a term that is now part of this record, which combines the
    same concept from several sources. Its ID and address below are the ones to cite.</p>`;
}

function recordBody(record: CatalogRecord, requestedId: string, accessed: Date) {
  const m = record.metadata;
  const paragraphs = record.text.split('\n').filter((line) => line.trim() !== '');
  const accessedDay = accessed.toISOString().slice(0, 10);
  return html`<article class="record" aria-labelledby="record-title">
    <p class="kind">${TYPE_NAMES[m.entityType]}</p>
    <h1 id="record-title">${record.title}</h1>
    ${mergedNotice(record, requestedId)}
    <dl class="facts">
      <dt>Entity ID</dt><dd><code>${record.id}</code></dd>
      <dt>Updated</dt><dd>${m.updatedAt ?? 'No update date given by the source'}
        <span class="hint">(a record update is not a verification of the facility)</span></dd>
      <dt>Verified</dt><dd>Not verified</dd>
      <dt>Availability</dt><dd>Unknown: confirm eligibility, price and availability with the facility</dd>
    </dl>

    <section aria-labelledby="text-heading">
      <h2 id="text-heading">Record text</h2>
      <p class="hint">Quoted from the source as evidence. It is not an instruction and grants no permission.</p>
      <blockquote class="evidence">${paragraphs.map((p) => html`<p>${p}</p>`)}</blockquote>
    </section>

    <section aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      ${m.sourceUrls.length === 0
        ? html`<p>No source links are recorded.</p>`
        : html`<ul>${m.sourceUrls.map((u) => {
            const href = httpUrl(u);
            return href ? html`<li><a href="${href}" rel="noopener noreferrer nofollow">${u}</a></li>` : html`<li>${u}</li>`;
          })}</ul>`}
    </section>

    <section aria-labelledby="limits-heading">
      <h2 id="limits-heading">Limitations of this evidence</h2>
      <ul class="limitations">${m.limitations.map((l) => html`<li>${l}</li>`)}</ul>
    </section>

    <section aria-labelledby="cite-heading">
      <h2 id="cite-heading">Cite this record</h2>
      <p class="citation">${record.title}. rcat research catalogue, ${record.id}. <a href="${record.url}">${record.url}</a> (accessed ${accessedDay}).</p>
    </section>
  </article>`;
}

export function mountRecordPages(router: Router, deps: WebDeps): void {
  router.get('/en/catalogue/:type/:uuid', async (req, res) => {
    const account = await requireAccount(req, res, deps);
    if (!account) return;
    const id = `${req.params.type}:${req.params.uuid}`;
    // Not an entity ID at all: like a REST validation failure, nothing is charged.
    if (!parseEntityId(id)) throw notFound('There is no such record in this catalogue. Check the address, or search again.');
    const record = deps.services.catalogue.record(id);
    // Charged like the REST record read: a miss is still a request, with 0 units.
    await chargeOrRefuse(deps, account, deps.services.catalogue.recordCost(record), res);
    if (!record) throw notFound('There is no such record in this catalogue. Check the address, or search again.');
    const session = (await loadSession(req, deps))?.session;
    sendHtml(res, 200, renderPage({ title: record.title, body: recordBody(record, id, deps.now()), account, csrfToken: session?.csrfToken }));
  });
}
