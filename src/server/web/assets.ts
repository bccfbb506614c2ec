// The one stylesheet and the one (optional) script of the pages, served from memory so the
// build needs no asset copying. Pages work without the script: it only adds the Copy button.
import type { Router } from 'express';

export const STYLESHEET = `
:root { --text: #1b1b1f; --muted: #4a4a55; --bg: #ffffff; --panel: #f3f4f7; --line: #c9ccd4;
  --link: #0a4fb4; --accent: #0a4fb4; --danger: #a4161a; --ok: #1b6e2a; --focus: #f2a900; }
* { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; line-height: 1.55; color: var(--text); background: var(--bg); }
body { margin: 0; font-size: 1.0625rem; }
a { color: var(--link); text-underline-offset: 0.15em; }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; background: var(--text); color: #fff; padding: 0.5rem 0.75rem; z-index: 10; }
.skip-link:focus { top: 0.5rem; }
.site-header { background: var(--panel); border-bottom: 1px solid var(--line); }
.site-header nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; align-items: center; margin: 0 auto; padding: 0.75rem 1rem; max-width: 62rem; }
.site-header .brand { font-weight: 700; font-size: 1.2rem; text-decoration: none; color: var(--text); }
.site-header .nav-user { margin-left: auto; display: flex; gap: 0.75rem; align-items: center; color: var(--muted); }
main { display: block; max-width: 62rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
main:focus { outline: none; }
h1 { font-size: 1.9rem; line-height: 1.2; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 0.75rem; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; overflow-x: auto; font-size: 0.9rem; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.92em; }
/* Inline code (an option, a client id, a URL) moves to the next line whole instead of breaking
   after a hyphen ("rcat-" / "cli", "-" / "-server"); only a value wider than the line wraps. */
:not(pre) > code { display: inline-block; max-width: 100%; overflow-wrap: anywhere; }
.site-footer { border-top: 1px solid var(--line); color: var(--muted); font-size: 0.9rem; }
.site-footer p { max-width: 62rem; margin: 0 auto; padding: 1rem; }
.hint { color: var(--muted); font-size: 0.95rem; }
.notice { background: #e8f1fd; border-left: 4px solid var(--accent); padding: 0.6rem 0.9rem; }
.error { background: #fdecec; border-left: 4px solid var(--danger); padding: 0.6rem 0.9rem; color: #5c0b0e; }
form.stacked { display: grid; gap: 0.4rem; max-width: 32rem; }
form.stacked button { justify-self: start; margin-top: 0.6rem; }
form.stacked label { margin-top: 0.5rem; }
form.stacked p { margin: 0; }
form.stacked .check label { margin-top: 0; }
form.inline { display: inline; margin: 0; }
label { font-weight: 600; }
input[type=text], input[type=email], input[type=password] { font: inherit; padding: 0.45rem 0.6rem; border: 1px solid #6b6f7b; border-radius: 4px; width: 100%; }
fieldset { border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 1rem 0.75rem; margin: 0.75rem 0 0; }
legend { font-weight: 600; padding: 0 0.3rem; }
.check { display: flex; gap: 0.5rem; align-items: baseline; margin: 0.35rem 0; }
.check label { font-weight: 400; }
button { font: inherit; font-weight: 600; padding: 0.45rem 1rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button:hover { filter: brightness(1.1); }
button.danger { background: #fff; color: var(--danger); border-color: var(--danger); padding: 0.25rem 0.7rem; }
button.link-button { background: none; border: none; color: var(--link); text-decoration: underline; padding: 0; font-weight: 400; }
.consent-decision { display: flex; gap: 1rem; margin-top: 1.5rem; }
.consent-decision button, .consent-decision button.danger { padding: 0.6rem 1.6rem; }
form.search { max-width: 40rem; }
form.search .copy-row { margin-top: 0.4rem; }
ol.results li { margin: 0.4rem 0; }
ol.results .kind { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); border: 1px solid currentColor; border-radius: 0.25rem; padding: 0 0.3rem; margin-left: 0.3rem; white-space: nowrap; }
ol.results .snippet { margin: 0.15rem 0; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.5rem; border-bottom: 1px solid var(--line); }
thead th { border-bottom: 2px solid #8a8e99; }
td form { margin: 0; }
ul.scopes { list-style: none; margin: 0; padding: 0; }
.tag { display: inline-block; font-size: 0.8rem; font-weight: 600; padding: 0 0.4rem; border-radius: 4px; border: 1px solid var(--line); }
.tag.unreviewed { background: #fff4d6; border-color: #b07d00; color: #4d3700; }
dl.client-facts { display: grid; grid-template-columns: max-content 1fr; gap: 0 0.5rem; margin: 0.3rem 0 0; font-size: 0.9rem; font-weight: 400; color: var(--muted); }
dl.client-facts dd { margin: 0; }
.status { font-weight: 600; }
.status-active { color: var(--ok); }
.status-revoked, .status-expired { color: var(--muted); }
.created { border: 2px solid var(--ok); background: #eef8f0; border-radius: 6px; padding: 0.25rem 1rem 0.75rem; margin: 1rem 0; }
.created h2 { margin-top: 0.75rem; }
.copy-row { display: flex; gap: 0.5rem; }
input.token { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1.25rem; margin: 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.kind { text-transform: uppercase; letter-spacing: 0.06em; font-size: 0.85rem; color: var(--muted); margin: 0; }
blockquote.evidence { margin: 0; padding: 0.25rem 1rem; border-left: 4px solid var(--line); background: var(--panel); white-space: pre-wrap; overflow-wrap: anywhere; }
.limitations li { margin: 0.25rem 0; }
.citation { overflow-wrap: anywhere; }
@media (max-width: 40rem) { dl.facts { grid-template-columns: 1fr; } table, thead, tbody, tr, th, td { display: block; } thead { display: none; } td, th { border: none; padding: 0.2rem 0; } tr { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
  td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  td[data-label] ul.scopes { display: inline; } td[data-label] ul.scopes li { display: inline; margin-right: 0.5rem; } }
`;

// Progressive enhancement only: reveals the Copy buttons and copies the token on click.
export const SCRIPT = `
document.querySelectorAll('button[data-copy-target]').forEach(function (button) {
  var input = document.getElementById(button.getAttribute('data-copy-target'));
  var status = document.getElementById('copy-status');
  if (!input) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    var done = function () { if (status) status.textContent = 'Copied to the clipboard.'; };
    input.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { if (status) status.textContent = 'Copy failed: select the token and copy it by hand.'; });
    } else {
      try { document.execCommand('copy'); done(); } catch (e) { if (status) status.textContent = 'Select the token and copy it by hand.'; }
    }
  });
});
`;

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0a4fb4"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">rc</text></svg>';

export function mountAssets(router: Router): void {
  router.get(['/assets/rcat.svg', '/favicon.ico'], (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(ICON);
  });
  router.get('/assets/rcat.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/css; charset=utf-8').send(STYLESHEET);
  });
  router.get('/assets/rcat.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript; charset=utf-8').send(SCRIPT);
  });
}
