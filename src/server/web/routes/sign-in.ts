// /en/sign-in and /en/sign-out. The rules of a sign-in (one generic failure, no account
// enumeration, the same scrypt work whether or not the account exists, repeated failures slowed)
// are the sign-in service's (src/server/services/sign-in.ts); after success a redirect only to a
// local path (next-path.ts).
// The sign-in form has no session yet, so its CSRF defence is a signed pre-session cookie
// (`rcat_signin`) and a form value only this server can derive from it (services/sign-in-form.ts).
import type { Request, Response, Router } from 'express';
import { retryWhen } from '../../../shared/rate-limit-text.js';
import type { WebDeps } from '../web-deps.js';
import { csrfRejected, formField, verifyCsrf, verifySameOrigin } from '../csrf.js';
import { html, renderPage, type SafeHtml } from '../html.js';
import { safeNextPath } from '../next-path.js';
import { sendHtml } from '../page-security.js';
import { cookieAttributes, loadSession, readCookie, signIn, signOut } from '../session.js';

const SIGN_IN_COOKIE = 'rcat_signin';
const GENERIC_FAILURE = 'The e-mail address or password is not correct, or this account cannot sign in.';
const MAX_EMAIL = 254;
const MAX_PASSWORD = 1024;

/** The form value for a sign-in form, (re)setting its signed pre-session cookie (services/sign-in-form.ts). */
async function signInCsrf(req: Request, res: Response, deps: WebDeps): Promise<string> {
  const { cookie, field } = await deps.services.signInForm.issue(readCookie(req, SIGN_IN_COOKIE) ?? undefined);
  // Re-sent on every form view so the form stays valid for an hour after it is shown.
  res.append('Set-Cookie', `${SIGN_IN_COOKIE}=${cookie}; ${cookieAttributes(deps, 3600)}`);
  return field;
}

function form(opts: { csrf: string; next: string; email?: string; error?: string; notice?: string }): SafeHtml {
  return html`<h1>Sign in</h1>
    ${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : ''}
    ${opts.error ? html`<p class="error" role="alert" id="sign-in-error">${opts.error}</p>` : ''}
    <form method="post" action="/en/sign-in" class="stacked">
      <input type="hidden" name="csrf" value="${opts.csrf}">
      <input type="hidden" name="next" value="${opts.next}">
      <label for="email">Email address</label>
      <input id="email" name="email" type="email" autocomplete="username" required maxlength="${MAX_EMAIL}" value="${opts.email ?? ''}"
        ${opts.error ? html`aria-describedby="sign-in-error"` : ''}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="${MAX_PASSWORD}">
      <button type="submit">Sign in</button>
    </form>
    <p>The catalogue needs an account. The <a href="/en/guides">guides</a> are public.</p>`;
}

export function mountSignIn(router: Router, deps: WebDeps): void {
  router.get('/en/sign-in', async (req, res) => {
    const next = safeNextPath(req.query.next);
    if (await loadSession(req, deps)) {
      res.redirect(303, next);
      return;
    }
    const notice = req.query.signed_out === '1' ? 'You are signed out.'
      : next.startsWith('/en/connect/authorize') ? 'An application asks to connect to your rcat account. Sign in to review its request.'
      : next.startsWith('/en/catalogue') ? 'Catalogue records are for signed-in accounts. Sign in to continue.' : undefined;
    sendHtml(res, 200, renderPage({ title: 'Sign in', body: form({ csrf: await signInCsrf(req, res, deps), next, notice }) }));
  });

  router.post('/en/sign-in', async (req, res) => {
    const cookie = readCookie(req, SIGN_IN_COOKIE);
    const sent = formField(req, 'csrf');
    verifySameOrigin(req);
    if (!sent || !(await deps.services.signInForm.matches(cookie ?? undefined, sent))) throw csrfRejected();
    const next = safeNextPath(formField(req, 'next'));
    const email = (formField(req, 'email') ?? '').trim();
    const password = formField(req, 'password') ?? '';
    const again = (status: number, error: string) =>
      sendHtml(res, status, renderPage({ title: 'Sign in', body: form({ csrf: sent, next, email: email.slice(0, MAX_EMAIL), error }) }));

    if (!email || !password || email.length > MAX_EMAIL || password.length > MAX_PASSWORD) {
      again(400, 'Enter your e-mail address and password.');
      return;
    }
    const outcome = await deps.services.signIn.attempt({ email, password, ip: req.ip ?? 'unknown' });
    if (outcome.kind === 'throttled') {
      const wait = outcome.retryAfterSeconds;
      res.setHeader('Retry-After', String(wait));
      again(429, `Too many failed sign-ins; try again ${retryWhen(wait, deps.now())}.`);
      return;
    }
    if (outcome.kind === 'refused') {
      // The failure was counted when the attempt was admitted.
      again(401, GENERIC_FAILURE);
      return;
    }
    await signIn(req, res, deps, outcome.account);
    res.redirect(303, next);
  });

  router.get('/en/sign-out', async (req, res) => {
    const current = await loadSession(req, deps);
    if (!current) {
      res.redirect(303, '/en/sign-in');
      return;
    }
    const body = html`<h1>Sign out</h1>
      <form method="post" action="/en/sign-out"><input type="hidden" name="csrf" value="${current.session.csrfToken}">
      <button type="submit">Sign out</button></form>`;
    sendHtml(res, 200, renderPage({ title: 'Sign out', body, account: current.account, csrfToken: current.session.csrfToken }));
  });

  router.post('/en/sign-out', async (req, res) => {
    if (!(await loadSession(req, deps))) {
      // Nothing to end; still clear any stale cookie. Not an error a user can act on.
      await signOut(req, res, deps);
      res.redirect(303, '/en/sign-in?signed_out=1');
      return;
    }
    verifyCsrf(req);
    await signOut(req, res, deps);
    res.redirect(303, '/en/sign-in?signed_out=1');
  });
}
