// /en/catalogue?query=…: search from the website for signed-in users. Same query rule, same
// capped results and same limits charge as the REST search (spec 4.1, 8.1, 8.4), with links to
// the record pages.
import type { Router } from 'express';
import { parseEntityId } from '../../../shared/entity-id.js';
import { recordSnippet } from '../../../shared/record-snippet.js';
import { SearchQuery, type SearchResponse, type SearchResultItem } from '../../../shared/schemas.js';
import { chargeOrRefuse } from '../../auth/gate.js';
import type { WebDeps } from '../web-deps.js';
import { html, renderPage, type SafeHtml } from '../html.js';
import { sendHtml } from '../page-security.js';
import { requireAccount } from '../session.js';

function searchForm(query: string, error?: string): SafeHtml {
  return html`<form method="get" action="/en/catalogue" class="search" role="search">
    <label for="query">Search equipment, laboratories and techniques</label>
    <div class="copy-row">
      <input id="query" name="query" type="text" minlength="2" maxlength="120" required value="${query}"
        ${error ? html`aria-describedby="query-error" aria-invalid="true"` : ''}>
      <button type="submit">Search</button>
    </div>
    ${error ? html`<p class="error" id="query-error" role="alert">${error}</p>` : ''}
  </form>`;
}

/** A result: its title (linked), its kind, and one line that tells it apart from similar titles. */
function resultItem(r: SearchResultItem, snippetOf: (id: string) => string): SafeHtml {
  const kind = parseEntityId(r.id)?.type ?? 'record';
  const snippet = snippetOf(r.id);
  return html`<li><a href="${r.url}">${r.title}</a> <span class="kind">${kind}</span>
    ${snippet ? html`<p class="snippet">${snippet}</p>` : ''}<span class="hint"><code>${r.id}</code></span></li>`;
}

function results(query: string, body: SearchResponse, snippetOf: (id: string) => string): SafeHtml {
  if (body.results.length === 0) return html`<p>No records match “${query}”. Try other words.</p>`;
  return html`<h2>Results</h2>
    <ol class="results">${body.results.map((r) => resultItem(r, snippetOf))}</ol>
    ${body.truncated ? html`<p class="notice">Only the first ${body.results.length} matches are shown. Refine the query to see others.</p>` : ''}`;
}

export function mountSearchPage(router: Router, deps: WebDeps): void {
  router.get('/en/catalogue', async (req, res) => {
    const account = await requireAccount(req, res, deps);
    if (!account) return;
    const csrfToken = req.webSession?.csrfToken;
    const raw = req.query.query;
    const page = (status: number, body: SafeHtml) => sendHtml(res, status, renderPage({ title: 'Search the catalogue', body, account, csrfToken }));
    if (raw === undefined) {
      page(200, html`<h1>Search the catalogue</h1>${searchForm('')}`);
      return;
    }
    const text = typeof raw === 'string' ? raw : '';
    const parsed = SearchQuery.safeParse(text);
    if (!parsed.success) {
      const message = typeof raw === 'string' ? `The query ${parsed.error.issues[0]?.message ?? 'is not valid'}.` : 'Give one query.';
      page(400, html`<h1>Search the catalogue</h1>${searchForm(text.slice(0, 120), message)}`);
      return;
    }
    const { response: body, cost } = deps.services.catalogue.searchAnswer(parsed.data);
    await chargeOrRefuse(deps, account, cost, res);
    // The snippet is read from the record's own text (as `rcat search --long` does), so both say
    // the same; reading it here costs nothing more: the page discloses one line, not the record.
    const snippetOf = (id: string) => {
      const record = deps.services.catalogue.record(id);
      return record ? recordSnippet(parseEntityId(id)?.type ?? '', record.text) : '';
    };
    page(200, html`<h1>Search the catalogue</h1>${searchForm(parsed.data)}${results(parsed.data, body, snippetOf)}`);
  });
}
