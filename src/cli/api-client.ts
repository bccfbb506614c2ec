// The REST API as the CLI sees it: each call validates the answer with the shared schema, so
// `--json` prints exactly the server's documented shape (spec section 2) or fails loudly.
import { CatalogRecord, EntityId, SearchQuery, SearchResponse } from '../shared/schemas.js';
import { UsageReport } from '../shared/usage.js';
import { WhoAmI } from '../shared/whoami.js';
import { usageError } from './exit-codes.js';
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

export class ApiClient {
  constructor(
    readonly server: string,
    private readonly token: () => Promise<string>,
  ) {}

  async search(query: string): Promise<SearchResponse> {
    const url = `${this.server}/api/agent/catalog/search?query=${encodeURIComponent(checkQuery(query))}`;
    return getValidated(url, SearchResponse, { token: await this.token(), action: 'search' });
  }

  async record(id: string): Promise<CatalogRecord> {
    const url = `${this.server}/api/agent/catalog/record?id=${encodeURIComponent(checkEntityId(id))}`;
    return getValidated(url, CatalogRecord, { token: await this.token(), action: `fetch ${id}` });
  }

  async usage(): Promise<UsageReport> {
    return getValidated(`${this.server}/api/agent/usage`, UsageReport, { token: await this.token(), action: 'usage' });
  }

  async whoami(): Promise<WhoAmI> {
    return getValidated(`${this.server}/api/agent/whoami`, WhoAmI, { token: await this.token(), action: 'token check' });
  }
}
