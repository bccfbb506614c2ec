// The HTTP client, the credential store and the REST client, loaded together on first use by
// the factory (one dynamic import: Node 20 can fail concurrent import() calls whose module
// graphs overlap). `rcat --help` and `--version` never load them, nor zod under them.
export { ApiClient } from './api-client.js';
export { Credentials } from './credentials.js';
export { HttpClient } from './http-client.js';
