// Discovery (RFC 8414, RFC 9728) and dynamic client registration (RFC 7591) over real HTTP,
// and the whole flow driven by the MCP SDK's own OAuth client against /mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema, type OAuthClientInformationMixed, type OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, type WebClient } from './support/web-client.js';
import { hiddenField, PASSWORD, register, restSearch, signedInBrowser } from './oauth-support.js';

let server: TestServer;
let web: WebClient;

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
});
afterAll(() => server.stop());

const getJson = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
};

describe('discovery', () => {
  it('RFC 8414 authorization server metadata names our endpoints, S256 only and public clients', async () => {
    const res = await getJson('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    const meta = OAuthMetadataSchema.parse(res.body);
    expect(meta.issuer).toBe(server.url);
    expect(meta.authorization_endpoint).toBe(`${server.url}/en/connect/authorize`);
    expect(meta.token_endpoint).toBe(`${server.url}/api/agent/oauth/token`);
    expect(meta.registration_endpoint).toBe(`${server.url}/api/agent/oauth/register`);
    expect(meta.revocation_endpoint).toBe(`${server.url}/api/agent/oauth/revoke`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(meta.token_endpoint_auth_methods_supported).toContain('none');
    expect(meta.scopes_supported).toEqual(['catalog:read', 'projects:read', 'shortlist:write']);
  });

  it('RFC 9728 protected resource metadata for the REST API and for /mcp', async () => {
    const rest = OAuthProtectedResourceMetadataSchema.parse((await getJson('/.well-known/oauth-protected-resource')).body);
    expect(rest.resource).toBe(server.url);
    expect(rest.authorization_servers).toEqual([server.url]);
    const mcp = OAuthProtectedResourceMetadataSchema.parse((await getJson('/.well-known/oauth-protected-resource/mcp')).body);
    expect(mcp.resource).toBe(`${server.url}/mcp`);
    expect(mcp.authorization_servers).toEqual([server.url]);
  });

  it('401s of the REST API point at the protected resource metadata', async () => {
    const res = await fetch(`${server.url}/api/agent/catalog/search?query=microscope`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client and echoes its metadata, without a secret', async () => {
    const res = await register(server, { client_name: 'Claude-like host', redirect_uris: ['http://localhost:33418/oauth/callback', 'https://app.example/cb'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] });
    expect(res.status).toBe(201);
    expect(res.body.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.client_secret).toBeUndefined();
    expect(res.body.client_name).toBe('Claude-like host');
    expect(res.body.redirect_uris).toEqual(['http://localhost:33418/oauth/callback', 'https://app.example/cb']);
  });

  it('gives a client that omits grant_types both grants, and a confidential client its secret once', async () => {
    const res = await register(server, { client_name: 'Minimal host', redirect_uris: ['https://app.example/cb'] });
    expect(res.status).toBe(201);
    expect(res.body.grant_types).toEqual(['authorization_code', 'refresh_token']);
    expect(res.body.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(res.body.client_secret).toEqual(expect.any(String));
    expect(res.body.client_secret_expires_at).toBe(0);
  });

  it.each([
    ['javascript: redirect', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_client_metadata'],
    ['data: redirect', { redirect_uris: ['data:text/html,hi'] }, 'invalid_client_metadata'],
    ['file: redirect', { redirect_uris: ['file:///etc/passwd'] }, 'invalid_redirect_uri'],
    ['http non-loopback', { redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
    ['fragment', { redirect_uris: ['https://app.example/cb#x'] }, 'invalid_redirect_uri'],
    ['userinfo', { redirect_uris: ['https://user:pw@app.example/cb'] }, 'invalid_redirect_uri'],
    ['relative', { redirect_uris: ['/cb'] }, 'invalid_client_metadata'],
    ['none', { redirect_uris: [] }, 'invalid_client_metadata'],
    ['missing', { redirect_uris: undefined }, 'invalid_client_metadata'],
    ['too many', { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example/cb${i}`) }, 'invalid_client_metadata'],
    ['long name', { client_name: 'x'.repeat(101) }, 'invalid_client_metadata'],
    ['empty name', { client_name: '   ' }, 'invalid_client_metadata'],
    ['control characters in name', { client_name: 'Good\u202eevil' }, 'invalid_client_metadata'],
    ["the CLI's reserved name", { client_name: 'RCAT command-line tool' }, 'invalid_client_metadata'],
    ['implicit grant', { grant_types: ['implicit'] }, 'invalid_client_metadata'],
    ['client_credentials', { grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ['token response', { response_types: ['token'] }, 'invalid_client_metadata'],
    ['private_key_jwt', { token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
  ])('refuses %s', async (_label, change, error) => {
    const res = await register(server, { client_name: 'Host', redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'none', ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it('answers malformed JSON and non-object bodies with 400', async () => {
    for (const body of ['{"redirect_uris":', '[]', '"x"']) {
      const res = await fetch(`${server.url}/api/agent/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
    }
  });
});

/** An OAuthClientProvider for the SDK client whose "browser" is our signed-in test client. */
class TestProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = 'http://127.0.0.1:45678/callback';
  get clientMetadata() {
    return { client_name: 'SDK test host', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('the MCP SDK client against /mcp', () => {
  it('discovers, registers, is sent to consent, exchanges the code and calls tools with a token bound to /mcp', async () => {
    const provider = new TestProvider();
    const mcpUrl = new URL(`${server.url}/mcp`);
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'sdk-test', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${server.url}/en/connect/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${server.url}/mcp`);

    const consent = await web.get(url.pathname + url.search);
    expect(consent.status).toBe(200);
    expect(consent.text).toContain('SDK test host');
    const decision = await web.post('/en/connect/authorize', { csrf: csrfFrom(consent.text), request: hiddenField(consent.text, 'request'), decision: 'allow' });
    const code = new URL(decision.location!).searchParams.get('code')!;
    await first.finishAuth(code);
    expect(provider.saved?.access_token).toMatch(/^rcat_oa_/);

    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('search');
    await client.close();
    expect((await restSearch(server, provider.saved!.access_token)).status).toBe(401); // audience is /mcp only
  });
});
