// Redirect URI policy: what a client may register (RFC 7591 section 2, RFC 8252 sections 7 and
// 8.4, RFC 9700 section 2.1) and how an authorization request's redirect_uri is matched.
//
// Matching is exact string comparison (RFC 9700 section 4.1.3), with one exception: for a
// loopback redirect (`http://127.0.0.1`, `http://[::1]`, and `http://localhost`, which MCP hosts
// register in practice) the port may differ, because native apps get an ephemeral port from the
// OS (RFC 8252 section 7.3). Scheme, host, path and query must still match exactly; the host is
// never swapped (localhost does not match 127.0.0.1).

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_LENGTH = 512;
/** Schemes never acceptable as a redirect target (script execution, local files, other handlers). */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'ws:', 'wss:', 'ftp:', 'mailto:', 'tel:', 'sms:']);

/** Why a redirect URI cannot be registered, or null when it is acceptable. */
export function redirectUriProblem(value: string): string | null {
  if (value.length > MAX_REDIRECT_URI_LENGTH) return `longer than ${MAX_REDIRECT_URI_LENGTH} characters`;
  if (/[\u0000-\u0020\u007f]/.test(value)) return 'contains spaces or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not an absolute URI';
  }
  // RFC 6749 section 3.1.2: the redirection endpoint URI MUST NOT include a fragment.
  if (value.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain user information';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `the ${url.protocol} scheme is not allowed`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    // RFC 8252 section 8.3 / RFC 9700 section 2.1: plain http only for loopback.
    return LOOPBACK_HOSTS.has(url.hostname) ? null : 'http is allowed only for loopback addresses (127.0.0.1, [::1], localhost); use https';
  }
  // Private-use URI scheme of a native app (RFC 8252 section 7.1), e.g. com.example.app:/cb.
  if (/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) return null;
  return 'unsupported scheme';
}

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Whether a requested redirect_uri matches a registered one (see the header comment). */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  if (requested.includes('#') || /[\u0000-\u0020\u007f]/.test(requested)) return false;
  let req: URL;
  let reg: URL;
  try {
    req = new URL(requested);
    reg = new URL(registered);
  } catch {
    return false;
  }
  if (!isLoopback(req) || !isLoopback(reg)) return false;
  if (req.username || req.password) return false;
  return req.hostname === reg.hostname && req.pathname === reg.pathname && req.search === reg.search;
}
