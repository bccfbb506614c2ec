// One remote /mcp endpoint as the bridge sees it: its URL, its bearer token, the negotiated
// protocol version, and the optional listening stream for messages the server sends on its own.
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { exchangeRequest, type ExchangeTarget, type JsonRpcAnswer, postOneWay } from './exchange.js';
import type { TokenSource } from './token-source.js';
import { UpstreamFailure } from './upstream-failure.js';

export interface UpstreamDeps {
  fetch: FetchLike;
  send?: ExchangeTarget['send'];
  /** Requests may go through a proxy (for messages). */
  proxied?: boolean;
  tokens: TokenSource;
  /** Messages the server sends outside an answer's stream (its listening GET stream). */
  onServerMessage(upstream: Upstream, message: JSONRPCMessage): void;
  /** Aborted when the bridge shuts down. */
  lifetime: AbortSignal;
}

/** `https://host` or `https://host/mcp` → the MCP endpoint URL (spec 4.3: path /mcp). */
export function mcpUrlFor(origin: string): URL {
  const url = new URL(origin);
  url.pathname = '/mcp';
  url.search = '';
  url.hash = '';
  return url;
}

export class Upstream {
  readonly url: URL;
  readonly origin: string;
  protocolVersion?: string;
  private listener?: StreamableHTTPClientTransport;

  constructor(
    origin: string,
    private readonly deps: UpstreamDeps,
  ) {
    this.url = mcpUrlFor(origin);
    this.origin = this.url.origin;
  }

  private async target(rejected?: string): Promise<ExchangeTarget> {
    const token = await this.deps.tokens.token(this.origin, rejected);
    return { url: this.url, fetch: this.deps.fetch, send: this.deps.send, proxied: this.deps.proxied, token, protocolVersion: this.protocolVersion };
  }

  /**
   * Sends a request and resolves with its answer. A 401 re-reads the sign-in once (refreshed
   * by the credentials module, or a `rcat login` done meanwhile) and retries with the new token;
   * a second 401, or no different token, is final: never a loop.
   */
  async request(message: JSONRPCRequest, signal: AbortSignal, onOther: (m: JSONRPCMessage) => void): Promise<JsonRpcAnswer> {
    const first = await this.target();
    try {
      return await exchangeRequest(first, message, signal, onOther);
    } catch (error) {
      const kind = error instanceof UpstreamFailure ? error.details.kind : undefined;
      if (kind !== 'token_rejected' && kind !== 'not_signed_in') throw error;
      // Not signed in when the bridge last looked: a `rcat login` since then counts too.
      const renewed = await this.target(first.token ?? '');
      if (!renewed.token) throw error;
      return exchangeRequest(renewed, message, signal, onOther);
    }
  }

  /** Posts a notification or the host's answer to a server request. */
  async post(message: JSONRPCMessage, signal: AbortSignal): Promise<void> {
    await postOneWay(await this.target(), message, signal);
  }

  /**
   * Posts `notifications/initialized` on a transport that stays open, so the SDK opens the
   * optional listening stream (servers without one answer 405, which is fine).
   */
  async postInitialized(message: JSONRPCMessage): Promise<void> {
    const transport = await postOneWay(await this.target(), message, this.deps.lifetime, (m) => this.deps.onServerMessage(this, m));
    if (this.deps.lifetime.aborted) await transport?.close();
    else {
      await this.listener?.close();
      this.listener = transport;
    }
  }

  async close(): Promise<void> {
    await this.listener?.close().catch(() => {});
    this.listener = undefined;
  }
}
