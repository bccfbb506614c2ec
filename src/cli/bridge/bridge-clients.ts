// What `rcat mcp` loads before it reads the host's first message, in one chunk of the bundle and
// one dynamic import: the HTTP client and the credential store (without the REST and OAuth
// clients of src/cli/clients.ts, whose schemas load zod), the token source and the log. The
// bridge itself (./bridge.ts) is a second import, loaded while the sign-in is looked up.
export { Credentials } from '../credentials.js';
export { HttpClient } from '../http-client.js';
export { createBridgeLog } from './bridge-log.js';
export { CredentialTokenSource } from './token-source.js';
