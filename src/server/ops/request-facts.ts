// What the access log and the metrics say about one request, reduced to values that are safe to
// record: a route family and template (never the raw path or query: a search query is the
// researcher's text), a method and status class from fixed sets (so metric labels stay bounded),
// the client address, a request id, and the account as a one-way hash (docs/operations.md).
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Which interface answered: the label every request metric carries. */
export type RouteFamily = 'rest' | 'mcp' | 'oauth' | 'web' | 'ops';

/**
 * The family of a request target, from its path alone (a few prefix checks). OAuth's endpoints
 * (docs/oauth.md) sit under /api/agent/oauth/, /.well-known/oauth-* and the authorize page.
 */
export function routeFamily(url: string): RouteFamily {
  if (url.charCodeAt(0) !== 47 /* "/" */) url = absolutePath(url);
  if (url.startsWith('/api/')) return url.startsWith('/api/agent/oauth/') ? 'oauth' : 'rest';
  if (url.startsWith('/mcp') && (url.length === 4 || url[4] === '?' || url[4] === '/')) return 'mcp';
  if (url.startsWith('/.well-known/oauth-') || url.startsWith('/en/connect/authorize')) return 'oauth';
  if (OPS_PATH.test(url)) return 'ops';
  return 'web';
}

const OPS_PATH = /^\/(healthz|readyz|metrics)(\?|$)/;

/** The path of an absolute-form request target (as a proxy may send it). */
function absolutePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The method as a metric label: the common ones, everything else "other". */
export function methodLabel(method: string | undefined): string {
  return METHODS[methodIndex(method)] ?? 'other';
}

/** The method's place in the list of common ones; that list's length for any other. */
export function methodIndex(method: string | undefined): number {
  const index = method === undefined ? -1 : METHODS.indexOf(method);
  return index === -1 ? METHODS.length : index;
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
}

// Facts noted on the request by the code that learns them (the route by the REST fast path, the
// account by the authentication gate). A symbol property: no allocation, invisible to JSON.
const ROUTE = Symbol('rcat.route');
const ACCOUNT = Symbol('rcat.account');
type Noted = IncomingMessage & { [ROUTE]?: string; [ACCOUNT]?: string };

/** Records the route template that answers this request (for handlers outside Express). */
export function noteRoute(req: IncomingMessage, template: string): void {
  (req as Noted)[ROUTE] = template;
}

/** Records which account a request acted for, once it is authenticated. */
export function noteAccount(req: object, accountId: string): void {
  (req as { [ACCOUNT]?: string })[ACCOUNT] = accountId;
}

export function notedAccount(req: IncomingMessage): string | undefined {
  return (req as Noted)[ACCOUNT];
}

interface ExpressRouted {
  route?: { path?: unknown };
  baseUrl?: string;
  path?: string;
}

/**
 * The route template that answered (e.g. `/en/catalogue/:type/:uuid`), or null when no route
 * did (a 404 for an unknown path: the path itself is the client's text, so it is not recorded).
 * Express leaves the matched route on the request; the fast path notes its own.
 */
export function routeTemplate(req: IncomingMessage, status: number): string | null {
  const noted = (req as Noted)[ROUTE];
  if (noted !== undefined) return noted;
  const routed = req as IncomingMessage & ExpressRouted;
  const path = routed.route?.path;
  const base = routed.baseUrl ?? '';
  if (typeof path === 'string') return base + path;
  // A route declared for several literal paths: the one that matched.
  if (Array.isArray(path) && typeof routed.path === 'string' && path.includes(routed.path)) return base + routed.path;
  // Middleware mounted on a path (router.use('/x', handler)) that answered itself.
  if (status !== 404 && base !== '') return base;
  return null;
}

/** A request id from a trusted proxy: short, and only characters that are safe in any log. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The proxy's X-Request-Id when the proxy is trusted and the value is sane; otherwise a new id. */
export function requestId(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
  }
  return randomUUID();
}

/**
 * The client's address: the socket's peer, or with a trusted proxy the first address of
 * X-Forwarded-For (as Express's `trust proxy` = true reads it), if it is an IP address.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    if (typeof forwarded === 'string') {
      const comma = forwarded.indexOf(',');
      const first = (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim();
      if (isIP(first)) return first;
    }
  }
  return req.socket.remoteAddress;
}

const ACCOUNT_HASH_CACHE_LIMIT = 10_000;

/**
 * Account ids in the log as the first 16 hex digits of their SHA-256: an operator can find an
 * account's lines (hash its id the same way), a reader of the log learns no id. Kept per id so
 * a busy account is hashed once; the cache is dropped whole when it grows past its bound.
 */
export class AccountHasher {
  private readonly cache = new Map<string, string>();

  hash(accountId: string): string {
    let hashed = this.cache.get(accountId);
    if (hashed === undefined) {
      if (this.cache.size >= ACCOUNT_HASH_CACHE_LIMIT) this.cache.clear();
      hashed = createHash('sha256').update(accountId).digest('hex').slice(0, 16);
      this.cache.set(accountId, hashed);
    }
    return hashed;
  }
}
