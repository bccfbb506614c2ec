// Tokens after the code exchange, over real HTTP: refresh rotation and reuse detection,
// audience binding (RFC 8707) at the REST API and /mcp, scopes never widened, revocation
// (RFC 7009), confidential clients, and the grants behind the agent-connections page.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthTokenVerifier } from '../src/server/auth/oauth-token-verifier.js';
import type { Account } from '../src/server/store/ports/index.js';
import { startTestServer, type TestServer } from './support/server.js';
import type { WebClient } from './support/web-client.js';
import { connect, exchangeCode, obtainCode, PASSWORD, pkce, register, registerPublicClient, restSearch, signedInBrowser, tokenRequest } from './oauth-support.js';

let server: TestServer;
let account: Account;
let web: WebClient;
let clientId: string;
const REDIRECT = 'https://host.example/callback';
let clock = Date.parse('2026-03-01T10:00:00Z');

beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(clock) });
  account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
  clientId = await registerPublicClient(server, REDIRECT);
});
afterAll(() => server.stop());

const refresh = (token: string, extra: Record<string, string | string[]> = {}, id = clientId) =>
  tokenRequest(server, { grant_type: 'refresh_token', client_id: id, refresh_token: token, ...extra });

async function mcpConnects(token: string): Promise<boolean> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  try {
    await client.connect(transport);
    await client.listTools();
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => {});
  }
}

describe('refresh tokens', () => {
  it('rotate on every use; the old access token keeps working until it expires', async () => {
    const first = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).toMatch(/^rcat_rt_/);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect((await restSearch(server, second.body.access_token)).status).toBe(200);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
  });

  it('reuse of a rotated refresh token revokes the whole family', async () => {
    const first = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await restSearch(server, second.body.access_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('belong to their client', async () => {
    const first = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const other = await registerPublicClient(server, REDIRECT, 'Other');
    expect((await refresh(first.refresh_token, {}, other)).body.error).toBe('invalid_grant');
    // The rightful client can still use it (a foreign attempt does not rotate it).
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('can narrow but never widen the scopes', async () => {
    const first = await connect(server, web, { clientId, redirectUri: REDIRECT, scope: 'catalog:read projects:read' });
    expect(first.scope).toBe('catalog:read projects:read');
    const wider = await refresh(first.refresh_token, { scope: 'catalog:read shortlist:write' });
    expect(wider.body.error).toBe('invalid_scope');
    const narrower = await refresh(first.refresh_token, { scope: 'projects:read' });
    expect(narrower.status).toBe(200);
    expect(narrower.body.scope).toBe('projects:read');
    expect((await restSearch(server, narrower.body.access_token)).status).toBe(403);
  });

  it('access tokens are short-lived (controllable clock)', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    clock += 3601_000;
    const res = await restSearch(server, tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const renewed = await refresh(tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await restSearch(server, renewed.body.access_token)).status).toBe(200);
  });

  it('refresh tokens lapse 30 days after issue when not used (controllable clock)', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    clock += 31 * 24 * 3600_000;
    const res = await refresh(tokens.refresh_token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    web = await signedInBrowser(server, account.email); // the web session lapsed too
  });

  it('a refresh token is not an access token', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    expect((await restSearch(server, tokens.refresh_token)).status).toBe(401);
  });
});

describe('audience binding (RFC 8707)', () => {
  it('a token for the MCP endpoint is refused by the REST API, and the reverse', async () => {
    const mcpOnly = await connect(server, web, { clientId, redirectUri: REDIRECT, resource: [`${server.url}/mcp`] });
    const rest = await restSearch(server, mcpOnly.access_token);
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(await mcpConnects(mcpOnly.access_token)).toBe(true);

    const restOnly = await connect(server, web, { clientId, redirectUri: REDIRECT, resource: [server.url] });
    expect((await restSearch(server, restOnly.access_token)).status).toBe(200);
    expect(await mcpConnects(restOnly.access_token)).toBe(false);
  });

  it('several resources (the CLI) or none give a token for both', async () => {
    const both = await connect(server, web, { clientId: 'rcat-cli', redirectUri: 'http://127.0.0.1:40001/callback', resource: [server.url, `${server.url}/mcp`] });
    expect((await restSearch(server, both.access_token)).status).toBe(200);
    expect(await mcpConnects(both.access_token)).toBe(true);
    const none = await connect(server, web, { clientId, redirectUri: REDIRECT });
    expect((await restSearch(server, none.access_token)).status).toBe(200);
    expect(await mcpConnects(none.access_token)).toBe(true);
  });

  it('the token request may narrow the audience but not add one', async () => {
    const { verifier, challenge } = pkce();
    const code = await obtainCode(web, { clientId, redirectUri: REDIRECT, resource: [`${server.url}/mcp`], challenge });
    const widened = await exchangeCode(server, { clientId, code, verifier, redirectUri: REDIRECT, resource: [server.url] });
    expect(widened.status).toBe(400);
    expect(widened.body.error).toBe('invalid_target');
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const narrowed = await refresh(tokens.refresh_token, { resource: `${server.url}/mcp` });
    expect(narrowed.status).toBe(200);
    expect((await restSearch(server, narrowed.body.access_token)).status).toBe(401);
    const foreign = await refresh(narrowed.body.refresh_token, { resource: 'https://evil.example/' });
    expect(foreign.body.error).toBe('invalid_target');
  });
});

describe('revocation (RFC 7009)', () => {
  const revoke = (form: Record<string, string>) =>
    fetch(`${server.url}/api/agent/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

  it('revoking a refresh token ends the whole connection', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    expect((await revoke({ client_id: clientId, token: tokens.refresh_token, token_type_hint: 'refresh_token' })).status).toBe(200);
    expect((await restSearch(server, tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('revoking an access token ends that token; unknown tokens and other clients change nothing', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT });
    const other = await registerPublicClient(server, REDIRECT, 'Other');
    expect((await revoke({ client_id: other, token: tokens.access_token })).status).toBe(200);
    expect((await restSearch(server, tokens.access_token)).status).toBe(200);
    expect((await revoke({ client_id: clientId, token: 'rcat_oa_unknown' })).status).toBe(200);
    expect((await revoke({ client_id: clientId, token: tokens.access_token })).status).toBe(200);
    expect((await restSearch(server, tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('needs a token and a known client', async () => {
    expect((await revoke({ client_id: clientId })).status).toBe(400);
    expect((await revoke({ client_id: 'nobody', token: 'x' })).status).toBe(401);
  });
});

describe('confidential clients', () => {
  it('authenticate with client_secret_basic or client_secret_post, and are refused without the secret', async () => {
    const reg = await register(server, { client_name: 'Web host', redirect_uris: [REDIRECT] });
    expect(reg.status).toBe(201);
    const { client_id, client_secret } = reg.body;
    expect(client_secret).toBeTruthy();
    expect(reg.body.token_endpoint_auth_method).toBe('client_secret_basic');
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`).toString('base64')}`;
    for (const mode of ['basic', 'post', 'none', 'wrong'] as const) {
      const { verifier, challenge } = pkce();
      const code = await obtainCode(web, { clientId: client_id, redirectUri: REDIRECT, challenge });
      const form: Record<string, string> = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT };
      const res =
        mode === 'basic'
          ? await tokenRequest(server, form, { authorization: basic })
          : await tokenRequest(server, { ...form, client_id, ...(mode === 'post' ? { client_secret } : mode === 'wrong' ? { client_secret: 'nope' } : {}) });
      if (mode === 'basic' || mode === 'post') expect(res.status).toBe(200);
      else {
        expect(res.status).toBe(401);
        expect(res.body.error).toBe('invalid_client');
      }
    }
  });
});

describe('grants behind the agent-connections page', () => {
  it('lists the connection with client name and scopes, and revoking it ends every token', async () => {
    const owner = await server.addAccount({ password: PASSWORD });
    const browser = await signedInBrowser(server, owner.email);
    const tokens = await connect(server, browser, { clientId, redirectUri: REDIRECT, scope: 'catalog:read' });
    expect((await restSearch(server, tokens.access_token)).status).toBe(200);
    const grants = await server.deps.services.oauthGrants.list(owner.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ clientId, clientName: 'Test MCP host', scopes: ['catalog:read'], status: 'active', revokedAt: null });
    // "Last used" is batched in memory; flushing it (as the server does on close) records the use.
    const verifier = server.deps.verifiers.find((v) => v instanceof OAuthTokenVerifier) as OAuthTokenVerifier;
    await verifier.lastUsed.flush();
    expect((await server.deps.services.oauthGrants.list(owner.id))[0]!.lastUsedAt).toBe(new Date(clock).toISOString());
    expect(await server.deps.services.oauthGrants.revoke(account.id, grants[0]!.id)).toBe(false); // not theirs
    expect((await restSearch(server, tokens.access_token)).status).toBe(200);
    expect(await server.deps.services.oauthGrants.revoke(owner.id, grants[0]!.id)).toBe(true);
    expect((await restSearch(server, tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await server.deps.services.oauthGrants.list(owner.id))[0]!.status).toBe('revoked');
  });

  it('a disabled account gets 403 with its tokens and no new ones', async () => {
    const owner = await server.addAccount({ password: PASSWORD });
    const browser = await signedInBrowser(server, owner.email);
    const tokens = await connect(server, browser, { clientId, redirectUri: REDIRECT });
    await server.deps.store.accounts.update(owner.id, { disabled: true });
    expect((await restSearch(server, tokens.access_token)).status).toBe(403);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });
});
