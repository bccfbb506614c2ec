// An account's OAuth connections, for the agent-connections page: one grant per completed
// authorization (the family of every access and refresh token issued from that code).
// Revoking a grant revokes the whole family at once; the next API or /mcp call with any of its
// tokens gets 401, and its refresh token is refused.
import type { Scope } from '../../../shared/scopes.js';
import type { Store } from '../../store/ports/index.js';
import type { OAuthClientRecord } from '../../store/ports/oauth.js';
import { CLI_CLIENT, CLI_CLIENT_ID, REGISTRATION_LIMITS } from './clients.js';

/**
 * What tells connections of look-alike clients apart (every mcp-remote instance registers itself
 * as "MCP CLI Proxy"): where the client's sign-ins return to, and when it registered.
 */
export interface ConnectedClientView {
  /** The pre-registered rcat CLI; every other client registered itself and chose its own name. */
  builtIn: boolean;
  /** The client's registered redirect URIs (client-supplied text: escape it when rendering). */
  redirectUris: string[];
  /** When the client registered; null for the built-in client or one no longer stored. */
  registeredAt: string | null;
}

export interface OAuthGrantView {
  id: string;
  clientId: string;
  /** Client-supplied text: escape it when rendering. */
  clientName: string;
  scopes: Scope[];
  /** Audiences (RFC 8707): the REST API base URL and/or the /mcp URL. */
  resources: string[];
  createdAt: string;
  /** When the connection lapses unless refreshed (its newest refresh token's expiry). */
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'revoked' | 'expired';
  client: ConnectedClientView;
}

function clientView(clientId: string, record: OAuthClientRecord | null): ConnectedClientView {
  if (clientId === CLI_CLIENT_ID) return { builtIn: true, redirectUris: [...CLI_CLIENT.redirectUris], registeredAt: null };
  return { builtIn: false, redirectUris: record ? [...record.redirectUris] : [], registeredAt: record?.createdAt ?? null };
}

export class OAuthGrantsService {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  /** The account's grants, newest first (revoked and expired ones included, marked by status). */
  async list(accountId: string): Promise<OAuthGrantView[]> {
    const now = this.now().getTime();
    const grants = await this.store.oauth.listGrantsForAccount(accountId);
    const clients = new Map<string, ConnectedClientView>();
    for (const clientId of new Set(grants.map((g) => g.clientId))) {
      clients.set(clientId, clientView(clientId, clientId === CLI_CLIENT_ID ? null : await this.store.oauth.getClient(clientId, this.now(), REGISTRATION_LIMITS)));
    }
    return grants
      .map((g): OAuthGrantView => ({
        id: g.id,
        clientId: g.clientId,
        clientName: g.clientName,
        scopes: [...g.scopes],
        resources: [...g.resources],
        createdAt: g.createdAt,
        expiresAt: g.expiresAt,
        lastUsedAt: g.lastUsedAt,
        revokedAt: g.revokedAt,
        status: g.revokedAt ? 'revoked' : Date.parse(g.expiresAt) <= now ? 'expired' : 'active',
        client: clients.get(g.clientId)!,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * Revokes one of the account's grants (and every token of it). Returns false when the grant
   * does not exist or belongs to another account (nothing changes then). Idempotent.
   */
  async revoke(accountId: string, grantId: string): Promise<boolean> {
    const grant = await this.store.oauth.getGrant(grantId);
    if (!grant || grant.accountId !== accountId) return false;
    await this.store.oauth.revokeGrant(grantId, this.now(), 'user');
    return true;
  }
}
