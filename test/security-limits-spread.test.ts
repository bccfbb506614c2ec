// Issue 8, security: the limits cannot be bypassed by spreading requests across tokens (two
// agent tokens and an OAuth token of one account) and interfaces (REST, /mcp tools and the
// website's record pages). A standard account gets 30 requests a minute in all, whichever way
// they arrive; the 31st is refused on every path, and GET /api/agent/usage agrees with what
// was admitted. The clock is controlled, so the minute cannot roll over during the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from './limits-helpers.js';
import { catalogueFile, microscopes, rawMcp, toolCallMessage } from './support/mcp-client.js';
import { startTestServer, tempDir, type TestServer } from './support/server.js';
import type { WebClient } from './support/web-client.js';
import { connect, PASSWORD, registerPublicClient, signedInBrowser } from './oauth-support.js';

const REDIRECT = 'https://host.example/callback';
let server: TestServer;
let web: WebClient;
let agentA: string;
let agentB: string;
let oauthToken: string;
let recordId: string;

beforeAll(async () => {
  const clock = new TestClock('2026-11-22T10:00:05.000Z');
  server = await startTestServer({ cataloguePath: catalogueFile(tempDir(), microscopes(5)), limits: 'variant-b' }, { now: clock.now });
  const account = await server.addAccount({ password: PASSWORD });
  web = await signedInBrowser(server, account.email);
  agentA = await server.token(account);
  agentB = await server.token(account, ['catalog:read']);
  oauthToken = (await connect(server, web, { clientId: await registerPublicClient(server, REDIRECT), redirectUri: REDIRECT })).access_token;
  recordId = server.deps.services.catalogue.search('microscope').results[0]!.id;
});
afterAll(() => server.stop());

type Outcome = 'admitted' | 'refused';
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

async function viaRest(token: string): Promise<Outcome> {
  const res = await fetch(`${server.url}/api/agent/catalog/record?id=${encodeURIComponent(recordId)}`, { headers: bearer(token) });
  await res.arrayBuffer();
  if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  else expect(res.status).toBe(200);
  return res.status === 200 ? 'admitted' : 'refused';
}

async function viaMcp(token: string): Promise<Outcome> {
  const res = await rawMcp(server.url, { token, body: toolCallMessage('search', { query: 'microscope' }) });
  expect(res.status).toBe(200);
  const { result } = (await res.json()) as { result: { isError?: boolean; _meta?: Record<string, { code: string }> } };
  if (result.isError) expect(result._meta?.['rcat/error']?.code).toBe('rate_limited');
  return result.isError ? 'refused' : 'admitted';
}

async function viaPage(): Promise<Outcome> {
  const [type, uuid] = recordId.split(':');
  const res = await web.get(`/en/catalogue/${type}/${uuid}`);
  if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  else expect(res.status).toBe(200);
  return res.status === 200 ? 'admitted' : 'refused';
}

describe('spreading requests across tokens and interfaces', () => {
  it('one account gets 30 requests a minute in all; the 31st is refused on every path', async () => {
    const paths: [string, () => Promise<Outcome>][] = [
      ['REST, agent token A', () => viaRest(agentA)],
      ['REST, agent token B', () => viaRest(agentB)],
      ['REST, OAuth token', () => viaRest(oauthToken)],
      ['/mcp, agent token A', () => viaMcp(agentA)],
      ['/mcp, OAuth token', () => viaMcp(oauthToken)],
      ['record page, session', () => viaPage()],
    ];
    const outcomes: string[] = [];
    // Round-robin, 5 rounds of 6 = 30: every path is used before the budget runs out.
    for (let i = 0; i < 30; i++) {
      const [name, send] = paths[i % paths.length]!;
      outcomes.push(`${name}: ${await send()}`);
    }
    expect(outcomes.filter((o) => o.endsWith('refused'))).toEqual([]);
    for (const [name, send] of paths) expect(`${name}: ${await send()}`).toBe(`${name}: refused`);

    // The ledger agrees: 30 requests used, whichever token asks.
    for (const token of [agentA, agentB, oauthToken]) {
      const usage = await (await fetch(`${server.url}/api/agent/usage`, { headers: bearer(token) })).json();
      expect(usage.account.windows.minute).toMatchObject({ used: 30, limit: 30, remaining: 0 });
    }
  });
});
