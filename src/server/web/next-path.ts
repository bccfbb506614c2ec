// The `next` parameter of the sign-in page: after sign-in we only ever redirect to a path on
// this server, never to another origin (no open redirect, RFC 9700 section 4.11).
export const DEFAULT_AFTER_SIGN_IN = '/en/account';

export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 4096) return DEFAULT_AFTER_SIGN_IN;
  // Must be an absolute path: not "//host", not "/\host" (browsers treat "\" as "/"), no controls.
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(next, 'http://rcat.invalid');
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== 'http://rcat.invalid') return DEFAULT_AFTER_SIGN_IN;
  // Never bounce back to the sign-in or sign-out handlers themselves.
  if (url.pathname === '/en/sign-in' || url.pathname === '/en/sign-out') return DEFAULT_AFTER_SIGN_IN;
  // Resolving dot segments can make a path protocol-relative again: "/.//evil.example" and
  // "/a/..//evil.example" become "//evil.example", which a browser reads as another host.
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('//')) return DEFAULT_AFTER_SIGN_IN;
  return path;
}
