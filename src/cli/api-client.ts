// The REST API as the CLI sees it: each call validates the answer with the shared schema, so
// `--json` prints exactly the server's documented shape (spec section 2) or fails loudly.
import { CatalogRecord, EntityId, SearchQuery, SearchResponse } from '../shared/schemas.js';
import { UsageReport } from '../shared/usage.js';
import { WhoAmI } from '../shared/whoami.js';
import type { z } from 'zod';
import { CliError, usageError } from './exit-codes.js';
import { getValidated } from './http-client.js';

export function checkQuery(query: string): string {
  const parsed = SearchQuery.safeParse(query);
  if (!parsed.success) throw usageError(`The search query ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
  return parsed.data;
}

export function checkEntityId(id: string): string {
  if (!EntityId.safeParse(id).success) {
    throw usageError(`"${id.slice(0, 80)}" is not an entity ID.`, 'IDs look like technique:0b7c…-…; `rcat search` shows them.');
  }
  return id;
}

/** Gives a bearer token; called again with the one the server refused (401) to get another. */
export type TokenProvider = (rejected?: string) => Promise<string>;

export class ApiClient {
  constructor(
    readonly server: string,
    private readonly token: TokenProvider,
  ) {}

  /** One retry after a 401 when the provider can offer a different token (an OAuth refresh). */
  private async get<S extends z.ZodType>(url: string, schema: S, action: string): Promise<z.infer<S>> {
    const token = await this.token();
    try {
      return await getValidated(url, schema, { token, action });
    } catch (error) {
      if (!(error instanceof CliError && error.kind === 'auth')) throw error;
      const other = await this.token(token).catch(() => undefined);
      if (!other || other === token) throw error;
      return getValidated(url, schema, { token: other, action });
    }
  }

  async search(query: string): Promise<SearchResponse> {
    return this.get(`${this.server}/api/agent/catalog/search?query=${encodeURIComponent(checkQuery(query))}`, SearchResponse, 'search');
  }

  async record(id: string): Promise<CatalogRecord> {
    return this.get(`${this.server}/api/agent/catalog/record?id=${encodeURIComponent(checkEntityId(id))}`, CatalogRecord, `fetch ${id}`);
  }

  async usage(): Promise<UsageReport> {
    return this.get(`${this.server}/api/agent/usage`, UsageReport, 'usage');
  }

  async whoami(): Promise<WhoAmI> {
    return this.get(`${this.server}/api/agent/whoami`, WhoAmI, 'token check');
  }
}
