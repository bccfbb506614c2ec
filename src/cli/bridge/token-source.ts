// Where the bridge gets bearer tokens: the CLI's credentials module (RCAT_TOKEN > keychain >
// file; OAuth tokens refreshed under a cross-process lock). The bridge never signs in itself
// and never opens a browser: with no usable sign-in it sends no token, the server answers 401,
// and the host is told to run `rcat login` (no auth loops, issue 7).
import type { Credentials } from '../credentials.js';
import { CliError } from '../exit-codes.js';

export interface TokenSource {
  /**
   * A bearer token for the /mcp endpoint of `origin`, or null when there is no usable sign-in.
   * With `rejected`, the server has just refused that token ('' when none was sent): look again
   * and return a different one (refreshed, or signed in meanwhile with `rcat login`) or null.
   */
  token(origin: string, rejected?: string): Promise<string | null>;
}

/** Re-reading credentials costs a keychain call: keep a token this long before asking again. */
const CACHE_MS = 30_000;

/**
 * Tokens from the credentials module. A failover host without a sign-in of its own uses the
 * first server's: the hosts given to one bridge serve one deployment.
 */
export class CredentialTokenSource implements TokenSource {
  private cache = new Map<string, { token: string | null; until: number }>();
  /** Lookups under way: concurrent requests for the same origin share one (one keychain call). */
  private pending = new Map<string, Promise<string | null>>();

  constructor(
    private readonly credentials: Credentials,
    private readonly primary: string,
    private readonly log: (line: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async token(origin: string, rejected?: string): Promise<string | null> {
    const cached = this.cache.get(origin);
    if (rejected === undefined && cached && cached.until > this.now()) return cached.token;
    if (rejected !== undefined) return this.refresh(origin, rejected);
    let pending = this.pending.get(origin);
    if (!pending) {
      pending = this.refresh(origin).finally(() => this.pending.delete(origin));
      this.pending.set(origin, pending);
    }
    return pending;
  }

  private async refresh(origin: string, rejected?: string): Promise<string | null> {
    let token = await this.lookup(origin, rejected);
    if (token === null && origin !== this.primary) token = await this.lookup(this.primary, rejected);
    // Cached: the new token or, with nothing better, the rejected one, so later requests still
    // say "rejected" rather than "not signed in". A rejection always looks again (a new
    // `rcat login` is noticed at once); an unchanged sign-in never triggers a loop.
    this.cache.set(origin, { token: token ?? (rejected || null), until: this.now() + CACHE_MS });
    return token !== null && token === rejected ? null : token;
  }

  private async lookup(origin: string, rejected?: string): Promise<string | null> {
    try {
      // Cheap check first: no credential at all is the common "not signed in" case.
      if (!(await this.credentials.load(origin))) return null;
      // `rejected` makes the credentials module refresh an OAuth sign-in even when its access
      // token still looks fresh (revoked, clock skew); for an agent token it means "no".
      return await this.credentials.accessToken(origin, { resource: `${origin}/mcp`, rejected: rejected || undefined });
    } catch (error) {
      if (error instanceof CliError) {
        this.log(`sign-in for ${origin} not usable: ${error.message}`);
        return null;
      }
      throw error;
    }
  }
}
