// The REST API as the CLI sees it: each call validates the answer with the shared schema's shape
// (./answer-shapes.ts), so `--json` prints exactly the server's documented shape (spec section 2)
// or fails loudly.
import { ENTITY_ID_PATTERN } from '../shared/entity-id.js';
import { isValidQuery } from '../shared/query-rule.js';
import type { CatalogRecord, SearchResponse } from '../shared/schemas.js';
import type { UsageReport } from '../shared/usage.js';
import type { WhoAmI } from '../shared/whoami.js';
import { type AnswerShape, RECORD_ANSWER, SEARCH_ANSWER, USAGE_ANSWER, WHOAMI_ANSWER } from './answer-shapes.js';
import { CliError, safeText, usageError } from './exit-codes.js';
import type { HttpClient } from './http-client.js';

/** The query as the shared rule takes it; a usage error with the schema's message otherwise. */
export async function checkQuery(query: string): Promise<string> {
  if (isValidQuery(query)) return query;
  const { SearchQuery } = await import('./answer-schemas.js');
  const parsed = SearchQuery.safeParse(query);
  if (!parsed.success) throw usageError(`The search query ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
  return parsed.data;
}

/**
 * An entity ID as the user may paste it: `type:uuid`, with the colon percent-encoded (as in a
 * query string, spec section 2), or a record's citation URL (`…/catalogue/<type>/<uuid>`).
 * Returns the plain ID; anything else is a usage error.
 */
export function checkEntityId(input: string): string {
  let id = input.trim().replace(/%3a/i, ':');
  const fromUrl = /^https?:\/\/[^/]+\/(?:[a-z]{2}\/)?catalogue\/(equipment|laboratory|technique)\/([0-9a-f-]{36})\/?$/.exec(id);
  if (fromUrl) id = `${fromUrl[1]}:${fromUrl[2]}`;
  if (!ENTITY_ID_PATTERN.test(id)) {
    throw usageError(`"${safeText(input, 80)}" is not an entity ID.`, 'IDs look like technique:0b7c…-…; `rcat search` shows them.');
  }
  return id;
}

/** Gives a bearer token; called again with the one the server refused (401) to get another. */
export type TokenProvider = (rejected?: string) => Promise<string>;

export class ApiClient {
  constructor(
    readonly server: string,
    private readonly token: TokenProvider,
    private readonly http: HttpClient,
  ) {}

  /** One retry after a 401 when the provider can offer a different token (an OAuth refresh). */
  private async get<T>(url: string, shape: AnswerShape<T>, action: string): Promise<T> {
    const token = await this.token();
    try {
      return await this.http.getValidated(url, shape, { token, action });
    } catch (error) {
      if (!(error instanceof CliError && error.kind === 'auth')) throw error;
      const other = await this.token(token).catch(() => undefined);
      if (!other || other === token) throw error;
      return this.http.getValidated(url, shape, { token: other, action });
    }
  }

  async search(query: string): Promise<SearchResponse> {
    return this.get(`${this.server}/api/agent/catalog/search?query=${encodeURIComponent(await checkQuery(query))}`, SEARCH_ANSWER, 'search');
  }

  async record(id: string): Promise<CatalogRecord> {
    const plain = checkEntityId(id);
    return this.get(`${this.server}/api/agent/catalog/record?id=${encodeURIComponent(plain)}`, RECORD_ANSWER, `fetch ${plain}`);
  }

  async usage(): Promise<UsageReport> {
    return this.get(`${this.server}/api/agent/usage`, USAGE_ANSWER, 'usage');
  }

  async whoami(): Promise<WhoAmI> {
    return this.get(`${this.server}/api/agent/whoami`, WHOAMI_ANSWER, 'token check');
  }
}
