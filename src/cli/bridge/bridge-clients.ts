// What `rcat mcp` needs of the CLI's clients: the HTTP client and the credential store, without
// the REST client and the OAuth client (src/cli/clients.ts), whose schemas load zod. One module,
// so one dynamic import.
export { Credentials } from '../credentials.js';
export { HttpClient } from '../http-client.js';
