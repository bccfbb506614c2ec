// `rcat login` in the browser: OAuth 2.0 authorization code flow with PKCE S256 (RFC 7636) and
// a loopback redirect (RFC 8252 section 7.3): a one-shot HTTP listener on 127.0.0.1, port
// chosen by the OS, path /callback (the pre-registered redirect of client `rcat-cli`).
//  - `state` is compared exactly; requests without the right state are answered 400 and
//    ignored (a stray request cannot end or hijack the sign-in);
//  - the first request with the right state is the only one accepted; the listener closes;
//  - `iss`, when sent, must be the discovered issuer (RFC 9207, mix-up defence);
//  - the code is exchanged with the verifier for a token bound to both resources (RFC 8707).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoredCredential } from './credential-stores.js';
import { cliResources } from './credentials.js';
import { CliError, authError, safeText } from './exit-codes.js';
import type { HttpClient } from './http-client.js';
import { type AuthorizationServerMetadata, CLI_CLIENT_ID, discoverAuthorizationServer, expiresAtFrom, tokenRequest } from './oauth-client.js';

export interface BrowserLoginOptions {
  http: HttpClient;
  server: string;
  scopes: string[];
  timeoutSeconds: number;
  /** Called with the authorization URL: opens a browser or prints it. */
  present(url: string): Promise<void> | void;
}

const base64url = (buf: Buffer) => buf.toString('base64url');

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The listener closes right after answering: the empty icon link stops a favicon request to it. */
// The loopback page the browser lands on: the look of the server's pages (their palette, type
// and header), self-contained (no request back to anything), and it says what to do next.
const PAGE_STYLE = [
  ':root{--text:#1b1b1f;--muted:#4a4a55;--panel:#f3f4f7;--line:#c9ccd4;--accent:#0a4fb4;--danger:#a4161a;--ok:#1b6e2a}',
  'html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;line-height:1.55;color:var(--text)}',
  'body{margin:0;font-size:1.0625rem}',
  'header{background:var(--panel);border-bottom:1px solid var(--line);padding:.75rem 1rem;font-weight:700;font-size:1.2rem}',
  'main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  'h1{font-size:1.9rem;line-height:1.2;margin:.5rem 0 1rem}',
  '.ok,.failed{padding:.6rem .9rem;border-left:4px solid}',
  '.ok{background:#e9f5ec;border-color:var(--ok)}',
  '.failed{background:#fdecec;border-color:var(--danger);color:#5c0b0e}',
  '.hint{color:var(--muted)}',
].join('');

function page(title: string, message: string, ok: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><header>rcat</header><main><h1>${escapeHtml(title)}</h1><p class="${ok ? 'ok' : 'failed'}" role="status">${escapeHtml(message)}</p>` +
    `<p class="hint">You can close this tab and return to the terminal.</p></main></body></html>`;
}

type Callback = { code: string } | { error: string; description?: string };

/** Listens for the one redirect; resolves with its parameters, rejects on timeout. */
async function listenForRedirect(
  state: string,
  issuer: string | undefined,
  timeoutSeconds: number,
  ready: (redirectUri: string) => Promise<void>,
): Promise<{ callback: Callback; respond: (ok: boolean, message: string) => void }> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  let timer: NodeJS.Timeout | undefined;
  const result = new Promise<{ callback: Callback; respond: (ok: boolean, message: string) => void }>((resolve, reject) => {
    timer = setTimeout(() => {
      reject(new CliError('auth', `No answer from the browser within ${timeoutSeconds} seconds; you are not signed in.`, {
        hint: 'Run `rcat login` again (use --timeout to allow more time, or --with-token to paste an agent token).',
      }));
    }, timeoutSeconds * 1000);
    server.on('request', (req, res) => {
      const url = new URL(req.url ?? '/', redirectUri);
      const answer = (status: number, title: string, message: string) => {
        res.writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
        });
        res.end(page(title, message, status < 400));
      };
      if (req.method !== 'GET' || url.pathname !== '/callback') return answer(404, 'Not found', 'This address only receives the rcat sign-in.');
      const got = url.searchParams.get('state');
      if (!got || !sameString(got, state)) {
        return answer(400, 'Sign-in not recognised', 'This sign-in answer does not belong to the waiting rcat login. Start again from the terminal.');
      }
      const iss = url.searchParams.get('iss');
      server.removeAllListeners('request');
      server.on('request', (_q, r) => { r.writeHead(410).end(); });
      const respond = (ok: boolean, message: string) => {
        answer(ok ? 200 : 400, ok ? 'Signed in to rcat' : 'rcat sign-in failed', message);
        server.close();
        server.closeAllConnections?.();
      };
      if (iss !== null && issuer !== undefined && iss !== issuer) {
        return resolve({ callback: { error: 'issuer_mismatch', description: 'the answer came from a different authorization server' }, respond });
      }
      const error = url.searchParams.get('error');
      const code = url.searchParams.get('code');
      if (error) resolve({ callback: { error, description: url.searchParams.get('error_description') ?? undefined }, respond });
      else if (code) resolve({ callback: { code }, respond });
      else resolve({ callback: { error: 'invalid_request', description: 'no code in the answer' }, respond });
    });
  });
  try {
    await ready(redirectUri);
    return await result;
  } catch (error) {
    server.close();
    server.closeAllConnections?.();
    throw error;
  } finally {
    clearTimeout(timer);
    // Keep a pending `result` rejection from being reported as unhandled after an early failure.
    result.catch(() => undefined);
  }
}

export function authorizationUrl(meta: AuthorizationServerMetadata, params: Record<string, string | string[]>): string {
  const url = new URL(meta.authorization_endpoint);
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
  return url.toString();
}

/** Runs the whole flow; returns the credential to save (not yet saved). */
export async function browserLogin(options: BrowserLoginOptions): Promise<StoredCredential> {
  const meta = await discoverAuthorizationServer(options.http, options.server);
  const { verifier, challenge } = pkcePair();
  const state = base64url(randomBytes(24));
  const resources = cliResources(options.server);
  let redirectUri = '';
  const { callback, respond } = await listenForRedirect(state, meta.issuer, options.timeoutSeconds, async (uri) => {
    redirectUri = uri;
    await options.present(authorizationUrl(meta, {
      response_type: 'code',
      client_id: CLI_CLIENT_ID,
      redirect_uri: uri,
      scope: options.scopes.join(' '),
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: resources,
    }));
  });
  if ('error' in callback) {
    const denied = callback.error === 'access_denied';
    respond(false, denied ? 'You did not allow access: rcat is not signed in.' : 'The sign-in did not complete; the terminal says why.');
    const why = callback.description ? `: ${safeText(callback.description, 200)}` : '';
    throw authError(denied ? 'Access was denied in the browser; you are not signed in.' : `The sign-in failed (${safeText(callback.error, 60)}${why}).`,
      'Run `rcat login` to try again.');
  }
  try {
    const tokens = await tokenRequest(options.http, meta.token_endpoint, {
      grant_type: 'authorization_code',
      code: callback.code,
      redirect_uri: redirectUri,
      client_id: CLI_CLIENT_ID,
      code_verifier: verifier,
      resource: resources,
    }, 'sign-in');
    respond(true, 'You are signed in: rcat can use the catalogue with the permissions you allowed.');
    return {
      kind: 'oauth',
      accessToken: tokens.access_token,
      expiresAt: expiresAtFrom(tokens.expires_in),
      refreshToken: tokens.refresh_token,
      refreshExpiresAt: expiresAtFrom(tokens.refresh_token_expires_in),
      scopes: (tokens.scope ?? options.scopes.join(' ')).split(' ').filter(Boolean),
      clientId: CLI_CLIENT_ID,
      tokenEndpoint: meta.token_endpoint,
      revocationEndpoint: meta.revocation_endpoint,
      resources,
    };
  } catch (error) {
    respond(false, 'The sign-in could not be completed. Return to the terminal for details.');
    throw error;
  }
}
