// Dynamic client registration (RFC 7591) is an unauthenticated write: every field is bounded and
// well formed, look-alikes of the CLI's name are refused, and registrations nobody used are
// capped per network and lapse after a day — over real HTTP, with a controllable clock.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import type { WebClient } from './support/web-client.js';
import { authorizePath, obtainCode, PASSWORD, pkce, signedInBrowser } from './oauth-support.js';

let server: TestServer;
let web: WebClient;
let clock = Date.parse('2026-05-01T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const REDIRECT = 'https://host.example/callback';

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true }, { now: () => new Date(clock) });
  web = await signedInBrowser(server, (await server.addAccount({ password: PASSWORD })).email);
});
afterAll(() => server.stop());

/** A registration from the network of `ip` (the server trusts X-Forwarded-For here). */
async function register(body: string | Record<string, unknown>, ip = '203.0.113.1') {
  const res = await fetch(`${server.url}/api/agent/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

const host = (extra: Record<string, unknown> = {}) => ({ client_name: 'Test host', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...extra });

function storedClients(): number {
  const state = JSON.parse(readFileSync(path.join(server.dataDir, 'state.json'), 'utf8')) as { oauthClients?: unknown[] };
  return state.oauthClients?.length ?? 0;
}

async function expectRefused(body: string | Record<string, unknown>, error = 'invalid_client_metadata', ip?: string): Promise<void> {
  const before = storedClients();
  const res = await register(body, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toBe(error);
  expect(res.body.client_id).toBeUndefined();
  expect(storedClients()).toBe(before);
}

describe('what a registration may contain', () => {
  it('bounds each field and the whole registration; values at the bounds are accepted', async () => {
    const long = (n: number) => `https://host.example/${'a'.repeat(n - 'https://host.example/'.length)}`;
    const atBounds = host({
      client_name: 'N'.repeat(100),
      redirect_uris: [long(512)],
      client_uri: long(512),
      scope: 'catalog:read projects:read shortlist:write',
      contacts: ['ops@host.example'],
      software_id: 'S'.repeat(100),
    });
    expect((await register(atBounds, '203.0.113.10')).status).toBe(201);
    await expectRefused(host({ client_name: 'N'.repeat(101) }));
    await expectRefused(host({ redirect_uris: [long(513)] }), 'invalid_redirect_uri');
    await expectRefused(host({ redirect_uris: Array.from({ length: 11 }, (_, i) => `${REDIRECT}${i}`) }));
    await expectRefused(host({ client_uri: long(513) }));
    await expectRefused(host({ logo_uri: 'javascript:alert(1)' }));
    await expectRefused(host({ policy_uri: 'not a url' }));
    await expectRefused(host({ scope: 'x'.repeat(201) }));
    await expectRefused(host({ contacts: Array.from({ length: 6 }, (_, i) => `c${i}@host.example`) }));
    await expectRefused(host({ contacts: ['a\u0000b'] }));
    await expectRefused(host({ software_version: 'v'.repeat(101) }));
    // Ten redirect URIs of 500 characters each pass one by one, not together (4 KiB as stored).
    await expectRefused(host({ redirect_uris: Array.from({ length: 10 }, (_, i) => long(500).slice(0, -1) + i) }));
    await expectRefused('{"client_name": "x", "redirect_uris": ["' + REDIRECT + '"], "jwks": "' + 'j'.repeat(17 * 1024) + '"}');
  });

  it('refuses text that is not Unicode scalar values: lone surrogates and bytes that are not UTF-8', async () => {
    const json = (field: string, value: string) => `{"redirect_uris": ["${REDIRECT}"], "token_endpoint_auth_method": "none", "client_name": "Host", "${field}": ${value}}`;
    await expectRefused(json('client_name', '"Host \\ud800"'));
    await expectRefused(json('scope', '"catalog:read\\udfff"'));
    await expectRefused(json('contacts', '["a\\ud83d@host.example"]'));
    await expectRefused(json('software_id', '"\\udc00"'));
    await expectRefused(`{"redirect_uris": ["${REDIRECT}\\ud800"], "client_name": "Host"}`, 'invalid_client_metadata');
    await expectRefused(`{"redirect_uris": ["${REDIRECT}"], "client_name": "Host", "x\\ud800": 1}`);
    for (const bytes of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
      const body = Buffer.concat([Buffer.from(`{"redirect_uris": ["${REDIRECT}"], "client_name": "Host `), Buffer.from(bytes), Buffer.from('"}')]);
      const res = await fetch(`${server.url}/api/agent/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.1' }, body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_client_metadata');
    }
    // Well-formed text beyond ASCII is fine.
    expect((await register(host({ client_name: 'Éditeur 日本語 🧪' }), '203.0.113.11')).status).toBe(201);
  });

  it('refuses duplicate and malformed scopes instead of fixing them', async () => {
    await expectRefused(host({ scope: 'catalog:read catalog:read' }));
    await expectRefused(host({ scope: ' catalog:read' }));
    await expectRefused(host({ scope: 'catalog:read  projects:read' }));
    await expectRefused(host({ scope: 'catalog:read ' }));
    expect((await register(host({ scope: 'catalog:read projects:read' }), '203.0.113.12')).body.scope).toBe('catalog:read projects:read');
  });

  it('refuses names that imitate the CLI, and invisible or formatting characters in any name', async () => {
    const lookAlikes = [
      'rcat command-line tool',
      'rcat command\u2011line tool', // non-breaking hyphen
      'rcat command\u2010line tool',
      'RCAT Command Line Tool',
      'rcat command-line tool.',
      'rcat command-line tool...',
      'rcat  command-line  tool',
      'rcat\u00a0command-line\u00a0tool',
      'rc\u0430t command-line tool', // Cyrillic a
      'rcat \u0441\u043emmand-line t\u043e\u043el', // Cyrillic c, o
      'rcat command-line \u0422\u043e\u043e\u04cf', // a last word in Cyrillic letters only
      'ｒｃａｔ command-line tool', // fullwidth
      'rcat comrnand-line tool',
      'rcat command-Iine tool',
      'rcat c0mmand-line t00l',
      'rcat command-line tool (official)',
      'rcat CLI',
      'rcat',
    ];
    for (const name of lookAlikes) await expectRefused(host({ client_name: name }));
    const invisible = ['rcat\u200b tool', 'Host\u200d', 'Host\u2060', 'Ho\u00adst', 'Host\ufeff', 'Host\u202e', 'Host\u2066x\u2069', 'Host\u{e0041}', 'Host\u2028x', 'Host\u0085', 'Host\ue000'];
    for (const name of invisible) await expectRefused(host({ client_name: name }));
    for (const [i, name] of ['Claude Desktop', 'Visual Studio Code', 'Cursor (для Windows)', '日本語クライアント', 'Zed 0.150', 'My rcat helper'].entries()) {
      expect((await register(host({ client_name: name }), `203.0.113.${20 + i}`)).status, name).toBe(201);
    }
  });
});

describe('registrations nobody used', () => {
  it('are capped at 30 per network: the next gets 429 with Retry-After until the oldest lapses; other networks go on', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) expect((await register(host(), ip)).status).toBe(201);
    const before = storedClients();
    const refused = await register(host(), ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(24 * 60 * 60));
    expect(refused.body.error).toBe('too_many_requests');
    expect(storedClients()).toBe(before);
    expect((await register(host(), '198.51.100.8')).status).toBe(201);
    clock += 60 * 60 * 1000;
    expect((await register(host(), ip)).headers.get('retry-after')).toBe(String(23 * 60 * 60));
    clock += 23 * 60 * 60 * 1000;
    expect((await register(host(), ip)).status).toBe(201);
  });

  it('a registration that led to an authorization no longer counts, and stays; an unused one lapses after a day', async () => {
    const ip = '198.51.100.20';
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await register(host(), ip)).body.client_id as string);
    expect((await register(host(), ip)).status).toBe(429);
    web = await signedInBrowser(server, (await server.addAccount({ password: PASSWORD })).email); // sessions follow the clock
    await obtainCode(web, { clientId: ids[0]!, redirectUri: REDIRECT, challenge: pkce().challenge });
    expect((await register(host(), ip)).status).toBe(201);
    clock += DAY + 1000;
    const browser = await signedInBrowser(server, (await server.addAccount({ password: PASSWORD })).email); // the old session has lapsed too
    const authorize = (clientId: string) => browser.get(authorizePath({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    const lapsed = await authorize(ids[1]!);
    expect(lapsed.status).toBe(400);
    expect(lapsed.text).toContain('not registered');
    expect((await authorize(ids[0]!)).status).toBe(200);
    // The lapsed ones are deleted by the next registration: the store does not keep growing.
    const before = storedClients();
    expect((await register(host(), '198.51.100.21')).status).toBe(201);
    expect(storedClients()).toBeLessThan(before);
  });
});
