// Helpers for the OAuth protocol tests: PKCE pairs, registration, and the authorization code
// flow driven over real HTTP (sign-in form, consent page, token endpoint) like a client would.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './support/server.js';
import { csrfFrom, type PageResponse, WebClient } from './support/web-client.js';

export const PASSWORD = 'oauth test password';

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function register(server: TestServer, metadata: Record<string, unknown>): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${server.url}/api/agent/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export async function registerPublicClient(server: TestServer, redirectUri = 'https://host.example/callback', name = 'Test MCP host'): Promise<string> {
  const res = await register(server, { client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
  expect(res.status).toBe(201);
  return res.body.client_id as string;
}

export async function signedInBrowser(server: TestServer, email: string): Promise<WebClient> {
  const web = new WebClient(server.url);
  expect((await web.signIn(email, PASSWORD)).status).toBe(303);
  return web;
}

export function authorizePath(params: Record<string, string | string[] | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const item of v === undefined ? [] : Array.isArray(v) ? v : [v]) qs.append(k, item);
  return `/en/connect/authorize?${qs}`;
}

export function hiddenField(page: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!match) throw new Error(`no ${name} field on the page`);
  return match[1]!;
}

export interface FlowInput {
  clientId: string;
  redirectUri: string;
  scope?: string;
  resource?: string[];
  state?: string;
  challenge: string;
}

/** GET the authorization endpoint as a signed-in browser; expects the consent page. */
export async function openConsent(web: WebClient, input: FlowInput): Promise<PageResponse> {
  const page = await web.get(
    authorizePath({
      response_type: 'code',
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      scope: input.scope,
      resource: input.resource,
      state: input.state ?? 'st-123',
      code_challenge: input.challenge,
      code_challenge_method: 'S256',
    }),
  );
  expect(page.status).toBe(200);
  return page;
}

export async function decide(web: WebClient, page: PageResponse, decision: 'allow' | 'deny'): Promise<URL> {
  const res = await web.post('/en/connect/authorize', { csrf: csrfFrom(page.text), request: hiddenField(page.text, 'request'), client_id: hiddenField(page.text, 'client_id'), decision });
  expect(res.status).toBe(303);
  return new URL(res.location!);
}

/** Consent + allow; returns the code from the redirect. */
export async function obtainCode(web: WebClient, input: FlowInput): Promise<string> {
  const location = await decide(web, await openConsent(web, input), 'allow');
  const code = location.searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

export async function tokenRequest(server: TestServer, form: Record<string, string | string[] | undefined>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const item of v === undefined ? [] : Array.isArray(v) ? v : [v]) body.append(k, item);
  const res = await fetch(`${server.url}/api/agent/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

export async function exchangeCode(server: TestServer, input: { clientId: string; code: string; verifier: string; redirectUri?: string; resource?: string[] }) {
  return tokenRequest(server, {
    grant_type: 'authorization_code',
    client_id: input.clientId,
    code: input.code,
    code_verifier: input.verifier,
    redirect_uri: input.redirectUri,
    resource: input.resource,
  });
}

/** Whole flow for a public client; returns the token response body. */
export async function connect(server: TestServer, web: WebClient, input: Omit<FlowInput, 'challenge'>): Promise<Record<string, any>> {
  const { verifier, challenge } = pkce();
  const code = await obtainCode(web, { ...input, challenge });
  const res = await exchangeCode(server, { clientId: input.clientId, code, verifier, redirectUri: input.redirectUri });
  expect(res.status).toBe(200);
  return res.body;
}

export async function restSearch(server: TestServer, token: string): Promise<Response> {
  return fetch(`${server.url}/api/agent/catalog/search?query=microscope`, { headers: { authorization: `Bearer ${token}` } });
}
