// Server-rendered HTML with escaping by default: every interpolation in an `html` template is
// escaped unless it is itself SafeHtml (another `html` result, or `raw()` for trusted
// fragments). Record text, client names and labels are evidence and always arrive escaped.
import type { Account } from '../store/ports/index.js';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

/** Marks a fragment as trusted markup. Never pass user- or record-supplied text. */
export function raw(value: string): SafeHtml {
  return new SafeHtml(value);
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Returns the URL only if it is absolute http(s), so record-supplied links can never be `javascript:`. */
export function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** The signed-in account, if any: the nav then offers the account pages and sign-out. */
  account?: Pick<Account, 'name' | 'email'> | null;
  /** Needed for the sign-out form (POST + CSRF, see csrf.ts) when an account is given. */
  csrfToken?: string;
}

function nav(account: PageOptions['account'], csrfToken: string | undefined): SafeHtml {
  const signedIn = account
    ? html`<li><a href="/en/catalogue">Search</a></li>
        <li><a href="/en/account">Account</a></li>
        <li><a href="/en/account/collections">Collections</a></li>
        <li><a href="/en/account/agent-connections">Agent connections</a></li>
        <li class="nav-user">
          <span>Signed in as ${account.name}</span>
          ${csrfToken
            ? html`<form method="post" action="/en/sign-out" class="inline">
                <input type="hidden" name="csrf" value="${csrfToken}">
                <button type="submit" class="link-button">Sign out</button>
              </form>`
            : ''}
        </li>`
    : html`<li><a href="/en/sign-in">Sign in</a></li>`;
  return html`<nav aria-label="Main">
    <ul>
      <li><a href="/en/guides" class="brand">rcat</a></li>
      <li><a href="/en/guides">Guides</a></li>
      ${signedIn}
    </ul>
  </nav>`;
}

/** A full accessible HTML document: lang, skip link, landmark nav, one stylesheet, no inline script or style. */
export function renderPage({ title, body, account, csrfToken }: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · rcat research catalogue</title>
<link rel="icon" href="/assets/rcat.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/rcat.css">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">${nav(account, csrfToken)}</header>
<main id="main" tabindex="-1">
${body}
</main>
<footer class="site-footer"><p>rcat lists research equipment, laboratories and techniques. A listing is not a confirmation of eligibility, price or availability; confirm them with the facility.</p></footer>
</body>
</html>
`.value;
}
