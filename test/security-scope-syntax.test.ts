// Duplicate and malformed scopes are refused, never silently fixed (one strict reader,
// src/shared/scopes.ts): in an OAuth authorization request and a refresh request (RFC 6749
// section 3.3: scope tokens separated by single spaces) and in the agent-connections form.
// Nothing is minted for a refused request. (Operator commands: test/admin-commands.test.ts
// "usage error: a repeated scope …"; registration: test/security-registration.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { csrfFrom, type WebClient } from './support/web-client.js';
import { authorizePath, connect, PASSWORD, pkce, registerPublicClient, signedInBrowser, tokenRequest } from './oauth-support.js';

let server: TestServer;
let web: WebClient;
let accountId: string;
let clientId: string;
const REDIRECT = 'https://host.example/callback';

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.addAccount({ password: PASSWORD });
  accountId = account.id;
  web = await signedInBrowser(server, account.email);
  clientId = await registerPublicClient(server, REDIRECT);
});
afterAll(() => server.stop());

const MALFORMED = ['catalog:read catalog:read', ' catalog:read', 'catalog:read ', 'catalog:read  projects:read', 'catalog:read\tprojects:read', 'catalog:read,projects:read', ' '];

describe('OAuth requests', () => {
  it.each(MALFORMED)('an authorization request with scope %j is invalid_scope and shows no consent', async (scope) => {
    const res = await web.get(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope, state: 'st', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(res.status).toBe(302);
    const location = new URL(res.location!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('st');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('an empty scope counts as omitted (RFC 6749 section 3.1): the consent page asks for every scope', async () => {
    const res = await web.get(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: '', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    expect(res.status).toBe(200);
    for (const scope of ['catalog:read', 'projects:read', 'shortlist:write']) expect(res.text).toContain(`<code>${scope}</code>`);
  });

  it('a refresh request with a repeated or malformed scope is invalid_scope; the refresh token still works', async () => {
    const tokens = await connect(server, web, { clientId, redirectUri: REDIRECT, scope: 'catalog:read projects:read' });
    for (const scope of MALFORMED.filter((s) => s.trim() !== '')) {
      const res = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token, scope });
      expect(res.status, scope).toBe(400);
      expect(res.body.error).toBe('invalid_scope');
      expect(res.body.access_token).toBeUndefined();
    }
    const narrowed = await tokenRequest(server, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token, scope: 'catalog:read' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('catalog:read');
  });
});

describe('the agent-connections form', () => {
  it('a permission sent twice creates no token; once each, it does', async () => {
    const page = await web.get('/en/account/agent-connections');
    const before = (await server.deps.store.agentTokens.listForAccount(accountId)).length;
    const twice = await web.post('/en/account/agent-connections', { csrf: csrfFrom(page.text), label: 'laptop', scope: ['catalog:read', 'catalog:read'] });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('Choose each permission once');
    expect(twice.text).not.toContain('rcat_at_');
    expect((await server.deps.store.agentTokens.listForAccount(accountId)).length).toBe(before);
    const once = await web.post('/en/account/agent-connections', { csrf: csrfFrom(page.text), label: 'laptop', scope: ['catalog:read', 'projects:read'] });
    expect(once.status).toBe(201);
    expect((await server.deps.store.agentTokens.listForAccount(accountId)).length).toBe(before + 1);
  });
});
