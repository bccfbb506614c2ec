// The HTTP client, the credential store, the REST client and the argument checks, loaded
// together on first use (by the factory, and by commands for their checks): one module, so one
// chunk of the bundle instead of several, and one dynamic import (Node 20 can fail concurrent
// import() calls whose module graphs overlap). `rcat --help` and `--version` never load it; zod
// loads only to explain an answer or a query that fails its check (./answer-shapes.ts), for the
// OAuth client (sign-in, refresh, logout: imported there, after this module) and for error
// answers (./http-failure.ts).
export { ApiClient, checkEntityId, checkQuery } from './api-client.js';
export { Credentials } from './credentials.js';
export { HttpClient } from './http-client.js';
