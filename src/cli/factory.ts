// What a command may use of the outside world, made once per run (the shape of GitHub CLI's
// cmdutil.Factory): the IO streams and environment, the HTTP client configured from that
// environment, the credential store, and constructors for the REST and MCP clients. The
// process builds it from its own streams (main.ts); a test builds it from in-memory streams and
// an environment of its own, and runs commands in process.
//
// Everything but the IO is made on first use, and its code loaded then: printing help or a
// usage error loads no HTTP client, no schema library and no keychain binding (cold start,
// docs/benchmarks.md).
import type { ApiClient } from './api-client.js';
import type { Credentials } from './credentials.js';
import type { HttpClient } from './http-client.js';
import type { ToolClient } from './mcp-client.js';
import type { Io } from './terminal.js';

export interface Factory {
  io: Io;
  /** The HTTP client for this run's environment (proxy, CA, timeouts). */
  http(): Promise<HttpClient>;
  /** The credential store for this run's environment. */
  credentials(): Promise<Credentials>;
  /** The REST API of `server`, with tokens from the credential store (refreshed on 401). */
  apiClient(server: string): Promise<ApiClient>;
  /** The MCP tools of `server` (rcat projects, shortlist add, inquiry). */
  toolClient(server: string): Promise<ToolClient>;
  /** Opens a URL in the user's browser; false when there is none to open. */
  openBrowser(url: string): Promise<boolean>;
  /** Releases the HTTP client's connections, if one was made. */
  close(): Promise<void>;
}

export function createFactory(io: Io): Factory {
  let core: Promise<{ http: HttpClient; credentials: Credentials; ApiClient: typeof ApiClient }> | undefined;
  const load = () =>
    (core ??= (async () => {
      const { ApiClient, Credentials, HttpClient } = await import('./clients.js');
      const http = new HttpClient(io.env);
      return { http, credentials: new Credentials(io.env, http), ApiClient };
    })());
  return {
    io,
    http: async () => (await load()).http,
    credentials: async () => (await load()).credentials,
    apiClient: async (server) => {
      const { http, credentials, ApiClient } = await load();
      return new ApiClient(server, (rejected) => credentials.accessToken(server, { rejected }), http);
    },
    toolClient: async (server) => {
      const { http, credentials } = await load();
      const { ToolClient } = await import('./mcp-client.js');
      return new ToolClient(server, credentials, http);
    },
    openBrowser: async (url) => (await import('./open-browser.js')).openBrowser(url, io.env),
    close: async () => {
      if (core) await (await core).http.close();
    },
  };
}
