// HTTP through a proxy: undici's EnvHttpProxyAgent, loaded only when HTTPS_PROXY / HTTP_PROXY
// is set (http-client.ts). It honours NO_PROXY, tunnels HTTPS with CONNECT, and applies the
// same CA list and timeouts as the direct client (http-node.ts). undici's `request()` is used,
// not its WHATWG fetch, which costs several times more per call (bench/bridge.bench.ts).
import type { Dispatcher } from 'undici';
import type { Answer, NodeHttpOptions, SendOptions } from './http-node.js';

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

export async function createProxyHttp(proxy: ProxySettings, options: NodeHttpOptions) {
  const loaded = await import('undici');
  // undici is CommonJS: its exports are the module's `default` (bundled, the only way in).
  const { EnvHttpProxyAgent, request } = ('default' in loaded ? loaded.default : loaded) as typeof import('undici');
  const tls = options.ca ? { ca: options.ca } : {};
  // Through a proxy the TLS session to the server is `requestTls` (and to an HTTPS proxy,
  // `proxyTls`); without one it is `connect`. The extra CAs must reach all three.
  const agent = new EnvHttpProxyAgent({
    ...proxy,
    connect: { timeout: 10_000, ...tls },
    requestTls: { timeout: 10_000, ...tls },
    proxyTls: { timeout: 10_000, ...tls },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  } as ConstructorParameters<typeof EnvHttpProxyAgent>[0]);
  return {
    async send(url: string, send: SendOptions): Promise<Answer> {
      const answer = await request(url, {
        method: send.method as Dispatcher.HttpMethod,
        headers: send.headers,
        body: send.body,
        signal: send.signal,
        dispatcher: agent,
      });
      return { status: answer.statusCode, headers: answer.headers, body: answer.body };
    },
    close: () => agent.close().catch(() => undefined),
  };
}
