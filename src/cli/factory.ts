// What a command may use of the outside world, made once per run (the shape of GitHub CLI's
// cmdutil.Factory): the IO streams and environment, the HTTP client configured from that
// environment, the credential store, and constructors for the REST and MCP clients. The
// process builds it from its own streams (main.ts); a test builds it from in-memory streams and
// an environment of its own, and runs commands in process.
import { ApiClient } from './api-client.js';
import { Credentials } from './credentials.js';
import { HttpClient } from './http-client.js';
import { ToolClient } from './mcp-client.js';
import { openBrowser } from './open-browser.js';
import type { Io } from './terminal.js';

export interface Factory {
  io: Io;
  http: HttpClient;
  credentials: Credentials;
  /** The REST API of `server`, with tokens from the credential store (refreshed on 401). */
  apiClient(server: string): ApiClient;
  /** The MCP tools of `server` (rcat projects, shortlist add, inquiry). */
  toolClient(server: string): ToolClient;
  /** Opens a URL in the user's browser; false when there is none to open. */
  openBrowser(url: string): Promise<boolean>;
}

export function createFactory(io: Io): Factory {
  const http = new HttpClient(io.env);
  const credentials = new Credentials(io.env, http);
  return {
    io,
    http,
    credentials,
    apiClient: (server) => new ApiClient(server, (rejected) => credentials.accessToken(server, { rejected }), http),
    toolClient: (server) => new ToolClient(server, credentials, http),
    openBrowser: (url) => openBrowser(url, io.env),
  };
}
